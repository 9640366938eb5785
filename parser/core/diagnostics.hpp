// Diagnostics are values: a stable code, a severity, the field path, the file
// offset and a sentence the user can act on. Codes only ever grow; they are
// never renamed or reused (simdjson's error table habit), and each format keeps
// its codes in one registry that a test checks against the negative fixtures.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace meshgate {

enum class Severity : uint8_t { error, warning };

[[nodiscard]] std::string_view severity_name(Severity s);

// One entry of a format's code registry.
struct DiagnosticCode {
  std::string_view code;  // "mod.mesh-stream-out-of-bounds"
  Severity severity;
  std::string_view summary;  // what it means, for docs and --list-codes
};

struct Diagnostic {
  // Static text: a DiagnosticCode's code or a literal (codes are a fixed
  // registry), so a diagnostic costs no allocation for its code.
  std::string_view code;
  Severity severity;
  std::string path;  // "objects[2].meshes[0].positions_offset"
  uint64_t offset;   // file offset of the field (or of the byte that broke the rule)
  std::string message;

  friend bool operator==(const Diagnostic&, const Diagnostic&) = default;
};

// "file:0x90: error mod.mesh-stream-out-of-bounds at objects[0].meshes[0].positions_offset: ..."
[[nodiscard]] std::string format_diagnostic(std::string_view file, const Diagnostic& d);

[[nodiscard]] std::string hex_offset(uint64_t value);

// Collects warnings; the first error ends the parse (the parser checks
// has_error() and unwinds). `strict` turns every warning into an error, the
// LLVM warning-handler-the-caller-can-escalate habit.
class Diagnostics {
 public:
  explicit Diagnostics(bool strict = false) : strict_(strict) {}

  void report(const DiagnosticCode& code, std::string path, uint64_t offset, std::string message);
  // For codes whose severity depends on a profile (NRes strict vs compatible).
  void report_as(const DiagnosticCode& code, Severity severity, std::string path, uint64_t offset,
                 std::string message);

  // Parser conveniences: reject() reports and returns false (stop); warn()
  // reports and returns whether parsing may go on (false once --strict has
  // escalated it to an error).
  bool reject(const DiagnosticCode& code, std::string path, uint64_t offset, std::string message) {
    report(code, std::move(path), offset, std::move(message));
    return false;
  }
  bool warn(const DiagnosticCode& code, std::string path, uint64_t offset, std::string message) {
    report(code, std::move(path), offset, std::move(message));
    return !has_error_;
  }

  [[nodiscard]] bool has_error() const { return has_error_; }
  [[nodiscard]] const std::vector<Diagnostic>& items() const { return items_; }
  [[nodiscard]] bool contains(std::string_view code) const;
  [[nodiscard]] std::vector<Diagnostic> take() { return std::move(items_); }

 private:
  std::vector<Diagnostic> items_;
  bool has_error_ = false;
  bool strict_ = false;
};

[[nodiscard]] const DiagnosticCode* find_code(std::span<const DiagnosticCode> registry, std::string_view code);

}  // namespace meshgate
