#include "reports/file_page.hpp"

#include <span>

#include "reports/base64.hpp"
#include "analysis/byte_map.hpp"
#include "analysis/field_catalog.hpp"
#include "pipeline/format_rows.hpp"

namespace meshgate {

using nlohmann::json;

namespace {

// The catalog position of the table `fields` belongs to (by identity), and
// the field's index in it; nullopt for a table the catalog does not list.
std::optional<std::pair<size_t, size_t>> table_of(const FieldSpec* field) {
  const auto catalog = field_catalog();
  for (size_t t = 0; t < catalog.size(); ++t) {
    const std::span<const FieldSpec> f = catalog[t].fields;
    if (field >= f.data() && field < f.data() + f.size()) return std::pair{t, static_cast<size_t>(field - f.data())};
  }
  return std::nullopt;
}

std::string leaf_key(Format format, std::string_view leaf) { return std::string(format_name(format)) + "/" + std::string(leaf); }

json leaf_json(const LeafInfo& leaf) {
  return {{"status", status_string(leaf.status)},
          {"class", static_cast<int>(class_of(leaf.status))},
          {"note", std::string(leaf.note)},
          {"type", std::string(leaf.element_type)},
          {"stride", leaf.stride}};
}

// The coverage marks as the page's script reads them:
//   [begin, length, owner, "t", table, base, stride, indexed]  whole records of a catalog table
//   [begin, length, owner, "f", table, field]                   one field of a table, marked alone
//   [begin, length, owner, "l", leaf key]                       a stream, array or payload
//   [begin, length, owner, "?", leaf name]                      a leaf no table describes
json marks_json(Format format, const CoverageMap& map) {
  json marks = json::array();
  for (const CoverageMark& m : map.marks()) {
    json mark = {m.begin, m.end - m.begin, std::string(map.owner(m.owner))};
    const CoverageMap::RecordLayout layout = map.record_layout(m);
    if (!layout.fields.empty()) {
      const auto table = table_of(layout.fields.data());
      mark.insert(mark.end(), {"t", table ? json(table->first) : json(nullptr), layout.base, layout.stride, layout.indexed});
    } else if (const std::optional<LeafInfo> leaf = describe_leaf(format, map, m); leaf && leaf->field && table_of(leaf->field)) {
      const auto table = *table_of(leaf->field);
      mark.insert(mark.end(), {"f", table.first, table.second});
    } else if (leaf) {
      mark.insert(mark.end(), {"l", leaf_key(format, m.leaf)});
    } else {
      mark.insert(mark.end(), {"?", std::string(m.leaf)});
    }
    marks.push_back(std::move(mark));
  }
  return marks;
}

}  // namespace

FilePage file_page(const RoundTripOutcome& o, Bytes data, const ParsedView& parsed,
                   const std::vector<std::string_view>& invariants_violated, bool with_detail) {
  json page = {{"path", o.path},
               {"size", data.size()},
               {"format", std::string(format_name(o.format))},
               {"parsed", o.parsed},
               {"identical", o.read_only && o.parsed ? json("read-only") : json(o.identical)},
               {"invariants_violated", invariants_violated}};
  json diagnostics = json::array();
  for (const Diagnostic& d : o.diagnostics)
    diagnostics.push_back({std::string(severity_name(d.severity)), std::string(d.code), d.path, d.offset, d.message});
  page["diagnostics"] = std::move(diagnostics);
  FilePage out;
  const ParsedCoverage coverage = parsed_coverage(parsed);
  if (!coverage.map) {
    page["runs"] = nullptr;
    out.map = page.dump();
    return out;
  }
  // Runs as one flat array [begin, length, class, ...]: a third of the text of objects.
  json runs = json::array();
  for (const ClassRun& r : classify_bytes(o.format, *coverage.map, *coverage.summary, data)) {
    runs.push_back(r.begin);
    runs.push_back(r.end - r.begin);
    runs.push_back(static_cast<int>(r.cls));
  }
  page["runs"] = std::move(runs);
  out.map = page.dump();
  if (!with_detail) return out;
  json overlaps = json::array();
  for (const CoverageOverlap& v : coverage.summary->overlaps) overlaps.push_back({v.begin, v.end, v.first_path, v.second_path});
  json detail = {{"marks", marks_json(o.format, *coverage.map)},
                 {"overlaps", std::move(overlaps)},
                 {"bytes", data.size() <= kMaxEmbeddedFileBytes ? json(base64(data)) : json(nullptr)}};
  out.detail = detail.dump();
  return out;
}

PageRenderer file_page_renderer() {
  return [](const RoundTripOutcome& o, Bytes data, const ParsedView& parsed,
            const std::vector<std::string_view>& invariants_violated, bool detail) {
    return file_page(o, data, parsed, invariants_violated, detail);
  };
}

json page_references() {
  json tables = json::array();
  for (const TableRef& t : field_catalog()) {
    json fields = json::array();
    for (const FieldSpec& f : t.fields)
      fields.push_back({f.offset, f.width, std::string(type_name(f.type)), std::string(f.name), status_string(f.status),
                        static_cast<int>(class_of(f.status)), std::string(f.note)});
    tables.push_back({{"format", std::string(t.format)}, {"record", std::string(t.record)}, {"size", t.size}, {"fields", fields}});
  }
  json leaves = json::object();
  // Every leaf each row describes, as marks_json names it.
  for (const FormatRow* row : format_rows()) {
    if (!row->mark_leaves) continue;
    for (const MarkLeaf& l : row->mark_leaves())
      if (const std::optional<LeafInfo> info = row->describe_mark(l.owner, l.leaf))
        leaves[leaf_key(row->format, l.leaf)] = leaf_json(*info);
  }
  json classes = json::array();
  for (size_t c = 0; c < kByteClassCount; ++c) {
    const auto cls = static_cast<ByteClass>(c);
    const char* role = c < kStatusCount ? "status"
                       : cls == ByteClass::unknown_status ? "unknown_status"
                       : cls == ByteClass::padding        ? "padding"
                       : cls == ByteClass::zero_gap       ? "zero_gap"
                       : cls == ByteClass::nonzero        ? "nonzero"
                                                          : "overlap";
    classes.push_back({{"name", std::string(byte_class_name(cls))}, {"colour", std::string(byte_class_colour(cls))}, {"role", role}});
  }
  return {{"tables", tables}, {"leaves", leaves}, {"classes", classes}};
}

}  // namespace meshgate
