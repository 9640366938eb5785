// One constexpr field table per fixed-size record type: offset, width, type,
// name, provenance and evidence note. It is the single source of truth: the
// parser walks it to read and to mark coverage, the writer walks it to emit,
// the reports print it. Code reaches a field by name through field_index<>(),
// which is resolved at compile time, so an offset is written down exactly once.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>
#include <utility>

#include "parser/core/byte_reader.hpp"
#include "parser/core/provenance.hpp"

namespace meshgate {

enum class FieldType : uint8_t { u8, u16, u32, u64, i16, i32, f32, bytes };

[[nodiscard]] constexpr uint32_t natural_width(FieldType t) {
  switch (t) {
    case FieldType::u8: return 1;
    case FieldType::u16: case FieldType::i16: return 2;
    case FieldType::u32: case FieldType::i32: case FieldType::f32: return 4;
    case FieldType::u64: return 8;
    case FieldType::bytes: return 0;
  }
  return 0;
}

[[nodiscard]] constexpr std::string_view type_name(FieldType t) {
  switch (t) {
    case FieldType::u8: return "u8";
    case FieldType::u16: return "u16";
    case FieldType::u32: return "u32";
    case FieldType::u64: return "u64";
    case FieldType::i16: return "i16";
    case FieldType::i32: return "i32";
    case FieldType::f32: return "f32";
    case FieldType::bytes: return "bytes";
  }
  return "?";
}

struct FieldSpec {
  uint32_t offset;
  uint32_t width;
  FieldType type;
  std::string_view name;
  StatusSet status;
  std::string_view note;  // evidence: executable address, corpus figure, project

  [[nodiscard]] constexpr bool is_bytes() const { return type == FieldType::bytes; }
};

template <size_t N>
struct RecordSpec {
  std::string_view name;  // "mesh", used in reports
  uint32_t size;
  std::array<FieldSpec, N> fields;
};

// Compile-time proof that a table describes its record exactly: fields sorted,
// contiguous, no overlap, no hole, scalar widths match their types, names unique.
template <size_t N>
[[nodiscard]] consteval bool tiles_record_exactly(const RecordSpec<N>& spec) {
  uint32_t next = 0;
  for (size_t i = 0; i < N; ++i) {
    const FieldSpec& f = spec.fields[i];
    if (f.offset != next || f.width == 0) return false;
    if (!f.is_bytes() && natural_width(f.type) != f.width) return false;
    if (f.status.empty()) return false;
    for (size_t j = 0; j < i; ++j)
      if (spec.fields[j].name == f.name) return false;
    next = f.offset + f.width;
  }
  return next == spec.size;
}

template <const auto& Spec>
[[nodiscard]] consteval size_t field_index(std::string_view name) {
  for (size_t i = 0; i < Spec.fields.size(); ++i)
    if (Spec.fields[i].name == name) return i;
  throw "unknown field name";  // a compile error: consteval cannot throw
}

// Typed storage for one record: scalars as their exact integer (f32 as its bit
// pattern, so NaN payloads and -0 survive), byte fields as their exact bytes.
// No heap allocation; the writer needs nothing but this to re-emit the record.
template <const auto& Spec>
class Record {
 public:
  static constexpr size_t kFieldCount = Spec.fields.size();
  static constexpr uint32_t kSize = Spec.size;
  static_assert(tiles_record_exactly(Spec), "field table does not tile its record");

  [[nodiscard]] static constexpr const FieldSpec& spec(size_t i) { return Spec.fields[i]; }
  [[nodiscard]] static constexpr const auto& table() { return Spec; }

  [[nodiscard]] uint64_t get(size_t i) const { return scalars_[i]; }
  [[nodiscard]] float get_f32(size_t i) const { return f32_from_bits(static_cast<uint32_t>(scalars_[i])); }
  [[nodiscard]] int64_t get_signed(size_t i) const {
    const unsigned bits = 8 * Spec.fields[i].width;
    const uint64_t v = scalars_[i];
    return bits == 64 ? static_cast<int64_t>(v)
                      : static_cast<int64_t>(v << (64 - bits)) >> (64 - bits);
  }
  void set(size_t i, uint64_t value) {
    const unsigned bits = 8 * Spec.fields[i].width;
    scalars_[i] = bits >= 64 ? value : value & ((uint64_t{1} << bits) - 1);
  }
  void set_f32(size_t i, float value) { scalars_[i] = f32_to_bits(value); }

  [[nodiscard]] Bytes raw(size_t i) const {
    return Bytes(raw_.data() + kRawOffsets[i], Spec.fields[i].width);
  }
  [[nodiscard]] std::span<std::byte> raw_mut(size_t i) {
    return std::span<std::byte>(raw_.data() + kRawOffsets[i], Spec.fields[i].width);
  }
  [[nodiscard]] bool raw_all_zero(size_t i) const {
    for (std::byte b : raw(i))
      if (b != std::byte{0}) return false;
    return true;
  }
  // True when the field's value (scalar or bytes) is zero.
  [[nodiscard]] bool is_zero(size_t i) const { return spec(i).is_bytes() ? raw_all_zero(i) : scalars_[i] == 0; }

  // `src` holds exactly kSize bytes of the record. Unrolled over the table at
  // compile time, so each field is one fixed-width load, not a byte loop.
  void decode(Bytes src) {
    [&]<size_t... I>(std::index_sequence<I...>) { (decode_field<I>(src), ...); }(std::make_index_sequence<kFieldCount>());
  }
  // `dst` holds exactly kSize bytes.
  void encode(std::span<std::byte> dst) const {
    [&]<size_t... I>(std::index_sequence<I...>) { (encode_field<I>(dst), ...); }(std::make_index_sequence<kFieldCount>());
  }

  friend bool operator==(const Record&, const Record&) = default;

 private:
  template <size_t I>
  void decode_field(Bytes src) {
    constexpr FieldSpec f = Spec.fields[I];
    if constexpr (f.is_bytes()) {
      std::memcpy(raw_.data() + kRawOffsets[I], src.data() + f.offset, f.width);
    } else {
      scalars_[I] = load_fixed_le<f.width>(src.data() + f.offset);
    }
  }
  template <size_t I>
  void encode_field(std::span<std::byte> dst) const {
    constexpr FieldSpec f = Spec.fields[I];
    if constexpr (f.is_bytes()) {
      std::memcpy(dst.data() + f.offset, raw_.data() + kRawOffsets[I], f.width);
    } else {
      store_fixed_le<f.width>(dst.data() + f.offset, scalars_[I]);
    }
  }

  static constexpr size_t raw_total() {
    size_t n = 0;
    for (const auto& f : Spec.fields)
      if (f.is_bytes()) n += f.width;
    return n;
  }
  static constexpr std::array<size_t, kFieldCount> raw_offsets() {
    std::array<size_t, kFieldCount> out{};
    size_t n = 0;
    for (size_t i = 0; i < kFieldCount; ++i) {
      out[i] = n;
      if (Spec.fields[i].is_bytes()) n += Spec.fields[i].width;
    }
    return out;
  }
  static constexpr std::array<size_t, kFieldCount> kRawOffsets = raw_offsets();

  std::array<uint64_t, kFieldCount> scalars_{};
  std::array<std::byte, raw_total() == 0 ? 1 : raw_total()> raw_{};
};

}  // namespace meshgate
