#include "parser/ptx/dds_reader.hpp"

#include <bit>

#include "parser/core/record_reader.hpp"
#include "parser/ptx/ptx_diagnostic_codes.hpp"

namespace meshgate::ptx {

namespace {

std::string field_path(const std::string& path, size_t field) {
  return path + "." + std::string(kDdsHeaderSpec.fields[field].name);
}

uint64_t field_at(uint64_t at, size_t field) { return at + kDdsHeaderSpec.fields[field].offset; }

// The loader's checks (0x140049A10): each an error.
bool check_loader_rules(const DdsHeaderRecord& h, uint64_t at, const std::string& path, Diagnostics& diags) {
  if (h.get(dds::magic) != kDdsMagic)
    return diags.reject(codes::dds_bad_magic, field_path(path, dds::magic), at, "the DDS does not begin with \"DDS \"");
  if (h.get(dds::header_size) != kDdsHeaderSize)
    return diags.reject(codes::dds_bad_header_size, field_path(path, dds::header_size), field_at(at, dds::header_size),
                        "header size " + hex_offset(h.get(dds::header_size)) + " is not 0x7c");
  if (h.get(dds::pf_size) != kDdsPixelFormatSize)
    return diags.reject(codes::dds_bad_pixelformat_size, field_path(path, dds::pf_size), field_at(at, dds::pf_size),
                        "pixel-format size " + hex_offset(h.get(dds::pf_size)) + " is not 0x20");
  if (h.get(dds::mip_count) > kDdsMaxMipCount)
    return diags.reject(codes::dds_mip_count_over_limit, field_path(path, dds::mip_count), field_at(at, dds::mip_count),
                        "mip count " + std::to_string(h.get(dds::mip_count)) + " is above the loader's 15");
  for (const size_t f : {dds::width, dds::height}) {
    const uint64_t v = h.get(f);
    if (v == 0 || v > kDdsMaxDimension)
      return diags.reject(codes::dds_dimension_over_limit, field_path(path, f), field_at(at, f),
                          std::string(kDdsHeaderSpec.fields[f].name) + " " + std::to_string(v) +
                              " is outside 1..16384 (the loader's limit; 0 is meshgate's)");
  }
  return true;
}

// The V6 profile's values (§4) that differ, by field; for DXT1/DXT5 only.
std::vector<size_t> profile_deviations(const DdsHeaderRecord& h, PixelLayout layout) {
  std::vector<size_t> out;
  const uint64_t pitch = layout == PixelLayout::dxt1 ? kProfilePitchDxt1 : kProfilePitchDxt5;
  const std::pair<size_t, uint64_t> want[] = {
      {dds::flags, kProfileFlags}, {dds::pitch_or_linear_size, pitch}, {dds::depth, 0}, {dds::pf_flags, kPfFourcc},
      {dds::rgb_bit_count, 0},     {dds::r_mask, 0}, {dds::g_mask, 0}, {dds::b_mask, 0}, {dds::a_mask, 0},
      {dds::caps, kProfileCaps},   {dds::caps2, 0}, {dds::caps3, 0}, {dds::caps4, 0}, {dds::reserved2, 0}};
  for (const auto& [field, value] : want)
    if (h.get(field) != value) out.push_back(field);
  if (!h.raw_all_zero(dds::reserved1)) out.push_back(dds::reserved1);
  return out;
}

bool warn_profile(const Dds& d, uint64_t at, const std::string& path, Diagnostics& diags) {
  const PixelLayout layout = d.layout();
  if (layout != PixelLayout::dxt1 && layout != PixelLayout::dxt5)
    return diags.warn(codes::dds_unprofiled_format, field_path(path, dds::fourcc), field_at(at, dds::fourcc),
                      "pixel format " + d.fourcc_text() + " (" + std::string(pixel_layout_name(layout)) +
                          ") is not DXT1 or DXT5, the only formats game data is known to use");
  std::vector<size_t> off = profile_deviations(d.header, layout);
  const std::optional<uint64_t> chain = mip_chain_bytes(d.header);
  const bool exact = chain && *chain == d.payload.size();
  if (off.empty() && exact) return true;
  std::string which;
  for (size_t f : off) which += (which.empty() ? "" : ", ") + std::string(kDdsHeaderSpec.fields[f].name);
  if (!exact) which += std::string(which.empty() ? "" : ", ") + "bytes past the mip chain";
  const size_t first = off.empty() ? dds::mip_count : off.front();
  return diags.warn(codes::dds_profile_deviation, field_path(path, first), field_at(at, first),
                    "differs from the V6 DDS profile in: " + which + " (kept)");
}

bool warn_shape(const Dds& d, uint64_t at, const std::string& path, Diagnostics& diags) {
  const uint32_t w = d.width(), h = d.height();
  if ((!std::has_single_bit(w) || !std::has_single_bit(h)) &&
      !diags.warn(codes::dds_non_power_of_two, field_path(path, dds::width), field_at(at, dds::width),
                  std::to_string(w) + "x" + std::to_string(h) + " is not a power of two in both axes"))
    return false;
  const uint32_t full = full_chain_length(w, h);
  if (d.mip_count() < full)
    return diags.warn(codes::dds_incomplete_mip_chain, field_path(path, dds::mip_count), field_at(at, dds::mip_count),
                      std::to_string(d.mip_count()) + " levels stored; the full chain of " + std::to_string(w) + "x" +
                          std::to_string(h) + " has " + std::to_string(full));
  return true;
}

}  // namespace

std::optional<uint64_t> mip_chain_bytes(const DdsHeaderRecord& header) {
  Dds probe;
  probe.header = header;
  const PixelLayout layout = probe.layout();
  if (layout == PixelLayout::other) return std::nullopt;
  const auto bits = static_cast<uint32_t>(header.get(dds::rgb_bit_count));
  uint64_t total = 0;
  for (uint32_t i = 0; i < probe.mip_count(); ++i)
    total += level_bytes(layout, bits, level_size(probe.width(), probe.height(), i));  // <= 15 x 16384^2 x 4
  return total;
}

std::optional<Dds> read_dds(const ByteReader& in, uint64_t at, uint64_t size, const std::string& path,
                            Diagnostics& diags, CoverageMap& coverage) {
  if (size < kDdsHeaderSpec.size) {
    diags.reject(codes::dds_truncated, path, at, "a DDS of " + std::to_string(size) + " bytes is shorter than its header");
    return std::nullopt;
  }
  Dds d;
  (void)read_record(in, at, coverage.add_owner(path), coverage, d.header);  // inside: checked by the caller
  if (!check_loader_rules(d.header, at, path, diags)) return std::nullopt;
  const uint64_t payload = size - kDdsHeaderSpec.size;
  const std::optional<uint64_t> chain = mip_chain_bytes(d.header);
  if (chain && *chain > payload) {
    diags.reject(codes::dds_truncated, field_path(path, dds::mip_count), field_at(at, dds::mip_count),
                 std::to_string(d.mip_count()) + " levels of " + d.fourcc_text() + " need " + std::to_string(*chain) +
                     " bytes after the header; the DDS holds " + std::to_string(payload));
    return std::nullopt;
  }
  const Bytes bytes = *in.slice(at + kDdsHeaderSpec.size, payload);
  d.payload.assign(bytes.begin(), bytes.end());
  coverage.mark(at + kDdsHeaderSpec.size, payload, coverage.add_owner(path), "payload");
  if (!warn_profile(d, at, path, diags) || !warn_shape(d, at, path, diags)) return std::nullopt;
  return d;
}

}  // namespace meshgate::ptx
