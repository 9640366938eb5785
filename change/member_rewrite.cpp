#include "change/member_rewrite.hpp"

namespace meshgate {

namespace {

MemberRewrite failed(MemberRewrite out, std::string error, bool unsupported = false) {
  out.error = std::move(error);
  out.unsupported = unsupported;
  out.bytes.clear();
  return out;
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

}  // namespace

size_t container_level(const AddressPath& path, MemberEditKind kind) {
  return kind == MemberEditKind::add ? path.levels.size() - 1 : path.levels.size() - 2;
}

MemberRewrite rewrite_member(const AddressPath& path, MemberEdit edit, const ParseTreeOptions& options) {
  MemberRewrite out;
  if (edit.kind != MemberEditKind::add) edit.member = path.levels.back().member;
  const MemberEdit innermost = edit;
  std::vector<LevelChange> changes;
  std::vector<std::vector<std::byte>> written;  // each level's new bytes, the innermost first (the next edit views them)
  for (size_t level = container_level(path, edit.kind);; --level) {
    const AddressLevel& container = path.levels[level];
    const ParsedFile f = parse_level(container, options);
    EditedContainer edited = row_of(f.format).edit_member(f, edit);
    if (edited.error) return failed(std::move(out), container.display + ": " + *edited.error, edited.unsupported);
    if (out.changed.empty())
      out.changed = edit.kind == MemberEditKind::add ? container.display + "!" + edited.added_name : path.levels.back().display;
    if (edited.bytes.size() > options.limits.for_format(f.format))
      return failed(std::move(out), container.display + " would be " + std::to_string(edited.bytes.size()) +
                                        " bytes, past its format's size limit (--max-size)");
    changes.push_back({container.display, f.format, container.bytes.size(), edited.bytes.size()});
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
