#include "change/member_proof.hpp"

#include <algorithm>

#include "change/member_rewrite.hpp"
#include "parser/core/hashing.hpp"
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
    const LevelMembers old_members = members_of(was), new_members = members_of(f);
    if (!new_members.error.empty()) return fail(now.display, "is a " + new_members.error), std::nullopt;
    if (edited_here) {
      compare_edited(was, old_members.members, f, new_members.members, now.display);
      return std::nullopt;
    }
    const size_t p = position_of(old_members.members, before_.levels[j + 1].member);
    if (!same_except(was, old_members.members, f, new_members.members, p, now.display)) return std::nullopt;
    const ContainerMember& m = new_members.members[p];
    MemberBytes bytes = member_bytes(f, m, options_.limits.inflated_bytes);
    if (!bytes.error.empty()) return fail(now.display + "!" + m.name, bytes.error), std::nullopt;
    return AddressLevel{.display = now.display + "!" + m.name, .bytes = std::move(bytes.bytes), .origin = m.origin,
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
      return fail(display, "member " + a.name + " is not byte-identical to what it was (digests differ)");
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
    if (edit_.kind == MemberEditKind::add && put.name != added_name_)
      return void(fail(display, "its new member is named " + put.name + ", not " + added_name_));
    if (!held.error.empty() || !holds_put_in(Bytes(held.bytes), edit_.bytes))
      return void(fail(display + "!" + put.name, "does not hold the bytes put in"));
    // A file that parses on its own parses where it was put (a member broken
    // before it was put in stays as broken: the bytes are what was asked for).
    const AddressLevel member{.display = display + "!" + put.name, .bytes = held.bytes, .origin = put.origin};
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

}  // namespace meshgate
