// DMC3 PAC and PNST containers: relative-slot tables of MODs and containers.
#include "pipeline/formats/rows.hpp"

#include <algorithm>
#include <array>

#include "pipeline/field_listing.hpp"
#include "pipeline/formats/pac/pac_field_listing.hpp"
#include "pipeline/formats/pac/pac_invariant_tally.hpp"
#include "pipeline/formats/row_parts.hpp"
#include "pipeline/formats/pac/pac_observations.hpp"
#include "parser/pac/pac_fields.hpp"
#include "parser/pac/pac_kaitai.hpp"
#include "writer/pac/pac_layout_builder.hpp"
#include "writer/pac/pac_member_edit.hpp"
#include "writer/pac/pac_writer.hpp"

namespace meshgate {

namespace pac_row {

// Validated by the parse.
Bytes extent(Bytes data, const pac::Member& m) {
  return data.subspan(static_cast<size_t>(m.offset), static_cast<size_t>(m.extent));
}

// An opaque member to the container parser (which knows MOD, PAC and PNST)
// is still a file meshgate reads when detection claims it: an SCM stage, a
// PTX texture companion (by its first entry, docs/spec/dmc3-textures.md §1).
bool detection_claims(Bytes member) {
  return detect_format(member.first(std::min(member.size(), kMagicProbeBytes))) != Format::unknown;
}

// Members are not copied: every reader takes them where they lie. A MOD, a
// container or a member detection claims is descended into, named by its
// first slot; other opaque members are not.
void parse(ParsedFile& f, ParseContext& c) {
  const pac::ParseResult& result = f.model.emplace<pac::ParseResult>(pac::parse_pac(f.data, {.strict = c.options.strict}));
  if (!result.ok()) return;
  const std::vector<pac::Member>& members = result.container->members;
  for (size_t m = 0; m < members.size(); ++m)
    if (members[m].kind != pac::MemberKind::opaque || detection_claims(extent(f.data, members[m])))
      f.children.push_back({.name = pac::slot_name(members[m].slots.front()), .bytes = extent(f.data, members[m]),
                            .origin = {.container_member = true}, .index = m});
  admit_children(f, c.depth, "slots", c.budget);
}

void write_back(ParsedFile& f, RoundTripOutcome& out) {
  pac::Container& container = *f.as<pac::ParseResult>()->container;
  pac::attach_members(container, f.data);
  compare_written(out, f.data, [&](const PartObserver* o) { return pac::write_pac(container, o); });
  // The copies go at once: the container stays alive while its members are
  // visited, and copies kept at every level of a nest would cost depth x size.
  for (pac::Member& m : container.members) std::vector<std::byte>().swap(m.bytes);
}

nlohmann::json inspect(const ParsedFile& f) { return pac_inspect_head(f.data, *f.as<pac::ParseResult>()); }

FieldListing fields(const ParsedFile& f, bool outlives_file) {
  return listing_of(*f.as<pac::ParseResult>()->container, outlives_file, pac_field_listing);
}

std::string summary_text(const nlohmann::json& report) {
  const auto& s = report["summary"];
  std::ostringstream out;
  out << "  " << s["declared_slots"] << " slots (" << s["populated_slots"] << " populated, " << s["empty_slots"]
      << " empty), " << s["members"].size() << " members\n";
  for (const auto& m : s["members"])
    out << "    slot " << m["slot"] << ": " << m["kind"].get<std::string>() << " at " << m["offset"] << ", extent "
        << m["extent"] << ", offset mod 16 = " << m["alignment_mod_16"] << "\n";
  return out.str();
}

// The alignment a canonical container uses, stated in every rebuild's notes.
constexpr uint64_t kContainerAlignment = 16;

// A PAC/PNST container laid out afresh: members in the order of their first
// slot, each at a 16-aligned offset with zero padding (which becomes the tail
// of the member before it: the extent rule), the table rewritten; empty slots
// stay empty and slots that shared an offset still share one. Each nested MOD
// or container is replaced by its own rebuild (made before this one); opaque
// members are their exact extents.
CanonicalLayout rebuild(const ParsedFile& f, const ChildRebuild& child) {
  CanonicalLayout out;
  const pac::Container& c = *f.as<pac::ParseResult>()->container;
  pac::ContainerDescription d;
  d.kind = c.kind;
  d.slot_count = static_cast<uint32_t>(c.slots.size());
  d.alignment = kContainerAlignment;
  d.phase = 0;
  std::vector<size_t> order(c.members.size());
  for (size_t m = 0; m < order.size(); ++m) order[m] = m;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return c.members[a].slots.front() < c.members[b].slots.front(); });
  for (size_t m : order) {
    const auto nested = std::find_if(f.children.begin(), f.children.end(), [&](const NestedChild& n) { return n.index == m; });
    const Bytes bytes = extent(f.data, c.members[m]);
    d.members.push_back({c.members[m].slots, nested != f.children.end() ? child(*nested, out)
                                                                         : std::vector<std::byte>(bytes.begin(), bytes.end())});
  }
  out.bytes = pac::build_pac(d);
  for (const Gap& g : c.gaps)
    if (!g.all_zero())
      out.not_placed.push_back(f.path + ": " + std::to_string(g.bytes.size()) + " non-zero bytes at " + hex_offset(g.offset) +
                               " that no member claims (the fresh layout pads with zeros)");
  out.notes.push_back(f.path + ": members laid out in slot order at " + std::to_string(kContainerAlignment) +
                      "-aligned offsets (offset % " + std::to_string(kContainerAlignment) +
                      " == 0), zero padding; empty slots kept");
  return out;
}

std::optional<LeafInfo> describe_mark(std::string_view owner, std::string_view leaf) {
  if (owner == "header")
    if (const FieldSpec* f = field_named(pac::kHeaderSpec.fields, leaf)) return of_field(*f);
  if (leaf == "member")
    return LeafInfo{Status::structural_confirmed,
                    "a member's derived extent (to the next larger offset or the end); its content is the nested "
                    "file's own map",
                    "bytes", 1, nullptr};
  return std::nullopt;
}

std::vector<MarkLeaf> mark_leaves() { return {{"slots[0]", "member"}}; }

// Every member, named by its first slot, in offset order.
std::vector<ContainerMember> members(const ParsedFile& f) {
  std::vector<ContainerMember> out;
  const pac::Container& c = *f.as<pac::ParseResult>()->container;
  for (size_t m = 0; m < c.members.size(); ++m)
    out.push_back({.name = pac::slot_name(c.members[m].slots.front()), .bytes = extent(f.data, c.members[m]),
                   .origin = {.container_member = true}, .index = m, .size = c.members[m].extent});
  return out;
}

EditedContainer edit_member(const ParsedFile& f, const MemberEdit& edit) {
  return pac::edit_pac(f.data, *f.as<pac::ParseResult>()->container, edit);
}

// The envelope's tables (field_tables): catalogued once, under dmc3-pac,
// and filled by a PNST too.
constexpr std::array kTables = {
    table_ref<pac::kHeaderSpec>(pac::kPacFormatName),
    table_ref<pac::kSlotSpec>(pac::kPacFormatName),
};
constexpr std::array kSharedTables = {Format::dmc3_pac};

constexpr FormatRow container_row(Format format) {
  return {.format = format,
          .parse = parse,
          .inflate_child = nullptr,
          .write_back = write_back,
          .read_only_reason = nullptr,
          .inspect = inspect,
          .fields = fields,
          .summary_text = summary_text,
          .rebuild = rebuild,
          .describe_mark = describe_mark,
          .export_gltf = nullptr,
          .lods = 0,
          .reads_looks = false,
          .is_look = false,
          .kaitai = pac::kaitai_spec,
          .mark_leaves = mark_leaves,
          .members = members,
          .edit_member = edit_member,  // PAC and PNST share the envelope, and so the .ksy
          .field_tables = format == Format::dmc3_pac ? std::span<const TableRef>(kTables) : std::span<const TableRef>(),
          .catalogue_order = format == Format::dmc3_pac ? 4u : 0u,
          .fills_tables_of = format == Format::dmc3_pac ? std::span<const Format>() : std::span<const Format>(kSharedTables),
          .observe = observe,
          .invariants = &kInvariants};  // a PNST is tallied under the PAC's ids
}

}  // namespace pac_row

const FormatRow kPacRow = pac_row::container_row(Format::dmc3_pac);
const FormatRow kPnstRow = pac_row::container_row(Format::dmc3_pnst);

}  // namespace meshgate
