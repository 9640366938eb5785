#include "analysis/observations.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>

#include "parser/core/element_kernel.hpp"
#include "parser/mod/mod_layout.hpp"
#include "parser/mod/mod_parser.hpp"
#include "parser/msh/msh_parser.hpp"
#include "parser/nres/nres_parser.hpp"
#include "parser/pac/pac_parser.hpp"
#include "parser/ptx/ptx_parser.hpp"
#include "parser/material/mat0_parser.hpp"
#include "parser/texm/texm_parser.hpp"
#include "parser/texm/texm_pixels.hpp"
#include "parser/mot/mot_channels.hpp"
#include "parser/mot/mot_keys.hpp"
#include "parser/mot/mot_parser.hpp"
#include "pipeline/json_fields.hpp"

namespace meshgate {

using nlohmann::json;

std::string value_text(const FieldSpec& f, uint64_t raw, Bytes bytes) {
  char buf[64];
  switch (f.type) {
    case FieldType::bytes: return "0x" + hex_bytes(bytes);
    case FieldType::f32:
      std::snprintf(buf, sizeof buf, "%.9g (0x%08x)", static_cast<double>(f32_from_bits(static_cast<uint32_t>(raw))),
                    static_cast<uint32_t>(raw));
      return buf;
    case FieldType::i16: return std::to_string(static_cast<int16_t>(raw));
    case FieldType::i32: return std::to_string(static_cast<int32_t>(raw));
    default:
      std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(raw));
      return buf;
  }
}

std::string key_text(const FieldSpec& f, HistogramKey key) {
  if (!f.is_bytes()) return value_text(f, key.lo, {});
  if (f.width > 16) return key.lo == 0 ? "all zero" : "non-zero";
  std::byte bytes[16];
  key.bytes_into(bytes, f.width);
  return value_text(f, 0, Bytes(bytes, f.width));
}

void merge_histogram(ValueHistogram& into, const ValueHistogram& later, const FieldSpec& f) {
  into.add_not_tracked(later.not_tracked());
  size_t unseen = 0;
  for (const ValueHistogram::Entry& e : later.entries()) unseen += !into.contains(e.key);
  if (into.size() + unseen <= kMaxDistinctValues) {
    for (const ValueHistogram::Entry& e : later.entries()) into.add(e.key, e.count);
    return;
  }
  // Past the cap the order decides: later values arrive in the order of their
  // text, so the outcome does not depend on how keys are encoded.
  std::vector<std::pair<std::string, const ValueHistogram::Entry*>> by_text;
  for (const ValueHistogram::Entry& e : later.entries()) by_text.emplace_back(key_text(f, e.key), &e);
  std::sort(by_text.begin(), by_text.end());
  for (const auto& [text, e] : by_text) into.add(e->key, e->count);
}

std::map<std::string, uint64_t> value_counts(const ValueHistogram& h, const FieldSpec& f) {
  std::map<std::string, uint64_t> out;
  for (const ValueHistogram::Entry& e : h.entries()) out.emplace(key_text(f, e.key), e.count);
  return out;
}

FieldStats* Observations::table_stats(size_t table) {
  if (first_.empty()) {
    const auto catalog = field_catalog();
    first_.assign(catalog.size(), kUnseen);
    size_t all = 0;
    for (const TableRef& t : catalog) all += t.fields.size();
    fields_.reserve(all);  // one allocation, whichever tables come
  }
  if (first_[table] == kUnseen) {
    first_[table] = static_cast<uint32_t>(fields_.size());
    fields_.resize(fields_.size() + field_catalog()[table].fields.size());
  }
  return fields_.data() + first_[table];
}

const FieldStats& Observations::stats(size_t table, size_t field) const {
  static const FieldStats kNotObserved;
  if (table >= first_.size() || first_[table] == kUnseen) return kNotObserved;
  return fields_[first_[table] + field];
}

const ValueHistogram& Observations::histogram(size_t table, size_t field) const {
  static const ValueHistogram kEmpty;
  const FieldStats& s = stats(table, field);
  return s.histogram == 0 ? kEmpty : histograms_[s.histogram - 1];
}

namespace {

// The histogram keys of observe_pac, made once: count() keeps views of them.
constexpr size_t kSlotPositions = 32;
const std::vector<std::string>& pac_keys() {
  static const std::vector<std::string> keys = [] {
    std::vector<std::string> out;
    for (size_t p = 0; p <= kSlotPositions; ++p)
      for (std::string_view kind : {"mod", "pac", "pnst", "opaque"})
        out.push_back("kind_at_slot[" + (p < kSlotPositions ? std::to_string(p) : std::to_string(kSlotPositions) + "+") +
                      "]." + std::string(kind));
    for (size_t r = 0; r < 16; ++r) out.push_back("offset_mod_16=" + std::to_string(r));
    return out;
  }();
  return keys;
}

}  // namespace

void Observations::observe_pac(const pac::Container& c) {
  const std::string_view format = c.kind == pac::Kind::pac ? pac::kPacFormatName : pac::kPnstFormatName;
  const std::vector<std::string>& keys = pac_keys();
  uint64_t populated = 0;
  for (const pac::SlotRecord& s : c.slots) populated += s.get(pac::slot::offset) != 0;
  observe(c.header);
  observe_all(std::span<const pac::SlotRecord>(c.slots));
  count(format, "containers", 1);
  count(format, "declared_slots", c.slots.size());
  count(format, "populated_slots", populated);
  count(format, "empty_slots", c.slots.size() - populated);
  count(format, "members", c.members.size());
  for (const pac::Member& m : c.members) {
    for (uint32_t slot : m.slots) {
      const size_t position = std::min<size_t>(slot, kSlotPositions);
      count(format, keys[position * 4 + static_cast<size_t>(m.kind)], 1);
    }
    count(format, keys[(kSlotPositions + 1) * 4 + static_cast<size_t>(m.offset % 16)], 1);
  }
}

void Observations::count(std::string_view format, std::string_view what, uint64_t n) {
  for (Count& c : counts_)
    if (c.format == format && c.what == what) {
      c.n += n;
      return;
    }
  if (counts_.empty()) counts_.reserve(16);  // a format's names: one allocation, not four
  counts_.push_back({format, what, n});
}

void Observations::version(std::string_view format, std::string_view v, uint64_t n) {
  for (VersionCount& c : versions_)
    if (c.format == format && c.version == v) {
      c.n += n;
      return;
    }
  versions_.push_back({format, std::string(v), n});
}

namespace {

// Lane-wise minimum, maximum and zero count over rows of eight 16-bit lanes.
// Signed lanes arrive biased by 0x8000 (`bias`), so one unsigned order serves
// both; a lane is zero when it equals its bias. 16-bit zero counters are
// flushed every 0xFFFF rows, before they could wrap.
struct WordRowStats {
  std::array<uint16_t, 8> lo, hi;
  std::array<uint64_t, 8> zeros{};
};
MESHGATE_ELEMENT_KERNEL void reduce_word_rows(const std::byte* rows, size_t count, const std::array<uint16_t, 8>& bias,
                                             WordRowStats& out) {
  std::array<uint16_t, 8> lo, hi;
  lo.fill(0xFFFF);
  hi.fill(0);
  for (size_t at = 0; at < count; at += 0xFFFF) {
    std::array<uint16_t, 8> zeros{};
    const size_t end = std::min(count, at + 0xFFFF);
    for (size_t r = at; r < end; ++r)
      for (size_t l = 0; l < 8; ++l) {
        const auto w = static_cast<uint16_t>(load_fixed_le<2>(rows + 16 * r + 2 * l) ^ bias[l]);
        lo[l] = std::min(lo[l], w);
        hi[l] = std::max(hi[l], w);
        zeros[l] = static_cast<uint16_t>(zeros[l] + (w == bias[l]));
      }
    for (size_t l = 0; l < 8; ++l) out.zeros[l] += zeros[l];
  }
  out.lo = lo;
  out.hi = hi;
}

}  // namespace

void Observations::observe_rows_of_words(FieldStats* stats, std::span<const FieldSpec, 8> fields, const std::byte* rows,
                                         size_t count) {
  if (count == 0) return;
  std::array<uint16_t, 8> bias{};
  for (size_t l = 0; l < 8; ++l) bias[l] = fields[l].type == FieldType::i16 ? 0x8000 : 0;
  WordRowStats r;
  reduce_word_rows(rows, count, bias, r);
  for (size_t l = 0; l < 8; ++l) {
    FieldStats& s = stats[l];
    // Back to the field's value and raw bits, as observe_field records them.
    const auto bits_lo = static_cast<uint16_t>(r.lo[l] ^ bias[l]), bits_hi = static_cast<uint16_t>(r.hi[l] ^ bias[l]);
    const bool is_signed = bias[l] != 0;
    const double lo = is_signed ? static_cast<int16_t>(bits_lo) : bits_lo;
    const double hi = is_signed ? static_cast<int16_t>(bits_hi) : bits_hi;
    s.count += count;
    s.zero += r.zeros[l];
    s.widen(lo, bits_lo, hi, bits_hi);
  }
}

void Observations::observe_mod(const mod::Model& m) {
  using namespace mod;
  observe(m.header);
  count(kFormatName, "files", 1);
  count(kFormatName, "objects", m.objects.size());
  for (const Object& o : m.objects) {
    observe(o.record);
    count(kFormatName, "meshes", o.meshes.size());
    for (const Mesh& mesh : o.meshes) {
      observe(mesh.record);
      count(kFormatName, "vertices", mesh.record.get(mesh::vertex_count));
    }
  }
  observe(m.nodes.header);
  count(kFormatName, "transforms", m.nodes.transforms.size());
  for (const TransformRecord& t : m.nodes.transforms) observe(t);
  char v[32];
  std::snprintf(v, sizeof v, "%.2f", static_cast<double>(m.header.get_f32(hdr::version)));
  version(kFormatName, v);
}

void Observations::observe_mot(const mot::Motion& m) {
  using namespace mot;
  observe(m.header);
  observe(m.count);
  count(kFormatName, "motions", 1);
  count(kFormatName, "tracks", m.tracks.size());
  count(kFormatName, "partly_set_triplets", partly_set_triplets(m));
  count(kFormatName, "end_frame_mirror_equal", m.header.get(hdr::raw_0C) == m.header.get(hdr::raw_14) ? 1 : 0);
  const float end = m.header.get_f32(hdr::raw_0C);
  for (const Track& t : m.tracks) {
    const TrackHeadRecord head = track_head(t);
    observe(head);
    const uint64_t compression = head.get(track::compression);
    count(kFormatName, compression == 2 ? "compression=2" : compression == 3 ? "compression=3" : "compression=other", 1);
    count(kFormatName, "time_offset_nonzero", head.get(track::time_offset) != 0 ? 1 : 0);
    if (const auto* t2 = std::get_if<Track2>(&t)) {
      observe(t2->prefix);
      observe_all(std::span<const Key2Record>(t2->keys));
    } else if (const auto* t3 = std::get_if<Track3>(&t)) {
      observe(t3->prefix);
      observe_all(std::span<const Key3Record>(t3->keys));
    }
    const std::vector<Key> keys = decode_keys(t);
    count(kFormatName, "keys", keys.size());
    uint64_t hermite = 0;
    for (const Key& k : keys) hermite += compression == 3 && k.bit15;
    count(kFormatName, "hermite_keys", hermite);
    count(kFormatName, "tracks_ending_at_end_frame", !keys.empty() && static_cast<float>(keys.back().time) == end ? 1 : 0);
  }
}

void Observations::observe_texm(const texm::Texture& t) {
  using namespace texm;
  static constexpr std::array<std::pair<PixelFormat, std::string_view>, 8> kFormatKeys{{
      {PixelFormat::indexed, "pixel_format=0"},      {PixelFormat::external_palette, "pixel_format=2"},
      {PixelFormat::r5g6b5, "pixel_format=565"},     {PixelFormat::r5g5b6, "pixel_format=556"},
      {PixelFormat::a4r4g4b4, "pixel_format=4444"},  {PixelFormat::l8a8, "pixel_format=88"},
      {PixelFormat::rgb888, "pixel_format=888"},     {PixelFormat::argb8888, "pixel_format=8888"},
  }};
  observe(t.header);
  count(kFormatName, "textures", 1);
  count(kFormatName, "levels", t.levels.size());
  for (const auto& [format, key] : kFormatKeys)
    if (format == t.format) count(kFormatName, key, 1);
  const LevelSize last = level_size(t.width(), t.height(), static_cast<uint32_t>(t.levels.size() - 1));
  count(kFormatName, "complete_mip_chains", last.width == 1 && last.height == 1 ? 1 : 0);
  count(kFormatName, "alpha", has_alpha(t) ? 1 : 0);
  if (t.page) {
    observe(t.page->header);
    observe_all(std::span<const PageRectRecord>(t.page->rects));
    count(kFormatName, "page_chunks", 1);
  }
}

void Observations::observe_ptx(const ptx::Companion& c) {
  using namespace ptx;
  observe(c.header);
  observe_all(std::span<const BlockCountRecord>(c.block_counts));
  count(kFormatName, "companions", 1);
  count(kFormatName, "textures", c.entries.size());
  count(kFormatName, "trailing_bytes", c.trailing.size());
  for (const Entry& e : c.entries) {
    if (e.framing == Framing::tm2) observe(e.tm2), count(kFormatName, "framing=tm2", 1);
    else observe(e.object), count(kFormatName, "framing=texture-object", 1);
    const bool padded = std::any_of(e.padding.begin(), e.padding.end(), [](std::byte b) { return b != std::byte{0}; });
    count(kFormatName, "nonzero_padding", padded ? 1 : 0);
    if (!e.dds) continue;
    const Dds& d = *e.dds;
    observe(d.header);
    static constexpr std::array<std::pair<PixelLayout, std::string_view>, 4> kLayoutKeys{{
        {PixelLayout::dxt1, "pixel_format=DXT1"}, {PixelLayout::dxt5, "pixel_format=DXT5"},
        {PixelLayout::uncompressed, "pixel_format=uncompressed"}, {PixelLayout::other, "pixel_format=other"}}};
    for (const auto& [layout, key] : kLayoutKeys)
      if (layout == d.layout()) count(kFormatName, key, 1);
    count(kFormatName, "levels", d.mip_count());
    count(kFormatName, "complete_mip_chains", d.mip_count() >= full_chain_length(d.width(), d.height()) ? 1 : 0);
    count(kFormatName, "non_power_of_two", std::has_single_bit(d.width()) && std::has_single_bit(d.height()) ? 0 : 1);
  }
}

void Observations::observe_mat0(const mat0::Material& m) {
  using namespace mat0;
  count(kFormatName, "materials", 1);
  version(kFormatName, std::to_string(m.version));
  if (m.raw) return;  // another version: nothing decoded
  observe(m.header);
  observe_all(std::span<const EntryRecord>(m.entries));
  count(kFormatName, "phases", m.entries.size());
  count(kFormatName, "animated", m.tracks.empty() ? 0 : 1);
  for (const EntryRecord& e : m.entries) {
    std::string name = texture_name(e);
    count(kFormatName, "untextured_phases", name.empty() ? 1 : 0);
    if (!name.empty()) textures_wanted_.insert(std::move(name));
    count(kFormatName, "cells", e.get(entry::cell) != 0xFF ? 1 : 0);
  }
  for (const Track& t : m.tracks) {
    observe(t.head);
    observe_all(std::span<const KeyRecord>(t.keys));
  }
}

void Observations::texture_present(std::string_view name) { textures_present_.emplace(name); }

void Observations::observe_wear(const wear::Table& t) {
  count(wear::kFormatName, "tables", 1);
  count(wear::kFormatName, "rows", t.rows.size());
  count(wear::kFormatName, "lightmap_sections", t.lightmaps ? 1 : 0);
}

void Observations::observe_nres(const nres::Archive& a) {
  observe(a.header);
  for (const nres::Entry& e : a.entries) observe(e.record);
  count(nres::kFormatName, "archives", 1);
  count(nres::kFormatName, "entries", a.entries.size());
  version(nres::kFormatName, value_text(nres::kHeaderSpec.fields[nres::hdr::version], a.header.get(nres::hdr::version), {}));
}

void Observations::observe_msh(const msh::Model& m) {
  using namespace msh;
  observe(m.header);
  for (const Stream& s : m.streams) {
    observe(s.record);
    if (auto* n = std::get_if<NodeStream>(&s.data)) observe_all(std::span(n->nodes));
    if (auto* n = std::get_if<ShortNodeStream>(&s.data)) observe_all(std::span(n->nodes));
    if (auto* h = std::get_if<HeaderSlotStream>(&s.data)) {
      observe(h->header);
      observe_all(std::span(h->slots));
    }
    if (auto* t = std::get_if<TriangleStream>(&s.data)) observe_all(std::span(t->triangles));
    if (auto* b = std::get_if<BatchStream>(&s.data)) observe_all(std::span(b->batches));
    if (auto* k = std::get_if<KeyStream>(&s.data)) observe_all(std::span(k->keys));
  }
  const ModelCounts c = model_counts(m);
  count(kFormatName, "models", 1);
  count(kFormatName, "nodes", c.nodes);
  count(kFormatName, "slots", c.slots);
  count(kFormatName, "batches", c.batches);
  count(kFormatName, "vertices", c.vertices);
  count(kFormatName, "triangles", c.triangles);
  count(kFormatName, "keys", c.keys);
  count(kFormatName, "animated_models", c.frames > 0);
}

void Observations::merge(const Observations& o) {
  const auto catalog = field_catalog();
  for (size_t t = 0; t < o.first_.size(); ++t) {
    if (o.first_[t] == kUnseen) continue;
    FieldStats* mine = table_stats(t);
    const FieldStats* theirs = o.fields_.data() + o.first_[t];
    for (size_t i = 0; i < catalog[t].fields.size(); ++i) {
      FieldStats& m = mine[i];
      const FieldStats& o_stats = theirs[i];
      m.count += o_stats.count;
      m.zero += o_stats.zero;
      if (o_stats.has_range) m.widen(o_stats.min, o_stats.min_bits, o_stats.max, o_stats.max_bits);
      if (o_stats.histogram != 0)
        merge_histogram(histogram_of(m), o.histograms_[o_stats.histogram - 1], catalog[t].fields[i]);
    }
  }
  for (const Count& c : o.counts_) count(c.format, c.what, c.n);
  for (const VersionCount& c : o.versions_) version(c.format, c.version, c.n);
  textures_wanted_.insert(o.textures_wanted_.begin(), o.textures_wanted_.end());
  textures_present_.insert(o.textures_present_.begin(), o.textures_present_.end());
}

// Both as {format: {name: n}}, keys sorted (json objects sort them).
json Observations::counts_json() const {
  json out = json::object();
  for (const Count& c : counts_) out[std::string(c.format)][std::string(c.what)] = c.n;
  if (!textures_wanted_.empty()) {
    uint64_t resolved = 0;
    for (const std::string& name : textures_wanted_) resolved += textures_present_.contains(name);
    out[std::string(mat0::kFormatName)]["texture_names"] = textures_wanted_.size();
    out[std::string(mat0::kFormatName)]["texture_names_resolved"] = resolved;
  }
  return out;
}
json Observations::versions_json() const {
  json out = json::object();
  for (const VersionCount& c : versions_) out[std::string(c.format)][c.version] = c.n;
  return out;
}

namespace {

std::vector<std::pair<std::string, uint64_t>> top_values(const FieldSpec& f, const ValueHistogram& h, size_t n) {
  std::vector<std::pair<std::string, uint64_t>> v;
  for (const ValueHistogram::Entry& e : h.entries()) v.emplace_back(key_text(f, e.key), e.count);
  std::sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return a.second != b.second ? a.second > b.second : a.first < b.first; });
  if (v.size() > n) v.resize(n);
  return v;
}

json range_json(const FieldSpec& f, const FieldStats& s) {
  if (!s.has_range) return nullptr;
  json r = {{"min", s.min}, {"max", s.max}};
  if (f.type == FieldType::f32) r["min_bits"] = hex32(s.min_bits), r["max_bits"] = hex32(s.max_bits);
  return r;
}

}  // namespace

json Observations::observed_json(size_t table, size_t field) const {
  const FieldStats& s = stats(table, field);
  const FieldSpec& f = field_catalog()[table].fields[field];
  json out = {{"count", s.count}, {"zero", s.zero}, {"range", range_json(f, s)}, {"text", evidence_text(table, field)}};
  return out;
}

json Observations::histograms_json() const {
  json out = json::array();
  const auto catalog = field_catalog();
  for (size_t t = 0; t < catalog.size(); ++t)
    for (size_t i = 0; i < catalog[t].fields.size(); ++i) {
      const FieldSpec& f = catalog[t].fields[i];
      const FieldStats& s = stats(t, i);
      if (!wants_histogram(f.status) || s.count == 0) continue;
      const ValueHistogram& values = histogram(t, i);
      json top = json::array();
      for (const auto& [value, n] : top_values(f, values, 8)) top.push_back({{"value", value}, {"count", n}});
      out.push_back({{"format", std::string(catalog[t].format)},
                     {"record", std::string(catalog[t].record)},
                     {"field", std::string(f.name)},
                     {"offset", f.offset},
                     {"status", status_string(f.status)},
                     {"count", s.count},
                     {"zero", s.zero},
                     {"zero_ratio", std::to_string(s.zero) + "/" + std::to_string(s.count)},
                     {"distinct", values.size()},
                     {"distinct_complete", values.not_tracked() == 0},
                     {"top", top},
                     {"range", range_json(f, s)}});
    }
  return out;
}

std::string Observations::evidence_text(size_t table, size_t field) const {
  const FieldStats& s = stats(table, field);
  const std::string of = std::to_string(s.count);
  if (s.count == 0) return "not observed";
  if (s.zero == s.count) return "0 in " + of + "/" + of;
  std::string text;
  if (const ValueHistogram& values = histogram(table, field); !values.empty()) {
    text = std::to_string(values.size()) + (values.not_tracked() ? "+" : "") + " distinct in " + of;
    const auto top = top_values(field_catalog()[table].fields[field], values, 3);
    for (size_t k = 0; k < top.size(); ++k)
      text += (k == 0 ? ": " : ", ") + top[k].first + " x" + std::to_string(top[k].second);
    return text;
  }
  text = "0 in " + std::to_string(s.zero) + "/" + of;
  if (s.has_range) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "; range %.9g..%.9g", s.min, s.max);
    text += buf;
  }
  return text;
}

}  // namespace meshgate
