#include "pipeline/json_text.hpp"

#include <array>
#include <charconv>
#include <cmath>

namespace meshgate::json_text {

void append_escaped(std::string& out, std::string_view text) {
  for (const char c : text) {
    if (c < 0x20 || c > 0x7e || c == '"' || c == '\\') {  // an escape or UTF-8: nlohmann's own rules
      const std::string quoted = nlohmann::json(std::string(text)).dump();
      out.append(quoted, 1, quoted.size() - 2);
      return;
    }
  }
  out.append(text);
}

namespace {
template <typename Integer>
void append_integer(std::string& out, Integer value) {
  std::array<char, 24> digits{};
  out.append(digits.data(), std::to_chars(digits.begin(), digits.end(), value).ptr);
}
}  // namespace

void append_number(std::string& out, uint64_t value) { append_integer(out, value); }
void append_number(std::string& out, int64_t value) { append_integer(out, value); }

void append_number(std::string& out, double value) {
  if (!std::isfinite(value)) {
    out += "null";
    return;
  }
  std::array<char, 64> digits{};  // the serializer's own buffer size
  out.append(digits.data(), nlohmann::detail::to_chars(digits.data(), digits.data() + digits.size(), value));
}

void append_key(std::string& out, std::string_view key, int indent, bool first) {
  if (!first) out += ',';
  append_newline(out, indent);
  append_string(out, key);
  out += ": ";
}

void append_value(std::string& out, const nlohmann::json& value, int indent) {
  switch (value.type()) {
    case nlohmann::json::value_t::string: return append_string(out, value.get_ref<const std::string&>());
    case nlohmann::json::value_t::number_unsigned: return append_number(out, value.get<uint64_t>());
    case nlohmann::json::value_t::number_integer: return append_number(out, value.get<int64_t>());
    case nlohmann::json::value_t::number_float: return append_number(out, value.get<double>());
    case nlohmann::json::value_t::boolean: out += value.get<bool>() ? "true" : "false"; return;
    case nlohmann::json::value_t::null: out += "null"; return;
    default: break;
  }
  const std::string text = value.dump(1);
  size_t from = 0;
  for (size_t nl = text.find('\n'); nl != std::string::npos; nl = text.find('\n', from)) {
    out.append(text, from, nl + 1 - from);
    out.append(static_cast<size_t>(indent), ' ');
    from = nl + 1;
  }
  out.append(text, from);
}

}  // namespace meshgate::json_text
