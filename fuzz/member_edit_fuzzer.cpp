// libFuzzer target for replace / add / remove (change/member_rewrite.hpp)
// and their read-back proof (change/member_proof.hpp). The input is a
// container (PAC/PNST, NRes, PTX, NBZ/ZIP) followed by one byte that picks a
// member and an edit. For a container that lists members: the member put
// back as it was is proven, and gives the identical file where the member
// lies in place (a volume compresses it again); then the member removed,
// replaced by its bytes reversed, or a copy of it added: the container's row
// takes the edit or refuses it saying why, and what it writes is proven or
// fails the proof naming the level. A volume is also edited as replace /
// add / remove edit one on disk (AddressPath::outer_volume: read through
// positioned reads, the copy streamed, the output read back the same way):
// the same refusal or the same bytes as the rewrite in memory, and a proof
// that passes where that one's does. Never a crash, a sanitizer report, or a
// proof that fails without saying where.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <sstream>

#include "change/member_proof.hpp"
#include "change/member_rewrite.hpp"
#include "fuzz/fuzz_oracles.hpp"
#include "parser/zip/zip_directory.hpp"

namespace {

using namespace meshgate;

ParseTreeOptions fuzz_options() {
  ParseTreeOptions options;
  options.limits.inflated_bytes = uint64_t{1} << 24;  // a volume member's bytes, bounded
  options.limits.nested_files = 64;
  return options;
}

RewriteProof prove(const AddressPath& path, const MemberEdit& edit, const MemberRewrite& rewrite, const ParseTreeOptions& options) {
  if (!rewrite.error.empty()) return {};  // a refusal that says why
  const std::string added = rewrite.changed.substr(rewrite.changed.rfind('!') + 1);
  const RewriteProof proof = prove_rewrite(path, edit, added, Bytes(rewrite.bytes), options);
  if (!proof.ok() && (proof.error.empty() || proof.failed_level.empty())) fuzzing::fail("a proof failed without naming the level");
  return proof;
}

// The same edit of a volume read through positioned reads (here over the
// input's bytes) and streamed: what the rewrite in memory made, proven as well.
void streamed_agrees(Bytes input, const std::vector<std::string>& names, const MemberEdit& edit,
                     const MemberRewrite& in_memory, const RewriteProof& proven, const ParseTreeOptions& options) {
  auto source = std::make_shared<zip::BytesSource>(input);
  std::string error;
  const std::shared_ptr<const OuterVolume> outer = open_outer_volume("fuzz", row_of(Format::zip_volume), source, options, error);
  if (!outer) fuzzing::fail("a volume that parses in memory does not open through positioned reads");
  const AddressPath path = walk_address("fuzz", outer, names, options);
  if (!path.error.empty()) fuzzing::fail("an address walked in memory is not walked through positioned reads");
  const MemberRewrite streamed = rewrite_member(path, edit, options);
  if (streamed.error != in_memory.error) {
    std::fprintf(stderr, "in memory: '%s'; streamed: '%s'\n", in_memory.error.c_str(), streamed.error.c_str());
    fuzzing::fail("the streamed rewrite and the one in memory disagree on refusing");
  }
  if (!streamed.error.empty()) return;
  std::ostringstream out;
  if (!streamed.outer_plan || !streamed.outer_plan->write(*source, out)) fuzzing::fail("the streamed volume was not written");
  const std::string written = out.str();
  if (written.size() != in_memory.bytes.size() || std::memcmp(written.data(), in_memory.bytes.data(), written.size()) != 0)
    fuzzing::fail("the streamed volume differs from the one made in memory");
  const std::string added = streamed.changed.substr(streamed.changed.rfind('!') + 1);
  const RewriteProof proof = prove_streamed_rewrite(
      path, edit, added, std::make_shared<zip::BytesSource>(Bytes(reinterpret_cast<const std::byte*>(written.data()), written.size())),
      options);
  if (proven.ok() && !proof.ok()) {
    std::fprintf(stderr, "%s: %s\n", proof.failed_level.c_str(), proof.error.c_str());
    fuzzing::fail("the streamed proof fails where the proof in memory passes");
  }
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
  const bool volume = top.levels[0].format == Format::zip_volume;
  const auto check = [&](const AddressPath& at, const std::vector<std::string>& names, const MemberEdit& edit) {
    const MemberRewrite rewrite = rewrite_member(at, edit, options);
    const RewriteProof proof = prove(at, edit, rewrite, options);
    if (volume) streamed_agrees(input, names, edit, rewrite, proof, options);
  };
  switch ((pick >> 4) % 3) {
    case 0:
      check(path, {m.name}, {.kind = MemberEditKind::remove, .member = path.levels.back().member});
      break;
    case 1:
      check(path, {m.name}, {.kind = MemberEditKind::replace, .member = path.levels.back().member, .bytes = Bytes(reversed)});
      break;
    default:
      check(top, {}, {.kind = MemberEditKind::add, .bytes = Bytes(bytes), .name = "FUZZ.ADD", .nres_type_id = 1});
      break;
  }
  return 0;
}
