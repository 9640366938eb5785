#include "analysis/observations.hpp"

#include <algorithm>
#include <cstdio>
#include <utility>
#include <vector>

#include "pipeline/json_fields.hpp"

namespace meshgate {

using nlohmann::json;

std::map<std::string, uint64_t> value_counts(const ValueHistogram& h, const FieldSpec& f) {
  std::map<std::string, uint64_t> out;
  for (const ValueHistogram::Entry& e : h.entries()) out.emplace(key_text(f, e.key), e.count);
  return out;
}

const FieldStats& Observations::stats(size_t table, size_t field) const {
  static const FieldStats kNotObserved;
  const TableRef& t = field_catalog()[table];
  const FieldStats* stats = table_stats_of(table_id_of(t.spec, t.fields));
  return stats ? stats[field] : kNotObserved;
}

const ValueHistogram& Observations::histogram(size_t table, size_t field) const {
  return histogram_of(stats(table, field));
}

// Both as {format: {name: n}}, keys sorted (json objects sort them).
json Observations::counts_json() const {
  json out = json::object();
  for (const Count& c : counts_) out[std::string(c.format)][std::string(c.what)] = c.n;
  for (const auto& [key, names] : names_) {
    if (names.wanted.empty()) continue;
    uint64_t resolved = 0;
    for (const std::string& name : names.wanted) resolved += names.present.contains(name);
    const std::string what(key.second);
    out[std::string(key.first)][what] = names.wanted.size();
    out[std::string(key.first)][what + "_resolved"] = resolved;
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
