// JSON text appended to a string exactly as nlohmann::json::dump(1) writes
// it, without first building the values as JSON: a dump of a 4 KiB model
// built a JSON object per item and a string per dump() call (two thirds of
// the 42,000 allocations model_change_fuzzer made per input). Plain ASCII
// strings and numbers are written here; anything else (escapes, UTF-8,
// arrays and objects) goes through nlohmann itself, so the bytes never
// differ from dump()'s and invalid UTF-8 still throws as it would there.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace meshgate::json_text {

// A string's contents as dump() escapes them, without the quotes.
void append_escaped(std::string& out, std::string_view text);
inline void append_string(std::string& out, std::string_view text) {
  out += '"';
  append_escaped(out, text);
  out += '"';
}
void append_number(std::string& out, uint64_t value);
void append_number(std::string& out, int64_t value);
// nlohmann's shortest form ("1.0", "0.0001", "1e+20"); "null" if not finite, as dump() writes it.
void append_number(std::string& out, double value);
// A newline and `indent` spaces (dump(1)'s line break at that depth).
inline void append_newline(std::string& out, int indent) {
  out += '\n';
  out.append(static_cast<size_t>(indent), ' ');
}
// "KEY": after a comma unless `first`, on a line of its own at `indent`.
void append_key(std::string& out, std::string_view key, int indent, bool first);
// value.dump(1) as it reads nested `indent` levels deep (lines after its first indented by `indent`).
void append_value(std::string& out, const nlohmann::json& value, int indent);

}  // namespace meshgate::json_text
