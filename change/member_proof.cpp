#include "change/member_proof.hpp"

#include <algorithm>
#include <filesystem>

#include "change/member_rewrite.hpp"
#include "platform/utf8_path.hpp"
#include "writer/core/checked_write.hpp"
#include "parser/core/hashing.hpp"
#include "pipeline/file_reader.hpp"
#include "pipeline/roundtrip.hpp"

namespace meshgate {

namespace {

struct Digest {
  uint64_t size = 0;
  std::string xxh3_64;
  friend bool operator==(const Digest&, const Digest&) = default;
};

Digest digest_of(const ParsedFile& container, const ContainerMember& m, uint64_t limit) {
  if (!m.stored_digest.empty()) return {m.size, m.stored_digest};
  if (!m.inflated) return {m.bytes.size(), xxh3_64_hex(m.bytes)};
  const MemberBytes held = member_bytes(container, m, limit);
  return {held.bytes.size(), held.error.empty() ? xxh3_64_hex(Bytes(held.bytes)) : "unreadable: " + held.error};
}

// The edited member holds what was put in, then only zeros (the padding
// its container's rule adds).
bool holds_put_in(Bytes member, Bytes put_in) {
  if (member.size() < put_in.size() || !std::equal(put_in.begin(), put_in.end(), member.begin())) return false;
  return std::all_of(member.begin() + static_cast<std::ptrdiff_t>(put_in.size()), member.end(),
                     [](std::byte b) { return b == std::byte{0}; });
}

class Prover {
 public:
  Prover(const AddressPath& before, const MemberEdit& edit, const std::string& added_name, const ParseTreeOptions& options)
      : before_(before), edit_(edit), added_name_(added_name), options_(options) {}

  // The outer file read back from `written` (its edit streamed it): every
  // part it left alone equals the range it was copied from (its row's
  // check_in_place), then its members and the levels below proven as any
  // level's are.
  RewriteProof run_streamed(std::shared_ptr<ByteSource> written) {
    const std::string& display = before_.levels[0].display;
    const OuterVolume& was = *before_.outer_volume;
    const FormatRow& row = row_of(was.parsed.format);
    if (!row.check_in_place) return fail(display, "cannot be checked in place"), proof_;
    if (auto why = row.check_in_place(*was.source, *written, outer_edit())) return fail(display, *why), proof_;
    std::string error;
    const std::shared_ptr<const OuterVolume> now = open_outer_volume(display, row, std::move(written), options_, error);
    if (!now) return fail(display, "does not parse as the " + std::string(format_name(was.parsed.format)) + " it was"), proof_;
    const size_t k = container_level(before_, edit_.kind);
    std::optional<AddressLevel> level = prove_members(0, was.parsed, now->parsed, display, k == 0);
    for (size_t j = 1; j <= k && level && proof_.ok(); ++j) level = prove_level(j, *level, j == k);
    return proof_;
  }

  RewriteProof run(Bytes written) {
    AddressLevel level{.display = before_.levels[0].display, .bytes = {written.begin(), written.end()},
                       .origin = before_.levels[0].origin};
    const size_t k = container_level(before_, edit_.kind);
    for (size_t j = 0; j <= k && proof_.ok(); ++j) {
      std::optional<AddressLevel> next = prove_level(j, level, j == k);
      if (!next) break;
      level = std::move(*next);
    }
    return proof_;
  }

 private:
  // The outer file's edit as the walk says it was made: the edit itself
  // when the outer file holds the member edited, else its member on the
  // way replaced (by the level below).
  [[nodiscard]] MemberEdit outer_edit() const {
    const bool here = container_level(before_, edit_.kind) == 0;
    const MemberEditKind kind = here ? edit_.kind : MemberEditKind::replace;
    return {.kind = kind, .member = kind == MemberEditKind::add ? 0 : before_.levels[1].member, .bytes = {}, .name = {},
            .nres_type_id = 0};
  }

  bool fail(const std::string& level, std::string error) {
    proof_.failed_level = level;
    proof_.error = std::move(error);
    return false;
  }

  // Level j of the new file: parses, round-trips, and holds its members;
  // returns the next level on the way (none at the container edited).
  std::optional<AddressLevel> prove_level(size_t j, const AddressLevel& now, bool edited_here) {
    ParsedFile f = parse_level(now, options_);
    const ParsedFile was = parse_level(before_.levels[j], options_);
    if (!f.parsed() || f.format != was.format)
      return fail(now.display, "does not parse as the " + std::string(format_name(was.format)) + " it was"), std::nullopt;
    if (row_of(f.format).write_back) {
      const RoundTripOutcome trip = roundtrip_file(f, false);
      if (!trip.identical) return fail(now.display, "its round trip is not byte-identical"), std::nullopt;
      f = parse_level(now, options_);  // the round trip took the model's copies of its members
    }
    return prove_members(j, was, f, now.display, edited_here);
  }

  // Level j's members, `was` before and `f` now: those off the way unchanged,
  // the one edited holding what was put in; the next level on the way.
  std::optional<AddressLevel> prove_members(size_t j, const ParsedFile& was, const ParsedFile& f, const std::string& display,
                                            bool edited_here) {
    const LevelMembers old_members = members_of(was), new_members = members_of(f);
    if (!new_members.error.empty()) return fail(display, "is " + new_members.error), std::nullopt;
    if (edited_here) {
      compare_edited(was, old_members.members, f, new_members.members, display);
      return std::nullopt;
    }
    const size_t p = position_of(old_members.members, before_.levels[j + 1].member);
    if (!same_except(was, old_members.members, f, new_members.members, p, display)) return std::nullopt;
    const ContainerMember& m = new_members.members[p];
    MemberBytes bytes = member_bytes(f, m, options_.limits.inflated_bytes);
    if (!bytes.error.empty()) return fail(display + "!" + address_name(m), bytes.error), std::nullopt;
    return AddressLevel{.display = display + "!" + address_name(m), .bytes = std::move(bytes.bytes), .origin = m.origin,
                        .member = m.index, .inflated = m.inflated};
  }

  static size_t position_of(const std::vector<ContainerMember>& members, size_t index) {
    for (size_t p = 0; p < members.size(); ++p)
      if (members[p].index == index) return p;
    return members.size();
  }

  // Every member but the one at `p` has the digest it had, in the same order.
  bool same_except(const ParsedFile& was, const std::vector<ContainerMember>& old_m, const ParsedFile& now,
                   const std::vector<ContainerMember>& new_m, size_t p, const std::string& display) {
    if (old_m.size() != new_m.size())
      return fail(display, "holds " + std::to_string(new_m.size()) + " members, not the " + std::to_string(old_m.size()) + " it held");
    for (size_t q = 0; q < old_m.size(); ++q) {
      if (q == p) continue;
      if (!same_member(was, old_m[q], now, new_m[q], display)) return false;
    }
    return true;
  }

  bool same_member(const ParsedFile& was, const ContainerMember& a, const ParsedFile& now, const ContainerMember& b,
                   const std::string& display) {
    if (digest_of(was, a, options_.limits.inflated_bytes) != digest_of(now, b, options_.limits.inflated_bytes))
      return fail(display, "member " + address_name(a) + " is not byte-identical to what it was (digests differ)");
    ++proof_.unchanged;
    return true;
  }

  void compare_edited(const ParsedFile& was, const std::vector<ContainerMember>& old_m, const ParsedFile& now,
                      const std::vector<ContainerMember>& new_m, const std::string& display) {
    const size_t p = edit_.kind == MemberEditKind::add ? old_m.size() : position_of(old_m, before_.levels.back().member);
    if (edit_.kind == MemberEditKind::remove) {
      std::vector<ContainerMember> kept = old_m;
      kept.erase(kept.begin() + static_cast<std::ptrdiff_t>(p));
      if (kept.size() != new_m.size())
        return void(fail(display, "holds " + std::to_string(new_m.size()) + " members, not " + std::to_string(kept.size())));
      for (size_t q = 0; q < kept.size(); ++q)
        if (!same_member(was, kept[q], now, new_m[q], display)) return;
      return;
    }
    const size_t expected = old_m.size() + (edit_.kind == MemberEditKind::add ? 1 : 0);
    if (new_m.size() != expected)
      return void(fail(display, "holds " + std::to_string(new_m.size()) + " members, not " + std::to_string(expected)));
    for (size_t q = 0; q < old_m.size(); ++q)
      if (q != p && !same_member(was, old_m[q], now, new_m[q], display)) return;
    const ContainerMember& put = new_m[p];
    const MemberBytes held = member_bytes(now, put, options_.limits.inflated_bytes);
    if (edit_.kind == MemberEditKind::add && address_name(put) != added_name_)
      return void(fail(display, "its new member is named " + address_name(put) + ", not " + added_name_));
    if (!held.error.empty() || !holds_put_in(Bytes(held.bytes), edit_.bytes))
      return void(fail(display + "!" + address_name(put), "does not hold the bytes put in"));
    // A file that parses on its own parses where it was put (a member broken
    // before it was put in stays as broken: the bytes are what was asked for).
    const AddressLevel member{.display = display + "!" + address_name(put), .bytes = held.bytes, .origin = put.origin};
    const AddressLevel alone{.display = member.display, .bytes = {edit_.bytes.begin(), edit_.bytes.end()}, .origin = put.origin};
    const ParsedFile parsed = parse_level(member, options_);
    if (parse_level(alone, options_).parsed() && !parsed.parsed())
      fail(member.display, "parses on its own but not as a " + std::string(format_name(parsed.format)) + " where it lies");
  }

  const AddressPath& before_;
  const MemberEdit& edit_;
  const std::string& added_name_;
  const ParseTreeOptions& options_;
  RewriteProof proof_;
};

}  // namespace

RewriteProof prove_rewrite(const AddressPath& before, const MemberEdit& edit, const std::string& added_name, Bytes written,
                           const ParseTreeOptions& options) {
  return Prover(before, edit, added_name, options).run(written);
}

RewriteProof prove_streamed_rewrite(const AddressPath& before, const MemberEdit& edit, const std::string& added_name,
                                    std::shared_ptr<ByteSource> written, const ParseTreeOptions& options) {
  return Prover(before, edit, added_name, options).run_streamed(std::move(written));
}

ProvenWrite write_proven_file(const AddressPath& before, const MemberEdit& edit, const std::string& added_name,
                              Bytes bytes, const std::string& output, Overwrite overwrite, const ParseTreeOptions& options) {
  ProvenWrite out;
  bool proven = false;
  const auto prove = [&](const std::filesystem::path& staged) {
    const std::optional<std::vector<std::byte>> back = read_file(staged, {.override_bytes = UINT64_MAX});
    out.proof = back ? prove_rewrite(before, edit, added_name, Bytes(*back), options)
                     : RewriteProof{output, "cannot be read back", 0};
    proven = true;
    return out.proof.ok() ? std::string() : output + ": its proof failed";
  };
  const AtomicWrite written = write_checked_file_atomically(output, [&](std::ostream& stream) {
    stream.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  }, prove, overwrite);
  if (!written.ok && (!proven || out.proof.ok())) out.write_error = written.error;
  return out;
}

ProvenWrite write_proven_volume(const AddressPath& before, const MemberEdit& edit, const std::string& added_name,
                                const InPlacePlan& plan, const std::string& output, Overwrite overwrite,
                                const ParseTreeOptions& options) {
  ProvenWrite out;
  bool proven = false;
  const auto prove = [&](const std::filesystem::path& staged) {
    auto back = std::make_shared<OwnedFileSource>(staged);
    out.proof = back->is_open() ? prove_streamed_rewrite(before, edit, added_name, std::move(back), options)
                                : RewriteProof{output, "cannot be read back", 0};
    proven = true;
    return out.proof.ok() ? std::string() : output + ": its proof failed";
  };  // `back` closed before a refused file is removed (Windows keeps an open file)
  const AtomicWrite written = write_checked_file_atomically(output, [&](std::ostream& stream) {
    (void)plan.write(*before.outer_volume->source, stream);
  }, prove, overwrite);
  if (!written.ok && (!proven || out.proof.ok())) out.write_error = written.error;
  return out;
}

}  // namespace meshgate
