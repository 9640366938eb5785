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
#include <type_traits>
#include <utility>

#include "parser/core/byte_reader.hpp"
#include "parser/core/pod_vector.hpp"
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

// What a field says about the model. A layout field says only where the
// content lies (an offset, a payload size, a sort index): two files holding
// the same model laid out differently differ in layout fields and nowhere
// else. `diff --semantic` leaves them out; `rebuild --canonical` recomputes them.
enum class FieldRole : uint8_t { content, layout };

struct FieldSpec {
  uint32_t offset;
  uint32_t width;
  FieldType type;
  std::string_view name;
  StatusSet status;
  std::string_view note;  // evidence: executable address, corpus figure, project
  FieldRole role = FieldRole::content;

  [[gnu::always_inline, nodiscard]] constexpr bool is_bytes() const { return type == FieldType::bytes; }
};

// Scalar field `f` of the record whose bytes start `record` (at least
// f.offset + f.width of them), unsigned: for a count read ahead of the parse
// (to size its lists once) before any Record is made.
[[nodiscard]] inline uint64_t load_field(Bytes record, const FieldSpec& f) {
  return load_uint_le(record.subspan(f.offset, f.width), f.width);
}

// An array of identical leaf elements (a vertex stream, a node array, a
// workspace): what a field table is for a record.
struct ArraySpec {
  std::string_view name;
  std::string_view element_type;
  uint32_t stride;
  StatusSet status;
  std::string_view note;
  FieldRole role = FieldRole::content;
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

// Typed access to one record, stored as the record's exact little-endian
// image (kSize bytes): each scalar is read and written at its field's offset
// and width through the table, f32 as its bit pattern (NaN payloads and -0
// survive), byte fields as their exact bytes. The image is as compact as the
// file (an 8-byte slot per field made Res7 4.5x the stream's size), an array
// of records decodes and encodes with one copy, and no field can be lost: the
// table tiles the record exactly (checked at compile time). No heap
// allocation; the writer needs nothing but this to re-emit the record.
template <const auto& Spec>
class Record {
 public:
  static constexpr size_t kFieldCount = Spec.fields.size();
  static constexpr uint32_t kSize = Spec.size;
  static_assert(tiles_record_exactly(Spec), "field table does not tile its record");

  constexpr Record() : image_{} {}  // all fields zero
  // The bytes left for the caller to fill before any read: a run of records
  // copied from a stream in one go (PodVector<Record> constructs with it).
  explicit Record(ForOverwrite) {}  // NOLINT(cppcoreguidelines-pro-type-member-init)
  // Decodes `src` (exactly kSize bytes).
  explicit Record(Bytes src) { decode(src); }

  [[nodiscard]] static constexpr const FieldSpec& spec(size_t i) { return Spec.fields[i]; }
  [[nodiscard]] static constexpr const auto& table() { return Spec; }

  // Fields are reached by constant index (field_index<>, the tables' named
  // constants), where these fold to one fixed-width load or store. They are
  // forced inline because sanitizer builds, whose instrumentation makes
  // every function look big, otherwise call them and branch on the width
  // for every field read: the largest cost of msh_parse_fuzzer's own code.
  // A scalar field's value, zero-extended; 0 for a byte field.
  [[gnu::always_inline, nodiscard]] uint64_t get(size_t i) const {
    const FieldSpec& f = Spec.fields[i];
    const std::byte* p = image_.data() + f.offset;
    if (f.is_bytes()) return 0;
    switch (f.width) {
      case 1: return load_fixed_le<1>(p);
      case 2: return load_fixed_le<2>(p);
      case 4: return load_fixed_le<4>(p);
      default: return load_fixed_le<8>(p);  // natural widths only (tiles_record_exactly)
    }
  }
  [[gnu::always_inline, nodiscard]] float get_f32(size_t i) const { return f32_from_bits(static_cast<uint32_t>(get(i))); }
  [[gnu::always_inline, nodiscard]] int64_t get_signed(size_t i) const {
    const unsigned bits = 8 * Spec.fields[i].width;
    const uint64_t v = get(i);
    return bits == 64 ? static_cast<int64_t>(v)
                      : static_cast<int64_t>(v << (64 - bits)) >> (64 - bits);
  }
  // Stores the low `width` bytes of `value`; a byte field is set through raw_mut().
  [[gnu::always_inline]] void set(size_t i, uint64_t value) {
    const FieldSpec& f = Spec.fields[i];
    std::byte* p = image_.data() + f.offset;
    if (f.is_bytes()) return;
    switch (f.width) {
      case 1: store_fixed_le<1>(p, value); break;
      case 2: store_fixed_le<2>(p, value); break;
      case 4: store_fixed_le<4>(p, value); break;
      default: store_fixed_le<8>(p, value); break;
    }
  }
  void set_f32(size_t i, float value) { set(i, f32_to_bits(value)); }

  [[nodiscard]] Bytes raw(size_t i) const { return Bytes(image_.data() + Spec.fields[i].offset, Spec.fields[i].width); }
  [[nodiscard]] std::span<std::byte> raw_mut(size_t i) {
    return std::span<std::byte>(image_.data() + Spec.fields[i].offset, Spec.fields[i].width);
  }
  [[nodiscard]] bool raw_all_zero(size_t i) const {
    for (std::byte b : raw(i))
      if (b != std::byte{0}) return false;
    return true;
  }
  // True when the field's value (scalar or bytes) is zero.
  [[nodiscard]] bool is_zero(size_t i) const { return raw_all_zero(i); }

  // `src` holds exactly kSize bytes of the record.
  void decode(Bytes src) { std::memcpy(image_.data(), src.data(), kSize); }
  // `dst` holds exactly kSize bytes.
  void encode(std::span<std::byte> dst) const { std::memcpy(dst.data(), image_.data(), kSize); }

  friend bool operator==(const Record&, const Record&) = default;

 private:
  std::array<std::byte, kSize> image_;  // zeroed by Record(), left by Record(ForOverwrite)
};

// Arrays of records are their images back to back (no padding), so a run of
// records is decoded and encoded with one copy.
template <const auto& Spec>
inline constexpr bool kRecordIsItsImage =
    sizeof(Record<Spec>) == Spec.size && std::is_trivially_copyable_v<Record<Spec>>;

}  // namespace meshgate
