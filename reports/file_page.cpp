#include "reports/file_page.hpp"

#include <algorithm>
#include <charconv>
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

// JSON text appended in place. Runs and marks are most of a page: made as a
// DOM first, their allocations cost more than drawing the map (a report of a
// 100 MB install spent a quarter of its time building and freeing them).
void put_number(std::string& out, uint64_t n) {
  char digits[24];
  const auto end = std::to_chars(digits, digits + sizeof digits, n).ptr;
  out.append(digits, end);
}

void put_string(std::string& out, std::string_view s) {
  out += '"';
  for (const char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      static constexpr char kHex[] = "0123456789abcdef";
      out += "\\u00";
      out += kHex[(c >> 4) & 0xF];
      out += kHex[c & 0xF];
    } else {
      out += c;
    }
  }
  out += '"';
}

// The coverage marks as the page's script reads them:
//   [begin, length, owner, "t", table, base, stride, indexed]  whole records of a catalog table
//   [begin, length, owner, "f", table, field]                   one field of a table, marked alone
//   [begin, length, owner, "l", leaf key]                       a stream, array or payload
//   [begin, length, owner, "?", leaf name]                      a leaf no table describes
void put_mark(std::string& out, Format format, const CoverageMap& map, const CoverageMark& m) {
  out += '[';
  put_number(out, m.begin);
  out += ',';
  put_number(out, m.end - m.begin);
  out += ',';
  put_string(out, map.owner(m.owner));
  const CoverageMap::RecordLayout layout = map.record_layout(m);
  if (!layout.fields.empty()) {
    const auto table = table_of(layout.fields.data());
    out += ",\"t\",";
    table ? put_number(out, table->first) : (void)(out += "null");
    out += ',';
    put_number(out, layout.base);
    out += ',';
    put_number(out, layout.stride);
    out += layout.indexed ? ",true" : ",false";
  } else if (const std::optional<LeafInfo> leaf = describe_leaf(format, map, m); leaf && leaf->field && table_of(leaf->field)) {
    const auto table = *table_of(leaf->field);
    out += ",\"f\",";
    put_number(out, table.first);
    out += ',';
    put_number(out, table.second);
  } else {
    out += leaf ? ",\"l\"," : ",\"?\",";
    put_string(out, leaf ? leaf_key(format, m.leaf) : std::string(m.leaf));
  }
  out += ']';
}

std::string marks_text(Format format, const CoverageMap& map) {
  std::string out = "[";
  for (const CoverageMark& m : map.marks()) {
    if (out.size() > 1) out += ',';
    put_mark(out, format, map, m);
  }
  return out + "]";
}

// The byte map's runs as one flat array [begin, length, class, ...]: a third of the text of objects.
std::string runs_text(const std::vector<ClassRun>& runs) {
  std::string out = "[";
  for (const ClassRun& r : runs) {
    if (out.size() > 1) out += ',';
    put_number(out, r.begin);
    out += ',';
    put_number(out, r.end - r.begin);
    out += ',';
    put_number(out, static_cast<uint64_t>(r.cls));
  }
  return out + "]";
}

// The parts of a file a page embeds: the whole file when it fits the page's
// budget, else (within it) the first bytes, around each diagnostic's offset
// and each overlap, then the uncovered ranges, non-zero ones first. A page
// of a large file then carries kilobytes, not the file: what it is for (the
// failure, the unexplained bytes) is in the windows, every other byte keeps
// its class on the map and its field but shows no value.
std::vector<ByteWindow> page_windows(Bytes data, const std::vector<Diagnostic>& diagnostics, const CoverageSummary* coverage) {
  if (data.size() <= kPageWindowBudget) return {{0, data.size()}};
  std::vector<ByteWindow> wanted{{0, kPageFirstWindow}};
  const auto around = [&](uint64_t at) { wanted.push_back({at > kPageWindowContext ? at - kPageWindowContext : 0, 2 * kPageWindowContext}); };
  for (const Diagnostic& d : diagnostics) around(d.offset);
  if (coverage) {
    for (const CoverageOverlap& v : coverage->overlaps) around(v.begin);
    for (int pass = 0; pass < 2; ++pass)  // non-zero ranges first, then the zero ones
      for (const UncoveredRange& r : coverage->uncovered) {
        const bool nonzero = std::any_of(data.begin() + static_cast<std::ptrdiff_t>(std::min<uint64_t>(r.begin, data.size())),
                                         data.begin() + static_cast<std::ptrdiff_t>(std::min<uint64_t>(r.end, data.size())),
                                         [](std::byte b) { return b != std::byte{0}; });
        if (nonzero == (pass == 0)) wanted.push_back({r.begin, std::min<uint64_t>(r.end - r.begin, kPageRangeWindow)});
      }
  }
  return fit_windows(wanted, data.size(), kPageWindowBudget);
}

json windows_json(Bytes data, const std::vector<ByteWindow>& windows) {
  json out = json::array();
  for (const ByteWindow& w : windows) out.push_back({w.begin, base64(data.subspan(w.begin, w.length))});
  return out;
}

}  // namespace

std::vector<ByteWindow> fit_windows(const std::vector<ByteWindow>& wanted, uint64_t file_size, uint64_t budget) {
  // Taken in the order asked, each clipped to the file and to what the budget has left...
  std::vector<ByteWindow> taken;
  uint64_t spent = 0;
  for (const ByteWindow& w : wanted) {
    if (w.begin >= file_size || spent >= budget) continue;
    const uint64_t length = std::min({w.length, file_size - w.begin, budget - spent});
    taken.push_back({w.begin, length});
    spent += length;
  }
  // ...then sorted and merged where they touch (the page looks a byte up by its window).
  std::sort(taken.begin(), taken.end(), [](const ByteWindow& a, const ByteWindow& b) { return a.begin < b.begin; });
  std::vector<ByteWindow> merged;
  for (const ByteWindow& w : taken) {
    if (!merged.empty() && w.begin <= merged.back().begin + merged.back().length)
      merged.back().length = std::max(merged.back().length, w.begin + w.length - merged.back().begin);
    else if (w.length > 0)
      merged.push_back(w);
  }
  return merged;
}

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
  // The page's object with "runs" spliced in as text (the object's dump ends in '}').
  out.map = page.dump();
  out.map.pop_back();
  out.map += ",\"runs\":" + runs_text(classify_bytes(o.format, *coverage.map, *coverage.summary, data)) + "}";
  if (!with_detail) return out;
  json overlaps = json::array();
  for (const CoverageOverlap& v : coverage.summary->overlaps) overlaps.push_back({v.begin, v.end, v.first_path, v.second_path});
  out.detail = "{\"marks\":" + marks_text(o.format, *coverage.map) + ",\"overlaps\":" + overlaps.dump() +
               ",\"windows\":" + windows_json(data, page_windows(data, o.diagnostics, coverage.summary)).dump() + "}";
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
  // Every leaf each row describes, as put_mark names it.
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
