#include "change/member_rewrite.hpp"

#include "pipeline/input_scan.hpp"

namespace meshgate {

namespace {

// A fresh result keeping only the address and the levels: no bytes, no plan.
// (Built anew rather than moved from `out`, whose optional plan mingw-w64's
// GCC 12 reports as maybe-uninitialized when moved.)
MemberRewrite failed(MemberRewrite&& out, std::string error, bool unsupported = false) {
  MemberRewrite refused;
  refused.changed = std::move(out.changed);
  refused.levels = std::move(out.levels);
  refused.error = std::move(error);
  refused.unsupported = unsupported;
  return refused;
}

// The member's own line in "levels": what it was and what it is.
LevelChange member_change(const AddressPath& path, const MemberEdit& edit, const std::string& address) {
  const bool add = edit.kind == MemberEditKind::add;
  const AddressLevel& last = path.levels.back();
  return {.address = address,
          .format = add ? detect_format(edit.bytes.first(std::min(edit.bytes.size(), kMagicProbeBytes))) : last.format,
          .size_before = add ? 0 : last.bytes.size(),
          .size_after = edit.kind == MemberEditKind::remove ? 0 : edit.bytes.size()};
}

// The outer file's edit planned over its file by its row
// (FormatRow::plan_in_place): what is new made, the rest to be copied.
EditedContainer plan_outer(const OuterVolume& outer, const MemberEdit& edit, std::shared_ptr<const InPlacePlan>& plan,
                           uint64_t& size) {
  EditedContainer out;
  const FormatRow& row = row_of(outer.parsed.format);
  if (!row.plan_in_place) return out.error = "a " + std::string(format_name(outer.parsed.format)) + " is not edited in place", out;
  PlannedInPlace planned = row.plan_in_place(outer.parsed, *outer.source, edit);
  if (planned.error) return out.error = std::move(planned.error), out;
  out.added_name = std::move(planned.added_name);
  size = planned.plan->size();
  plan = std::move(planned.plan);
  return out;
}

// Why `path` cannot take an edit of `kind`, or nothing: a walk that stopped
// (its levels end short of the address), or fewer levels than the edit
// needs (a member and its container; a container to add to).
std::optional<std::string> unwalked(const AddressPath& path, MemberEditKind kind) {
  if (!path.error.empty()) return path.error;
  const size_t needed = kind == MemberEditKind::add ? 1 : 2;
  if (path.levels.size() < needed) return "the address names no member to " + std::string(kind == MemberEditKind::add ? "add to" : "edit");
  return std::nullopt;
}

// Why the parsed level `f` cannot have a member edited (a file of a format
// that holds none: a container added to must be one), or nothing.
std::optional<std::string> not_editable(const ParsedFile& f, const std::string& display) {
  const LevelMembers held = members_of(f);
  if (!held.error.empty()) return display + " is " + held.error;
  if (!row_of(f.format).edit_member) return display + " is a " + std::string(format_name(f.format)) + " container meshgate cannot rewrite";
  return std::nullopt;
}

}  // namespace

size_t container_level(const AddressPath& path, MemberEditKind kind) {
  return kind == MemberEditKind::add ? path.levels.size() - 1 : path.levels.size() - 2;
}

MemberRewrite rewrite_member(const AddressPath& path, MemberEdit edit, const ParseTreeOptions& options) {
  MemberRewrite out;
  if (auto why = unwalked(path, edit.kind)) return failed(std::move(out), *why);
  if (edit.kind != MemberEditKind::add) edit.member = path.levels.back().member;
  const MemberEdit innermost = edit;
  std::vector<LevelChange> changes;
  std::vector<std::vector<std::byte>> written;  // each level's new bytes, the innermost first (the next edit views them)
  for (size_t level = container_level(path, edit.kind);; --level) {
    const AddressLevel& container = path.levels[level];
    const bool streamed = level == 0 && path.outer_volume;
    const ParsedFile f = streamed ? ParsedFile{} : parse_level(container, options);
    const Format format = streamed ? path.outer_volume->parsed.format : f.format;
    if (!streamed)
      if (auto why = not_editable(f, container.display)) return failed(std::move(out), *why);
    uint64_t size_after = 0;
    EditedContainer edited = streamed ? plan_outer(*path.outer_volume, edit, out.outer_plan, size_after)
                                      : row_of(f.format).edit_member(f, edit);
    if (edited.error) return failed(std::move(out), container.display + ": " + *edited.error, edited.unsupported);
    if (out.changed.empty())
      out.changed = edit.kind == MemberEditKind::add ? container.display + "!" + escape_path_component(edited.added_name)
                                                    : path.levels.back().display;
    if (!streamed) size_after = edited.bytes.size();
    if (size_after > options.limits.for_format(format))
      return failed(std::move(out), container.display + " would be " + std::to_string(size_after) +
                                        " bytes, past its format's size limit (--max-size)");
    const uint64_t size_before = streamed ? path.outer_volume->source->size() : container.bytes.size();
    changes.push_back({container.display, format, size_before, size_after});
    written.push_back(std::move(edited.bytes));
    if (level == 0) break;
    edit = MemberEdit{.kind = MemberEditKind::replace, .member = container.member, .bytes = Bytes(written.back()), .name = {}, .nres_type_id = 0};
  }
  out.levels.assign(changes.rbegin(), changes.rend());
  out.levels.push_back(member_change(path, innermost, out.changed));
  out.bytes = std::move(written.back());
  return out;
}

}  // namespace meshgate
