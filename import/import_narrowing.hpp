// Numbers a glTF gives (extras such as `material_4`, node matrices, key
// times: JSON doubles) narrowed to what a format field holds. A value that
// does not fit is an error naming the field and the range, never a wrapped
// integer or a float conversion out of range (undefined behaviour).
#pragma once

#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include <tiny_gltf.h>

namespace meshgate {

// `value` as T, or nullopt with an error "WHERE VALUE: not a u16 (0..65535)".
template <class T>
[[nodiscard]] std::optional<T> narrowed(double value, const std::string& where, std::vector<std::string>& errors) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isfinite(value) && std::abs(value) <= double{std::numeric_limits<T>::max()}) return static_cast<T>(value);
    errors.push_back(where + " " + std::to_string(value) + ": not a finite 32-bit float");
  } else {
    constexpr double lo = static_cast<double>(std::numeric_limits<T>::min());
    constexpr double hi = static_cast<double>(std::numeric_limits<T>::max());
    if (std::isfinite(value) && value == std::floor(value) && value >= lo && value <= hi) return static_cast<T>(value);
    errors.push_back(where + " " + std::to_string(value) + ": not an integer in " + std::to_string(static_cast<long long>(lo)) +
                     ".." + std::to_string(static_cast<unsigned long long>(hi)) + " (the field it is written to)");
  }
  return std::nullopt;
}

// An extras number (`where`.extras.`key`) narrowed; nullopt, and no error,
// when it is absent or not a number.
template <class T>
[[nodiscard]] std::optional<T> narrowed_extra(const tinygltf::Value& extras, const char* key, const std::string& where,
                                              std::vector<std::string>& errors) {
  if (!extras.IsObject() || !extras.Has(key) || !extras.Get(key).IsNumber()) return std::nullopt;
  return narrowed<T>(extras.Get(key).GetNumberAsDouble(), where + ".extras." + key, errors);
}

}  // namespace meshgate
