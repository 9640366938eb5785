#include "pipeline/size_text.hpp"

#include <algorithm>
#include <array>
#include <numeric>
#include <optional>

#include "parser/core/checked_math.hpp"

namespace meshgate {

namespace {

struct Unit {
  std::string_view name;
  uint64_t bytes;
};

constexpr uint64_t kKi = 1024, kK = 1000;
constexpr std::array kUnits = {
    Unit{"", 1},          Unit{"B", 1},
    Unit{"k", kKi},       Unit{"K", kKi},       Unit{"KiB", kKi},
    Unit{"M", kKi * kKi}, Unit{"MiB", kKi * kKi},
    Unit{"G", kKi * kKi * kKi}, Unit{"GiB", kKi * kKi * kKi},
    Unit{"T", kKi * kKi * kKi * kKi}, Unit{"TiB", kKi * kKi * kKi * kKi},
    Unit{"kB", kK},       Unit{"KB", kK},
    Unit{"MB", kK * kK},  Unit{"GB", kK * kK * kK}, Unit{"TB", kK * kK * kK * kK},
};

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// The decimal digits at the front of `text`, consumed; false on an overflow of 64 bits.
bool take_digits(std::string_view& text, uint64_t& value, size_t& count) {
  value = 0;
  count = 0;
  while (count < text.size() && is_digit(text[count])) {
    const std::optional<uint64_t> tens = checked_mul(value, 10);
    const std::optional<uint64_t> next = tens ? checked_add(*tens, static_cast<uint64_t>(text[count] - '0')) : std::nullopt;
    if (!next) return false;
    value = *next;
    ++count;
  }
  text.remove_prefix(count);
  return true;
}

SizeText refused(std::string_view text, std::string_view why) {
  // Appended, not concatenated: GCC 12 misreads `"\"" + std::string(text)` as a huge copy (stringop-overflow).
  SizeText out;
  out.error.append(1, '"').append(text).append("\" is not a size: ").append(why);
  return out;
}

}  // namespace

SizeText parse_size_text(std::string_view text) {
  std::string_view rest = text;
  if (!rest.empty() && (rest[0] == '-' || rest[0] == '+')) return refused(text, "a size has no sign");
  uint64_t whole = 0, fraction = 0;
  size_t whole_digits = 0, fraction_digits = 0;
  if (!take_digits(rest, whole, whole_digits)) return refused(text, "more than 2^64-1 bytes");
  const bool has_point = !rest.empty() && rest[0] == '.';
  if (has_point) {
    rest.remove_prefix(1);
    const size_t count = static_cast<size_t>(std::find_if_not(rest.begin(), rest.end(), is_digit) - rest.begin());
    std::string_view digits = rest.substr(0, count);
    rest.remove_prefix(count);
    if (count == 0) return refused(text, "no digit after the point");
    while (!digits.empty() && digits.back() == '0') digits.remove_suffix(1);  // "1.50k" is "1.5k"
    // 10^19 is the largest power of ten in 64 bits; no unit makes a longer fraction whole in practice.
    if (digits.size() > 19) return refused(text, "too many digits after the point to be whole bytes");
    (void)take_digits(digits, fraction, fraction_digits);  // at most 19 digits: no overflow
  }
  if (whole_digits == 0)
    return refused(text, has_point ? std::string("no digit before the point")
                                   : std::string("it does not start with a number (").append(kSizeUnitsText).append(")"));
  while (!rest.empty() && rest[0] == ' ') rest.remove_prefix(1);  // "64 MiB"
  const auto unit = std::find_if(kUnits.begin(), kUnits.end(), [&](const Unit& u) { return u.name == rest; });
  if (unit == kUnits.end()) {
    std::string why = "unknown unit \"";
    why.append(rest).append("\" (").append(kSizeUnitsText).append(")");
    return refused(text, why);
  }
  std::optional<uint64_t> bytes = checked_mul(whole, unit->bytes);
  if (fraction_digits > 0) {
    // fraction / 10^d of the unit is whole bytes when (10^d / g) divides
    // fraction, g = gcd(unit, 10^d); computed so that nothing overflows.
    uint64_t scale = 1;
    for (size_t i = 0; i < fraction_digits; ++i) scale *= 10;
    const uint64_t g = std::gcd(unit->bytes, scale);
    if (fraction % (scale / g) != 0) return refused(text, "not a whole number of bytes");
    if (bytes) bytes = checked_add(*bytes, fraction / (scale / g) * (unit->bytes / g));
  }
  if (!bytes) return refused(text, "more than 2^64-1 bytes");
  return {*bytes, ""};
}

}  // namespace meshgate
