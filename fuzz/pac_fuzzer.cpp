// libFuzzer target for PAC/PNST containers: parse (diagnostics and marks
// inside the input, a rejection carries an error), and for every accepted
// container write(parse(x)) == x byte for byte (MOD members through the MOD
// writer), with and without an output image, and parse(write(c)) == c. Members
// that are containers are descended into (depth bounded as parse_tree bounds
// it), members that are MODs parsed with the container-member rule and
// round-tripped on their own.
#include "fuzz/fuzz_oracles.hpp"
#include "parser/mod/mod_parser.hpp"
#include "parser/pac/pac_parser.hpp"
#include "writer/mod/mod_writer.hpp"
#include "writer/pac/pac_writer.hpp"

namespace {

using namespace meshgate;

constexpr unsigned kMaxDepth = 8;  // parse_tree's kMaxNestingDepth

void check_container(Bytes input, unsigned depth) {
  const auto* data = reinterpret_cast<const uint8_t*>(input.data());
  pac::ParseResult parsed = pac::parse_pac(input);
  fuzzing::check_diagnostics(parsed.diagnostics, input.size());
  fuzzing::check_marks_inside(parsed.coverage_map, input.size());
  if (!parsed.ok()) {
    fuzzing::check_rejected_with_error(parsed.diagnostics);
    return;
  }
  pac::attach_members(*parsed.container, input);
  const WriteResult written = pac::write_pac(*parsed.container);
  fuzzing::check_identical(written, data, input.size());
  fuzzing::check_parts_without_image([&](const PartObserver* o) { return pac::write_pac(*parsed.container, o); }, data,
                                     input.size());
  pac::ParseResult again = pac::parse_pac(Bytes(written.bytes.data(), written.bytes.size()), {.copy_members = true});
  if (!again.ok() || !(*again.container == *parsed.container)) fuzzing::fail("parse(write(c)) != c");
  if (depth + 1 >= kMaxDepth) return;
  for (const pac::Member& m : parsed.container->members) {
    if (m.kind == pac::MemberKind::pac || m.kind == pac::MemberKind::pnst) check_container(m.bytes, depth + 1);
    if (m.kind != pac::MemberKind::mod) continue;
    const mod::ParseResult member = mod::parse_mod(m.bytes, {.container_member = true});
    fuzzing::check_diagnostics(member.diagnostics, m.bytes.size());
    if (!member.ok()) continue;
    if (!member.member_tail || member.member_tail->own_end + member.member_tail->bytes != m.bytes.size())
      fuzzing::fail("a MOD member's own end and trailing gap do not add up to its extent");
    const WriteResult w = mod::write_mod(*member.model);
    fuzzing::check_identical(w, reinterpret_cast<const uint8_t*>(m.bytes.data()), m.bytes.size());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  check_container(Bytes(reinterpret_cast<const std::byte*>(data), size), 0);
  return 0;
}
