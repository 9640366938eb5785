#include "parser/core/utf8_text.hpp"

#include <cstdint>
#include <cstdio>

namespace meshgate {

namespace {

// Length of the valid UTF-8 sequence starting at s[i] (RFC 3629: no overlong
// forms, no surrogates, nothing above U+10FFFF), or 0 when there is none.
size_t valid_sequence(std::string_view s, size_t i) {
  const auto byte = [&](size_t k) { return static_cast<uint8_t>(s[k]); };
  const uint8_t b0 = byte(i);
  if (b0 < 0x80) return 1;
  size_t n = 0;
  uint8_t lo = 0x80, hi = 0xBF;  // allowed range of the second byte
  if (b0 >= 0xC2 && b0 <= 0xDF) n = 2;
  else if (b0 == 0xE0) n = 3, lo = 0xA0;
  else if (b0 >= 0xE1 && b0 <= 0xEC) n = 3;
  else if (b0 == 0xED) n = 3, hi = 0x9F;
  else if (b0 >= 0xEE && b0 <= 0xEF) n = 3;
  else if (b0 == 0xF0) n = 4, lo = 0x90;
  else if (b0 >= 0xF1 && b0 <= 0xF3) n = 4;
  else if (b0 == 0xF4) n = 4, hi = 0x8F;
  else return 0;
  if (i + n > s.size() || byte(i + 1) < lo || byte(i + 1) > hi) return 0;
  for (size_t k = 2; k < n; ++k)
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
  return n;
}

// True when s[i..] is the start of a valid UTF-8 sequence that the end of s
// cut short: the bytes present are all allowed, only the last ones are missing.
bool cut_short(std::string_view s, size_t i) {
  std::string padded(s.substr(i));
  // Complete it with the smallest continuation byte its lead allows and ask again.
  const auto b0 = static_cast<uint8_t>(padded[0]);
  const size_t n = b0 >= 0xC2 && b0 <= 0xDF ? 2 : b0 >= 0xE0 && b0 <= 0xEF ? 3 : b0 >= 0xF0 && b0 <= 0xF4 ? 4 : 0;
  if (n == 0 || padded.size() >= n) return false;
  const char lowest = b0 == 0xE0 ? '\xA0' : b0 == 0xF0 ? '\x90' : '\x80';
  if (padded.size() == 1) padded += lowest;
  while (padded.size() < n) padded += '\x80';
  return valid_sequence(padded, 0) == n;
}

void append_escape(std::string& out, const char* form, unsigned value) {
  char escaped[8];
  std::snprintf(escaped, sizeof escaped, form, value);
  out += escaped;
}

}  // namespace

size_t append_display_text(std::string& out, std::string_view text, LineBreaks breaks, bool more) {
  size_t i = 0;
  while (i < text.size()) {
    const auto b = static_cast<uint8_t>(text[i]);
    const size_t n = valid_sequence(text, i);
    if (n == 1) {
      const bool kept = breaks == LineBreaks::kept && (b == '\n' || b == '\t');
      if ((b < 0x20 || b == 0x7F) && !kept) append_escape(out, "\\u%04X", b);
      else out += static_cast<char>(b);
    } else if (n == 2 && b == 0xC2 && static_cast<uint8_t>(text[i + 1]) <= 0x9F) {
      append_escape(out, "\\u%04X", static_cast<uint8_t>(text[i + 1]));  // C1: U+0080..U+009F
    } else if (n != 0) {
      out.append(text.substr(i, n));
    } else if (more && cut_short(text, i)) {
      return i;
    } else {
      append_escape(out, "\\x%02X", b);
      i += 1;
      continue;
    }
    i += n;
  }
  return i;
}

std::string display_text(std::string_view text, LineBreaks breaks) {
  std::string out;
  out.reserve(text.size());
  append_display_text(out, text, breaks, false);
  return out;
}

namespace {

// `at` moved back to the start of the UTF-8 sequence it lies in, if any.
size_t sequence_start(std::string_view text, size_t at) {
  while (at > 0 && at < text.size() && (static_cast<uint8_t>(text[at]) & 0xC0) == 0x80) --at;
  return at;
}

}  // namespace

std::string cut_text(std::string_view text, size_t max_bytes) {
  if (text.size() <= max_bytes) return std::string(text);
  return std::string(text.substr(0, sequence_start(text, max_bytes))) + "... (" + std::to_string(text.size()) + " bytes)";
}

std::string display_name(std::string_view name, size_t max_bytes) {
  if (name.size() <= max_bytes) return display_text(name);
  const size_t head = sequence_start(name, max_bytes * 2 / 3);
  const size_t tail = sequence_start(name, name.size() - max_bytes / 3);
  return display_text(name.substr(0, head)) + "..." + display_text(name.substr(tail));
}

std::string utf8_or_escaped(std::string_view bytes, std::string_view also_escaped) {
  std::string out;
  out.reserve(bytes.size());
  for (size_t i = 0; i < bytes.size();) {
    if (bytes[i] == '\\') {
      out += "\\\\";
      ++i;
    } else if (const size_t n = valid_sequence(bytes, i); n != 0 && also_escaped.find(bytes[i]) == std::string_view::npos) {
      out.append(bytes.substr(i, n));
      i += n;
    } else {
      char escaped[5];
      std::snprintf(escaped, sizeof escaped, "\\x%02X", static_cast<unsigned>(static_cast<uint8_t>(bytes[i])));
      out += escaped;
      ++i;
    }
  }
  return out;
}

}  // namespace meshgate
