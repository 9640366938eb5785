#include "pipeline/formats/ptx/ptx_observations.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <utility>

#include "parser/ptx/ptx_parser.hpp"

namespace meshgate::ptx_row {

namespace {

void observe_companion(const ptx::Companion& c, FieldObserver& o) {
  using namespace ptx;
  o.observe(c.header);
  o.observe_all(std::span<const BlockCountRecord>(c.block_counts));
  o.count(kFormatName, "companions", 1);
  o.count(kFormatName, "textures", c.entries.size());
  o.count(kFormatName, "trailing_bytes", c.trailing.size());
  for (const Entry& e : c.entries) {
    if (e.framing == Framing::tm2) o.observe(e.tm2), o.count(kFormatName, "framing=tm2", 1);
    else o.observe(e.object), o.count(kFormatName, "framing=texture-object", 1);
    const bool padded = std::any_of(e.padding.begin(), e.padding.end(), [](std::byte b) { return b != std::byte{0}; });
    o.count(kFormatName, "nonzero_padding", padded ? 1 : 0);
    if (!e.dds) continue;
    const Dds& d = *e.dds;
    o.observe(d.header);
    static constexpr std::array<std::pair<PixelLayout, std::string_view>, 4> kLayoutKeys{{
        {PixelLayout::dxt1, "pixel_format=DXT1"}, {PixelLayout::dxt5, "pixel_format=DXT5"},
        {PixelLayout::uncompressed, "pixel_format=uncompressed"}, {PixelLayout::other, "pixel_format=other"}}};
    for (const auto& [layout, key] : kLayoutKeys)
      if (layout == d.layout()) o.count(kFormatName, key, 1);
    o.count(kFormatName, "levels", d.mip_count());
    o.count(kFormatName, "complete_mip_chains", d.mip_count() >= full_chain_length(d.width(), d.height()) ? 1 : 0);
    o.count(kFormatName, "non_power_of_two", std::has_single_bit(d.width()) && std::has_single_bit(d.height()) ? 0 : 1);
  }
}

}  // namespace

void observe(const ParsedView& v, FileObservation& into) {
  if (const auto* r = v.as<ptx::ParseResult>(); r && r->ok()) observe_companion(*r->companion, into.corpus);
}

}  // namespace meshgate::ptx_row
