#include "reports/observations.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "parser/core/element_kernel.hpp"
#include "parser/mod/mod_layout.hpp"
#include "parser/mod/mod_parser.hpp"
#include "parser/msh/msh_parser.hpp"
#include "parser/nres/nres_parser.hpp"
#include "reports/json_fields.hpp"

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

void FieldStats::merge(const FieldStats& o) {
  count += o.count;
  zero += o.zero;
  if (o.has_range) widen(o.min, o.min_bits, o.max, o.max_bits);
  for (const auto& [k, n] : o.values) {
    auto it = values.find(k);
    if (it != values.end())
      it->second += n;
    else if (values.size() < kMaxDistinctValues)
      values.emplace(k, n);
    else
      values_not_tracked += n;
  }
  values_not_tracked += o.values_not_tracked;
}

size_t Observations::first_field(size_t table) {
  static const std::vector<size_t> firsts = [] {
    std::vector<size_t> out{0};
    for (const TableRef& t : field_catalog()) out.push_back(out.back() + t.fields.size());
    return out;
  }();
  return firsts[table];
}

Observations::Observations() : fields_(first_field(field_catalog().size())) {}

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

void Observations::add_to_histogram(FieldStats& s, const FieldSpec& f, uint64_t raw, Bytes bytes, bool is_zero) {
  // Byte fields longer than 16 are summarised by zero/non-zero only: no payload bytes in reports.
  const std::string key = f.is_bytes() && f.width > 16 ? (is_zero ? "all zero" : "non-zero") : value_text(f, raw, bytes);
  auto it = s.values.find(key);
  if (it != s.values.end())
    ++it->second;
  else if (s.values.size() < kMaxDistinctValues)
    s.values.emplace(key, 1);
  else
    ++s.values_not_tracked;
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
  for (size_t i = 0; i < fields_.size(); ++i) fields_[i].merge(o.fields_[i]);
  for (const auto& [format, m] : o.counts_)
    for (const auto& [k, n] : m) counts_[format][k] += n;
  for (const auto& [format, m] : o.versions_)
    for (const auto& [k, n] : m) versions_[format][k] += n;
}

json Observations::counts_json() const { return counts_; }
json Observations::versions_json() const { return versions_; }

namespace {

std::vector<std::pair<std::string, uint64_t>> top_values(const FieldStats& s, size_t n) {
  std::vector<std::pair<std::string, uint64_t>> v(s.values.begin(), s.values.end());
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
      json top = json::array();
      for (const auto& [value, n] : top_values(s, 8)) top.push_back({{"value", value}, {"count", n}});
      out.push_back({{"format", std::string(catalog[t].format)},
                     {"record", std::string(catalog[t].record)},
                     {"field", std::string(f.name)},
                     {"offset", f.offset},
                     {"status", status_string(f.status)},
                     {"count", s.count},
                     {"zero", s.zero},
                     {"zero_ratio", std::to_string(s.zero) + "/" + std::to_string(s.count)},
                     {"distinct", s.values.size()},
                     {"distinct_complete", s.values_not_tracked == 0},
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
  if (!s.values.empty()) {
    text = std::to_string(s.values.size()) + (s.values_not_tracked ? "+" : "") + " distinct in " + of;
    const auto top = top_values(s, 3);
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
