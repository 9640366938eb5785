#include "parser/ptx/ptx_relations.hpp"

#include "parser/core/checked_math.hpp"
#include "parser/ptx/ptx_diagnostic_codes.hpp"

namespace meshgate::ptx {

namespace {

constexpr uint32_t kCanonicalDescriptorDelta = 0x40;  // +0x20 -> +0x60
constexpr uint32_t kCanonicalDdsDelta = 8;            // +0x68 -> +0x70
constexpr uint32_t kDescriptorBytes = 0x10;
constexpr uint32_t kFormatWordBase = 0x20000;
constexpr uint32_t kUnknown0cValue = 0xAAE4;

std::string head_path(const std::string& path, size_t field) {
  return path + ".head." + std::string(kObjectHeadSpec.fields[field].name);
}
uint64_t head_at(uint64_t entry_at, size_t field) { return entry_at + kObjectHeadSpec.fields[field].offset; }

// The delta stored at `field` (a u64 taken as signed, as the engine adds it
// to the field's address), from the field to `size` bytes that must lie in
// [lowest, span); the target, or nullopt.
std::optional<uint64_t> target_of(const ObjectHeadRecord& head, size_t field, uint64_t size, uint64_t lowest,
                                  uint64_t span) {
  const auto delta = static_cast<int64_t>(head.get(field));
  const auto from = static_cast<int64_t>(kObjectHeadSpec.fields[field].offset);
  if (delta < 0 || delta > static_cast<int64_t>(span)) return std::nullopt;  // no overflow below
  const uint64_t to = static_cast<uint64_t>(from + delta);
  const std::optional<uint64_t> end = checked_add(to, size);
  if (to < lowest || !end || *end > span) return std::nullopt;
  return to;
}

bool secondary_fits(uint64_t sw, uint64_t sh, uint32_t w, uint32_t h) {
  return (sw == w && sh == h) || (sw == std::max(1u, w / 2) && sh == std::max(1u, h / 2));
}

bool reciprocal_exact(const ObjectHeadRecord& head, size_t field, uint64_t of) {
  return of != 0 && head.get(field) == f32_to_bits(1.0f / static_cast<float>(of));
}

}  // namespace

uint32_t object_format_code(PixelLayout layout) {
  return layout == PixelLayout::dxt1 ? 0x86 : layout == PixelLayout::dxt5 ? 0x88 : 0;
}

std::optional<ObjectPlacement> place_object_dds(const ObjectHeadRecord& head, uint64_t span, uint64_t entry_at,
                                                const std::string& path, Diagnostics& diags) {
  if (!target_of(head, obj::descriptor_delta, kDescriptorBytes, 0, span)) {
    diags.reject(codes::descriptor_pointer_out_of_bounds, head_path(path, obj::descriptor_delta),
                 head_at(entry_at, obj::descriptor_delta),
                 "descriptor delta " + hex_offset(head.get(obj::descriptor_delta)) +
                     " does not lead to 16 bytes inside the " + hex_offset(span) + "-byte entry");
    return std::nullopt;
  }
  const uint64_t size = head.get(obj::dds_size);
  const std::optional<uint64_t> dds_at = target_of(head, obj::dds_delta, 0, kObjectHeadSize, span);
  if (!dds_at) {
    diags.reject(codes::descriptor_pointer_out_of_bounds, head_path(path, obj::dds_delta),
                 head_at(entry_at, obj::dds_delta),
                 "DDS delta " + hex_offset(head.get(obj::dds_delta)) + " does not lead past the 0x70-byte object and "
                 "inside the " + hex_offset(span) + "-byte entry");
    return std::nullopt;
  }
  if (*dds_at + size > span) {  // both below 2^43
    diags.reject(codes::dds_out_of_bounds, head_path(path, obj::dds_size), head_at(entry_at, obj::dds_size),
                 "a DDS of " + std::to_string(size) + " bytes at +" + hex_offset(*dds_at) + " runs past the " +
                     hex_offset(span) + "-byte entry");
    return std::nullopt;
  }
  const bool canonical = head.get(obj::descriptor_delta) == kCanonicalDescriptorDelta &&
                         head.get(obj::dds_delta) == kCanonicalDdsDelta;
  if (!canonical &&
      !diags.warn(codes::descriptor_noncanonical, head_path(path, obj::descriptor_delta),
                  head_at(entry_at, obj::descriptor_delta),
                  "descriptor delta " + hex_offset(head.get(obj::descriptor_delta)) + " and DDS delta " +
                      hex_offset(head.get(obj::dds_delta)) + " are not 0x40 and 8 (followed; the descriptor lanes "
                      "are read at +0x60)"))
    return std::nullopt;
  return ObjectPlacement{*dds_at, size};
}

std::vector<size_t> object_relation_failures(const Entry& e) {
  std::vector<size_t> out;
  const ObjectHeadRecord& h = e.object;
  const Dds& d = *e.dds;
  const PixelLayout layout = d.layout();
  const uint32_t w = d.width(), ht = d.height();
  auto expect = [&](size_t field, bool holds) {
    if (!holds) out.push_back(field);
  };
  // The format-dependent lanes are known for DXT1 and DXT5 only (§4: the
  // code of any other format is unknown), so other images skip them.
  const uint32_t code = object_format_code(layout);
  expect(obj::vtable_slot, h.get(obj::vtable_slot) == 0);
  expect(obj::format_word, code == 0 || h.get(obj::format_word) == (kFormatWordBase | d.mip_count() << 8 | code));
  expect(obj::unknown_0c, h.get(obj::unknown_0c) == kUnknown0cValue);
  expect(obj::width, h.get(obj::width) == w);
  expect(obj::height, h.get(obj::height) == ht);
  expect(obj::unknown_14, h.get(obj::unknown_14) == 1);
  expect(obj::block_row_bytes,
         code == 0 || h.get(obj::block_row_bytes) == uint64_t{w} * (layout == PixelLayout::dxt1 ? 2 : 4));
  expect(obj::reserved_1c, h.get(obj::reserved_1c) == 0);
  expect(obj::reserved_28, h.raw_all_zero(obj::reserved_28));
  expect(obj::payload_size, h.get(obj::payload_size) == d.payload.size());
  expect(obj::aux_mode, (h.get(obj::aux_mode) == 0) == (h.get(obj::aux_value) == 0) &&
                            (h.get(obj::aux_mode) == 0 || layout == PixelLayout::dxt5));
  const uint64_t sw = h.get(obj::secondary_width), sh = h.get(obj::secondary_height);
  expect(obj::secondary_width, secondary_fits(sw, sh, w, ht));
  expect(obj::inv_secondary_width, reciprocal_exact(h, obj::inv_secondary_width, sw));
  expect(obj::inv_secondary_height, reciprocal_exact(h, obj::inv_secondary_height, sh));
  expect(obj::reserved_50, h.raw_all_zero(obj::reserved_50));
  expect(obj::payload_kind, code == 0 || h.get(obj::payload_kind) == (layout == PixelLayout::dxt5 ? 4u : 0u));
  return out;
}

bool check_object_relations(const Entry& e, uint64_t entry_at, const std::string& path, Diagnostics& diags) {
  const std::vector<size_t> failed = object_relation_failures(e);
  if (failed.empty()) return true;
  std::string which;
  for (size_t f : failed) which += (which.empty() ? "" : ", ") + std::string(kObjectHeadSpec.fields[f].name);
  return diags.warn(codes::descriptor_mismatch, head_path(path, failed.front()), head_at(entry_at, failed.front()),
                    "texture object lanes break a relation every V6 head holds with its DDS: " + which + " (kept)");
}

}  // namespace meshgate::ptx
