// NBZ/ZIP volumes: read in place, members inflated one at a time, or several
// at once on the threads of ParseTreeOptions::jobs; written only with a
// member replaced, added or removed (edit_member, the volume writer).
#include "pipeline/formats/rows.hpp"

#include <array>

#include "parser/core/utf8_text.hpp"
#include "parser/zip/zip_diagnostic_codes.hpp"
#include "parser/zip/zip_rewrite_codes.hpp"
#include "writer/zip/zip_copy_check.hpp"
#include "writer/zip/zip_rewrite.hpp"
#include "pipeline/field_listing.hpp"
#include "pipeline/formats/zip/zip_field_listing.hpp"
#include "pipeline/formats/row_parts.hpp"
#include "pipeline/formats/zip_edit.hpp"

namespace meshgate {

namespace zip_row {

// Which members of a volume to read: those a format claims by their first
// bytes (or that hold more than they declare, or cannot be read at all, to
// say why), while the peeks and the declared sizes fit the input's inflation
// budget and the nested-file budget has room. Past the nesting depth, one
// such member is enough to say the volume was cut, and nothing is reserved.
void select_members(ParsedFile& f, const zip::Volume& volume, ParseContext& c) {
  TreeBudget& budget = c.budget;
  for (size_t m = 0; m < volume.members.size(); ++m) {
    const zip::Member& member = volume.members[m];
    if (member.directory) continue;
    if (budget.nested_left == 0) return note_nested_limit(f, budget, "members");
    const uint64_t peek_cost = zip::peek_cost(member, kMagicProbeBytes);
    if (peek_cost > budget.inflated_left) {
      budget.exhausted = true;
      f.tree_diagnostics.push_back({zip::codes::inflated_limit.code, Severity::error, member.name, 0,
                                    inflated_limit_text(budget, "telling its format (and the next members')")});
      return;
    }
    budget.inflated_left -= peek_cost;
    const std::vector<std::byte> prefix = volume.peek(member, kMagicProbeBytes);
    // A member that cannot even be peeked into (encrypted, a method libzip
    // lacks, broken data), or holds more than it declares, is visited too.
    const bool unreadable = member.encrypted || (prefix.empty() && member.size > 0);
    const bool holds_more = prefix.size() > member.size;
    const Format format = detect_format(prefix);
    if (!unreadable && !holds_more && format == Format::unknown) continue;
    const uint64_t reserved = member.size > c.options.limits.for_format(format) ? 0 : member.size;  // a larger one is refused unread
    if (reserved > budget.inflated_left) {
      budget.exhausted = true;
      f.tree_diagnostics.push_back({zip::codes::inflated_limit.code, Severity::error, member.name, 0,
                                    inflated_limit_text(budget, "reading it")});
      continue;
    }
    NestedChild& child = f.children.emplace_back();
    child.name = member.name;
    child.index = m;
    child.inflated = true;  // its bytes are inflated when it is visited
    child.format = format;
    if (at_nesting_limit(c.depth)) return note_nesting_cut(f, "members");
    child.reserved = reserved;
    budget.inflated_left -= reserved;
    budget.nested_left -= 1;
  }
}

void parse(ParsedFile& f, ParseContext& c) {
  const zip::ParseResult& result = f.model.emplace<zip::ParseResult>(zip::parse_volume(f.data));
  if (result.ok()) select_members(f, *result.volume, c);
}

// The volume listed over positioned reads of its file (replace/add/remove
// of a volume of any size); its members are inflated through `source`.
bool open_in_place(ParsedFile& f, std::shared_ptr<ByteSource> source) {
  return f.model.emplace<zip::ParseResult>(zip::parse_volume(std::move(source))).ok();
}

// A volume's edit in place (FormatRow::plan_in_place): the writer's plan
// over the file, written by zip::write_rewrite.
class VolumePlan final : public InPlacePlan {
 public:
  explicit VolumePlan(zip::Rewrite rewrite) : rewrite_(std::move(rewrite)) {}
  [[nodiscard]] uint64_t size() const override { return rewrite_.size; }
  [[nodiscard]] bool write(ByteSource& source, std::ostream& out) const override {
    return zip::write_rewrite(rewrite_, source, out);
  }

 private:
  zip::Rewrite rewrite_;
};

// The new members compressed, every other record to be copied from the file as it is.
PlannedInPlace plan_in_place(const ParsedFile& f, ByteSource& source, const MemberEdit& edit) {
  PlannedInPlace out;
  std::string error;
  std::optional<zip::Edit> e = zip_edit_of(*f.as<zip::ParseResult>()->volume, edit, error);
  if (!e) return out.error = error, out;
  zip::Planned planned = zip::plan_rewrite(source, {std::move(*e)});
  if (planned.problem) return out.error = zip_edit_error(*planned.problem), out;
  if (edit.kind == MemberEditKind::add) out.added_name = edit.name;
  out.plan = std::make_shared<const VolumePlan>(std::move(*planned.rewrite));
  return out;
}

// The read-back check of the records copied (writer/zip/zip_copy_check.hpp):
// `edit` says which central entry the rewrite replaced, removed or added.
std::optional<std::string> check_in_place(ByteSource& was, ByteSource& written, const MemberEdit& edit) {
  const zip::EditedEntry edited{.index = edit.kind == MemberEditKind::add ? std::nullopt : std::optional<size_t>(edit.member),
                                .removed = edit.kind == MemberEditKind::remove, .added = edit.kind == MemberEditKind::add};
  return zip::check_copied_records(was, written, edited, zip::kMaxMembers);
}

InflatedChild inflate_child(const ParsedFile& f, const NestedChild& child, uint64_t limit, std::vector<std::byte> buffer) {
  const zip::Volume& volume = *f.as<zip::ParseResult>()->volume;
  zip::Volume::Inflated inflated = volume.inflate(volume.members[child.index], limit, std::move(buffer));
  return {std::move(inflated.bytes), std::move(inflated.problem)};
}

// The tree's findings (the inflation budget) as well as the volume's own.
nlohmann::json inspect(const ParsedFile& f) {
  nlohmann::json report = volume_inspect_json(f.data, *f.as<zip::ParseResult>(), f.diagnostics());
  report["parse_ok"] = f.ok();
  return report;
}

std::string summary_text(const nlohmann::json& report) {
  const auto& s = report["summary"];
  std::ostringstream out;
  out << "  " << s["members"] << " members (" << s["read_members"] << " models or containers, read as "
      << "FILE!NAME), " << s["declared_bytes"] << " bytes declared inflated; read-only for rebuild and set "
      << "(replace, add and remove write a new volume)\n";
  for (const auto& m : s["list"])
    out << "    " << display_text(m["name"].get<std::string>()) << ": " << m["kind"].get<std::string>() << ", "
        << m["size"] << " bytes (" << m["method"].get<std::string>() << ", " << m["compressed_size"] << "), crc32 "
        << m["crc32"].get<std::string>() << "\n";
  return out.str();
}

// Every member that holds data, by its path; its bytes are inflated when asked (inflate_child).
std::vector<ContainerMember> members(const ParsedFile& f) {
  std::vector<ContainerMember> out;
  const std::vector<zip::Member>& all = f.as<zip::ParseResult>()->volume->members;
  for (size_t i = 0; i < all.size(); ++i)
    if (!all[i].directory)
      out.push_back({.name = all[i].name, .bytes = {}, .origin = {}, .index = i, .inflated = true, .size = all[i].size,
                     .stored_digest = "crc32 " + std::to_string(all[i].crc32) + ", size " + std::to_string(all[i].size) +
                                      ", method " + std::to_string(all[i].method)});
  return out;
}

// The volume writer (writer/zip/, docs/spec/dmc3-containers.md §2.1): the
// member replaced, added or removed by its name as stored, every other
// member's local record copied verbatim, the central directory rebuilt.
EditedContainer edit_member(const ParsedFile& f, const MemberEdit& edit) {
  EditedContainer out;
  std::string error;
  std::optional<zip::Edit> e = zip_edit_of(*f.as<zip::ParseResult>()->volume, edit, error);
  if (!e) {
    out.error = error;
    return out;
  }
  zip::Rewritten written = zip::rewrite_zip(f.data, {std::move(*e)});
  if (written.problem) {
    out.error = zip_edit_error(*written.problem);
    return out;
  }
  out.bytes = std::move(written.bytes);
  if (edit.kind == MemberEditKind::add) out.added_name = edit.name;
  return out;
}

// The central directory's file members (a directory entry holds no bytes).
std::vector<StoredDigest> stored_digests(const ParsedView& v) {
  std::vector<StoredDigest> out;
  const auto* r = v.as<zip::ParseResult>();
  if (!r || !r->ok()) return out;
  for (const zip::Member& m : r->volume->members)
    if (!m.directory) out.push_back({m.name, m.size, m.crc32});
  return out;
}

// Its members are inflated under the input's --max-inflated.
constexpr std::array kReadingCuts{zip::codes::inflated_limit};

}  // namespace zip_row

std::optional<zip::Edit> zip_edit_of(const zip::Volume& volume, const MemberEdit& edit, std::string& error) {
  zip::Edit e{.kind = edit.kind == MemberEditKind::add       ? zip::EditKind::add
                      : edit.kind == MemberEditKind::remove ? zip::EditKind::remove
                                                            : zip::EditKind::replace,
              .name = edit.name,
              .bytes = {edit.bytes.begin(), edit.bytes.end()}};
  if (edit.kind == MemberEditKind::add) return e;
  if (edit.member >= volume.members.size()) {
    error = "the volume has no member " + std::to_string(edit.member);
    return std::nullopt;
  }
  e.name = volume.members[edit.member].name;
  return e;
}

std::string zip_edit_error(const Diagnostic& d) {
  return d.path + (d.code == zip::rewrite_codes::refused.code ? " " : ": ") + d.message + " (" + std::string(d.code) + ")";
}

const FormatRow kZipRow{.format = Format::zip_volume,
                        .parse = zip_row::parse,
                        .inflate_child = zip_row::inflate_child,
                        .write_back = nullptr,
                        .read_only_reason = "an NBZ/ZIP volume is read-only: meshgate does not rebuild or set one "
                                            "in place (replace, add and remove rewrite its members; roundtrip, "
                                            "sweep, diff and gate read the members in place)",
                        .inspect = zip_row::inspect,
                        .fields = nullptr,
                        .summary_text = zip_row::summary_text,
                        .rebuild = nullptr,
                        .describe_mark = nullptr,
                        .export_gltf = nullptr,
                        .lods = 0,
                        .reads_looks = false,
                        .is_look = false,
                        .members = zip_row::members,
                        .edit_member = zip_row::edit_member,
                        .open_in_place = zip_row::open_in_place,
                        .plan_in_place = zip_row::plan_in_place,
                        .check_in_place = zip_row::check_in_place,
                        .stored_digests = zip_row::stored_digests,
                        .reading_cuts = zip_row::kReadingCuts};

}  // namespace meshgate
