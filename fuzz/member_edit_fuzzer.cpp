// libFuzzer target for replace / add / remove (change/member_rewrite.hpp)
// and their read-back proof (change/member_proof.hpp). The input is a
// container (PAC/PNST, NRes, PTX, NBZ/ZIP) followed by one byte that picks a
// member and an edit. For a container that lists members: the member put
// back as it was is proven, and gives the identical file where the member
// lies in place (a volume compresses it again); then the member removed,
// replaced by its bytes reversed, or a copy of it added: the container's row
// takes the edit or refuses it saying why, and what it writes is proven or
// fails the proof naming the level. Never a crash, a sanitizer report, or a
// proof that fails without saying where.
#include <algorithm>
#include <cstdio>

#include "change/member_proof.hpp"
#include "change/member_rewrite.hpp"
#include "fuzz/fuzz_oracles.hpp"

namespace {

using namespace meshgate;

ParseTreeOptions fuzz_options() {
  ParseTreeOptions options;
  options.limits.inflated_bytes = uint64_t{1} << 24;  // a volume member's bytes, bounded
  options.limits.nested_files = 64;
  return options;
}

void prove(const AddressPath& path, const MemberEdit& edit, const MemberRewrite& rewrite, const ParseTreeOptions& options) {
  if (!rewrite.error.empty()) return;  // a refusal that says why
  const std::string added = rewrite.changed.substr(rewrite.changed.rfind('!') + 1);
  const RewriteProof proof = prove_rewrite(path, edit, added, Bytes(rewrite.bytes), options);
  if (!proof.ok() && (proof.error.empty() || proof.failed_level.empty())) fuzzing::fail("a proof failed without naming the level");
}

// The member put back as it was: proven, and the same file where it lies in place.
void put_back(Bytes input, const AddressPath& path, bool in_place, const ParseTreeOptions& options) {
  const std::vector<std::byte>& same = path.levels.back().bytes;
  const MemberEdit edit{.kind = MemberEditKind::replace, .member = path.levels.back().member, .bytes = Bytes(same)};
  const MemberRewrite rewrite = rewrite_member(path, edit, options);
  if (!rewrite.error.empty()) return;  // a container the rule refuses (payloads that overlap)
  if (in_place && !std::equal(rewrite.bytes.begin(), rewrite.bytes.end(), input.begin(), input.end()))
    fuzzing::fail("a member put back as it was changed its container");
  const RewriteProof proof = prove_rewrite(path, edit, "", Bytes(rewrite.bytes), options);
  if (!proof.ok()) {
    std::fprintf(stderr, "%s: %s\n", proof.failed_level.c_str(), proof.error.c_str());
    fuzzing::fail("a member put back as it was fails the proof");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  const uint8_t pick = data[size - 1];
  const Bytes input(reinterpret_cast<const std::byte*>(data), size - 1);
  const ParseTreeOptions options = fuzz_options();
  const AddressPath top = walk_address("fuzz", input, {}, options);
  const LevelMembers held = members_of(parse_level(top.levels[0], options));
  if (!held.error.empty() || held.members.empty()) return 0;
  const ContainerMember& m = held.members[pick % held.members.size()];
  const AddressPath path = walk_address("fuzz", input, {m.name}, options);
  if (!path.error.empty()) return 0;  // a member past the budgets, or one that cannot be inflated
  put_back(input, path, !m.inflated, options);
  const std::vector<std::byte>& bytes = path.levels.back().bytes;
  std::vector<std::byte> reversed(bytes.rbegin(), bytes.rend());
  switch ((pick >> 4) % 3) {
    case 0:
      prove(path, {.kind = MemberEditKind::remove, .member = path.levels.back().member},
            rewrite_member(path, {.kind = MemberEditKind::remove}, options), options);
      break;
    case 1: {
      const MemberEdit edit{.kind = MemberEditKind::replace, .member = path.levels.back().member, .bytes = Bytes(reversed)};
      prove(path, edit, rewrite_member(path, edit, options), options);
      break;
    }
    default: {
      const MemberEdit edit{.kind = MemberEditKind::add, .bytes = Bytes(bytes), .name = "FUZZ.ADD", .nres_type_id = 1};
      prove(top, edit, rewrite_member(top, edit, options), options);
      break;
    }
  }
  return 0;
}
