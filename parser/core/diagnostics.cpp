#include "parser/core/diagnostics.hpp"

#include <algorithm>
#include <cstdio>

#include "parser/core/utf8_text.hpp"

namespace meshgate {

std::string_view severity_name(Severity s) { return s == Severity::error ? "error" : "warning"; }

std::string hex_offset(uint64_t value) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(value));
  return buf;
}

std::string format_diagnostic(std::string_view file, const Diagnostic& d) {
  std::string out;
  out.append(file).append(":").append(hex_offset(d.offset)).append(": ");
  out.append(severity_name(d.severity)).append(" ").append(d.code);
  if (!d.path.empty()) out.append(" at ").append(d.path);
  out.append(": ").append(d.message);
  return display_text(out);  // file names, entry names and values from the file: one line, no control characters
}

void Diagnostics::report(const DiagnosticCode& code, std::string path, uint64_t offset, std::string message) {
  report_as(code, code.severity, std::move(path), offset, std::move(message));
}

void Diagnostics::report_as(const DiagnosticCode& code, Severity requested, std::string path, uint64_t offset,
                            std::string message) {
  Severity severity = strict_ ? Severity::error : requested;
  if (severity == Severity::error) has_error_ = true;
  items_.push_back(Diagnostic{code.code, severity, std::move(path), offset, std::move(message)});
}

bool Diagnostics::contains(std::string_view code) const {
  return std::any_of(items_.begin(), items_.end(), [&](const Diagnostic& d) { return d.code == code; });
}

const DiagnosticCode* find_code(std::span<const DiagnosticCode> registry, std::string_view code) {
  for (const auto& c : registry)
    if (c.code == code) return &c;
  return nullptr;
}

}  // namespace meshgate
