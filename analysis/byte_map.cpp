#include "analysis/byte_map.hpp"

#include <algorithm>

#include "parser/mod/mod_fields.hpp"
#include "parser/msh/msh_streams.hpp"
#include "parser/nres/nres_fields.hpp"
#include "parser/pac/pac_fields.hpp"

namespace meshgate {

namespace {

// MSH element layouts by stream name, for showing a value: the stream table
// holds strides (checked against these below), not element types.
struct MshElement {
  std::string_view stream, type;
  uint32_t stride;
};
constexpr std::array kMshElements{
    MshElement{"positions", "f32x3", 12}, MshElement{"normals", "s8x4", 4}, MshElement{"uv0", "i16x2", 4},
    MshElement{"indices", "u16", 2},      MshElement{"frame_map", "u16", 2}, MshElement{"res18", "u16x2", 4},
};
consteval bool elements_match_stream_table() {
  for (const MshElement& e : kMshElements) {
    bool found = false;
    for (const msh::StreamType& t : msh::kStreamTypes) found = found || (t.name == e.stream && t.stride == e.stride);
    if (!found) return false;
  }
  return true;
}
static_assert(elements_match_stream_table(), "an MSH element layout disagrees with kStreamTypes");

const FieldSpec* field_named(std::span<const FieldSpec> fields, std::string_view name) {
  for (const FieldSpec& f : fields)
    if (f.name == name) return &f;
  return nullptr;
}

LeafInfo of_field(const FieldSpec& f) { return {f.status, f.note, type_name(f.type), f.width, &f}; }

std::optional<LeafInfo> mod_leaf(std::string_view leaf) {
  for (const mod::ArraySpec& a : mod::kStreamSpecs)
    if (a.name == leaf) return LeafInfo{a.status, a.note, a.element_type, a.stride, nullptr};
  for (const mod::ArraySpec* a : {&mod::kParentArraySpec, &mod::kOrderArraySpec, &mod::kMotionGroupArraySpec, &mod::kWorkspaceSpec})
    if (a->name == leaf) return LeafInfo{a->status, a->note, a->element_type, a->stride, nullptr};
  return std::nullopt;
}

std::optional<LeafInfo> msh_leaf(std::string_view owner, std::string_view leaf) {
  if (owner == "header")
    if (const FieldSpec* f = field_named(nres::kHeaderSpec.fields, leaf)) return of_field(*f);
  // Res10 records: "res10[k]" owns "length" and "text".
  if (owner.starts_with("res10[") && (leaf == "length" || leaf == "text")) {
    const msh::StreamType& strings = *msh::find_stream_type(10);
    return LeafInfo{strings.status, strings.note, leaf == "length" ? "u32" : "bytes", leaf == "length" ? 4u : 1u, nullptr};
  }
  for (const msh::StreamType& t : msh::kStreamTypes) {
    if (t.name != leaf) continue;
    LeafInfo info{t.status, t.note, "bytes", 1, nullptr};
    for (const MshElement& e : kMshElements)
      if (e.stream == leaf) info.element_type = e.type, info.stride = e.stride;
    return info;
  }
  if (leaf == "raw") return LeafInfo{Status::preserved_undecoded, "a stream type meshgate does not catalogue: kept exactly", "bytes", 1, nullptr};
  return std::nullopt;
}

std::optional<LeafInfo> nres_leaf(std::string_view owner, std::string_view leaf) {
  if (owner == "header")
    if (const FieldSpec* f = field_named(nres::kHeaderSpec.fields, leaf)) return of_field(*f);
  if (leaf == "payload")
    return LeafInfo{Status::structural_confirmed, "an entry's payload: its extent is the directory's; its content is the nested file's own map",
                    "bytes", 1, nullptr};
  return std::nullopt;
}

std::optional<LeafInfo> pac_leaf(std::string_view owner, std::string_view leaf) {
  if (owner == "header")
    if (const FieldSpec* f = field_named(pac::kHeaderSpec.fields, leaf)) return of_field(*f);
  if (leaf == "member")
    return LeafInfo{Status::structural_confirmed,
                    "a member's derived extent (to the next larger offset or the end); its content is the nested "
                    "file's own map",
                    "bytes", 1, nullptr};
  return std::nullopt;
}

std::optional<LeafInfo> texm_leaf(std::string_view leaf) {
  if (leaf == "entries")
    return LeafInfo{Status::structural_confirmed,
                    "format 0's palette, 256 entries of 4 bytes (their byte order is the spec's [CONFLICT])", "bytes",
                    4, nullptr};
  if (leaf == "pixels")
    return LeafInfo{Status::structural_confirmed, "a mip level's pixels, rows top first, in the header's pixel format",
                    "bytes", 1, nullptr};
  return std::nullopt;
}

std::optional<LeafInfo> material_leaf(std::string_view leaf) {
  if (leaf == "bytes")
    return LeafInfo{Status::preserved_undecoded, "kept exactly: a MAT0 of an unknown version, or text after a WEAR table",
                    "bytes", 1, nullptr};
  if (leaf == "count" || leaf == "id" || leaf == "name" || leaf == "keyword")
    return LeafInfo{Status::structural_confirmed, "a WEAR token (count, row id, material or lightmap name, LIGHTMAPS)",
                    "bytes", 1, nullptr};
  if (leaf == "separator")
    return LeafInfo{Status::structural_confirmed, "whitespace between WEAR tokens (CRLF in real files), kept exactly",
                    "bytes", 1, nullptr};
  return std::nullopt;
}

// Colour precedence when runs meet at one pixel of a scaled map is the
// class order's reverse: unexplained bytes win.
void push_run(std::vector<ClassRun>& runs, uint64_t begin, uint64_t end, ByteClass cls) {
  if (begin >= end) return;
  if (!runs.empty() && runs.back().end == begin && runs.back().cls == cls) {
    runs.back().end = end;
    return;
  }
  runs.push_back({begin, end, cls});
}

}  // namespace

ByteClass class_of(StatusSet status) {
  for (int i = 0; i < kStatusCount; ++i)
    if (status.has(static_cast<Status>(i))) return static_cast<ByteClass>(i);  // the primary status: first member
  return ByteClass::unknown_status;
}

std::string_view byte_class_name(ByteClass c) {
  switch (c) {
    case ByteClass::unknown_status: return "field without a status";
    case ByteClass::padding: return "uncovered padding";
    case ByteClass::zero_gap: return "uncovered zero gap";
    case ByteClass::nonzero: return "uncovered non-zero";
    case ByteClass::overlap: return "overlap";
    default: return status_name(static_cast<Status>(c));
  }
}

std::string_view byte_class_colour(ByteClass c) {
  // Confirmed statuses in greens and blues, candidates and preserved bytes in
  // ambers, uncovered bytes grey (zero) or magenta/red (content, overlaps).
  static constexpr std::array<std::string_view, kByteClassCount> kColours{
      "#2e7d32",  // EXE_CONFIRMED
      "#81c784",  // CORPUS_CONFIRMED
      "#00695c",  // EXE_AND_CORPUS_CONFIRMED
      "#1e88e5",  // STRUCTURAL_CONFIRMED
      "#fdd835",  // SEMANTIC_CANDIDATE
      "#fb8c00",  // PRESERVED_UNDECODED
      "#bcaaa4",  // RESERVED_OBSERVED_ZERO
      "#6d4c41",  // REJECTED
      "#000000",  // field without a status
      "#e0e0e0",  // uncovered padding
      "#9e9e9e",  // uncovered zero gap
      "#e91e63",  // uncovered non-zero
      "#d50000",  // overlap
  };
  return kColours[static_cast<size_t>(c)];
}

std::optional<LeafInfo> describe_leaf(Format format, const CoverageMap& map, const CoverageMark& mark) {
  if (const FieldSpec* f = field_named(map.owner_fields(mark.owner), mark.leaf)) return of_field(*f);
  const std::string_view owner = map.owner(mark.owner);
  switch (format) {
    case Format::dmc3_mod: return mod_leaf(mark.leaf);
    case Format::nres_msh:  // a rejected model's map is its container's
      if (auto leaf = msh_leaf(owner, mark.leaf)) return leaf;
      return nres_leaf(owner, mark.leaf);
    case Format::nres: return nres_leaf(owner, mark.leaf);
    case Format::dmc3_pac:
    case Format::dmc3_pnst: return pac_leaf(owner, mark.leaf);
    case Format::nikita_texm: return texm_leaf(mark.leaf);
    case Format::nikita_mat0:
    case Format::nikita_wear: return material_leaf(mark.leaf);
    default: return std::nullopt;
  }
}

std::vector<ClassRun> classify_bytes(Format format, const CoverageMap& map, const CoverageSummary& summary, Bytes data) {
  std::vector<ClassRun> covered;
  uint64_t painted = 0;  // marks are sorted by begin; a byte already painted is an overlap, drawn below
  for (const CoverageMark& m : map.marks()) {
    const uint64_t end = std::min<uint64_t>(m.end, data.size());
    if (m.begin >= end || end <= painted) continue;
    const uint64_t begin = std::max(m.begin, painted);
    const CoverageMap::RecordLayout layout = map.record_layout(m);
    if (layout.fields.empty()) {
      const std::optional<LeafInfo> leaf = describe_leaf(format, map, m);
      push_run(covered, begin, end, leaf ? class_of(leaf->status) : ByteClass::unknown_status);
    } else {
      // Records: one run per field, merged where neighbours share a class.
      for (uint64_t record = layout.base + (begin - layout.base) / layout.stride * layout.stride; record < end;
           record += layout.stride)
        for (const FieldSpec& f : layout.fields)
          push_run(covered, std::max(begin, record + f.offset), std::min(end, record + f.offset + f.width), class_of(f.status));
    }
    painted = end;
  }
  std::vector<ClassRun> uncovered;
  for (const UncoveredRange& u : summary.uncovered) {
    const uint64_t end = std::min<uint64_t>(u.end, data.size());
    const ByteClass zero = u.kind == GapKind::alignment_padding ? ByteClass::padding : ByteClass::zero_gap;
    for (uint64_t i = u.begin; i < end; ++i) push_run(uncovered, i, i + 1, data[i] == std::byte{0} ? zero : ByteClass::nonzero);
  }
  std::vector<ClassRun> runs;
  runs.reserve(covered.size() + uncovered.size());
  std::merge(covered.begin(), covered.end(), uncovered.begin(), uncovered.end(), std::back_inserter(runs),
             [](const ClassRun& a, const ClassRun& b) { return a.begin < b.begin; });
  // Overlaps (at most CoverageMap::kMaxReportedOverlaps of them) are cut in last.
  for (const CoverageOverlap& o : summary.overlaps) {
    std::vector<ClassRun> cut;
    for (const ClassRun& r : runs) {
      if (r.end <= o.begin || r.begin >= o.end) {
        cut.push_back(r);
        continue;
      }
      if (r.begin < o.begin) cut.push_back({r.begin, o.begin, r.cls});
      cut.push_back({std::max(r.begin, o.begin), std::min(r.end, o.end), ByteClass::overlap});
      if (r.end > o.end) cut.push_back({o.end, r.end, r.cls});
    }
    runs = std::move(cut);
  }
  std::vector<ClassRun> merged;
  for (const ClassRun& r : runs) push_run(merged, r.begin, r.end, r.cls);
  return merged;
}

std::array<uint64_t, kByteClassCount> class_totals(const std::vector<ClassRun>& runs) {
  std::array<uint64_t, kByteClassCount> totals{};
  for (const ClassRun& r : runs) totals[static_cast<size_t>(r.cls)] += r.end - r.begin;
  return totals;
}

}  // namespace meshgate
