// Reading JSON that users hand to meshgate (dumps, evidence reports, locks):
// the one parser every such reader uses, and checked access to what it gives.
//
// read_json() builds the document through nlohmann's SAX interface with our
// own handler, so that before any value is stored it refuses
// - nesting deeper than kMaxJsonDepth arrays and objects (the DOM, its copies,
//   dump() and the schema check all recurse per level; 100,000 nested arrays
//   overflowed the stack of `build`),
// - a key given twice in one object (nlohmann keeps the last one silently: a
//   fake "sha256" before the real one passed the gate),
// and says where: "/files/0: key \"sha256\" appears twice". A syntax error is
// nlohmann's message cut to a line (it quotes the whole token read so far).
//
// JsonRef then reads a parsed document with every access checked (the key is
// there, the type is right), naming the key path on failure by throwing
// JsonInputError; no `const json::operator[]` on a key that may be missing.
#pragma once

#include <cstdint>
#include <functional>
#include <istream>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "parser/core/utf8_text.hpp"  // cut_text: keys and values in messages are cut

namespace meshgate {

// Documents nest a few levels (a dump: dump > items > item > elements > lanes,
// plus three per nested archive); 64 is far above any meshgate writes.
inline constexpr size_t kMaxJsonDepth = 64;

struct JsonRead {
  std::optional<nlohmann::json> value;
  std::string error;  // "line 3, column 7: ..." or "/items/2: nesting deeper than 64 levels"
};
[[nodiscard]] JsonRead read_json(std::string_view text, size_t max_depth = kMaxJsonDepth);

// read_json of a stream, except that each element of the root object's
// array `key` is handed to `element` as soon as it is read and not kept (the
// document comes back with that array empty): a lock of a whole install is
// read an entry at a time. `element` returns false to stop the read (it
// fails, "/key/N: refused").
using JsonElementReader = std::function<bool(nlohmann::json&& element)>;
[[nodiscard]] JsonRead read_json_diverting(std::istream& text, std::string_view key, const JsonElementReader& element,
                                           size_t max_depth = kMaxJsonDepth);

// A failed checked access: what() is "PATH: why".
class JsonInputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A value of a parsed document with the key path that reached it ("/items/3/value").
// Paths are short: keys are cut (cut_text) and depth is bounded by read_json.
class JsonRef {
 public:
  JsonRef(const nlohmann::json& value, std::string path) : value_(&value), path_(std::move(path)) {}

  [[nodiscard]] const nlohmann::json& json() const { return *value_; }
  [[nodiscard]] const std::string& path() const { return path_; }
  [[nodiscard]] std::string where() const { return path_.empty() ? "/" : path_; }

  [[nodiscard]] bool has(std::string_view key) const;             // an object holding `key`
  [[nodiscard]] JsonRef at(std::string_view key) const;          // the member, or JsonInputError
  [[nodiscard]] JsonRef at(size_t index) const;                  // the element, or JsonInputError
  [[nodiscard]] size_t size() const;                             // of an array, or JsonInputError
  [[nodiscard]] const std::string& str() const;
  [[nodiscard]] uint64_t u64() const;
  [[nodiscard]] double number() const;
  [[nodiscard]] bool is_null() const { return value_->is_null(); }

  [[noreturn]] void fail(const std::string& why) const;

 private:
  void expect(bool ok, const char* expected) const;
  const nlohmann::json* value_;
  std::string path_;
};

}  // namespace meshgate
