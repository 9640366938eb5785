// A PAC/PNST container's offset invariants, on a parsed container, or on a
// rejected one for the rule that rejected it (counted only against it, at
// its slot).
#include "pipeline/formats/pac/pac_invariant_tally.hpp"

#include <array>
#include <string>

#include "parser/pac/pac_diagnostic_codes.hpp"
#include "parser/pac/pac_parser.hpp"

namespace meshgate::pac_row {

namespace {

constexpr std::array kStructural{
    DeclaredInvariant{"pac.offsets-inside", "every non-zero slot offset lies strictly inside the container"},
    DeclaredInvariant{"pac.no-member-over-table", "no member starts inside the header or the slot table"},
    DeclaredInvariant{"pac.extents-disjoint", "derived extents do not overlap (slots sharing an offset share one extent)"},
};

// Positions fixed at compile time (an unknown id does not compile).
consteval size_t invariant(std::string_view id) {
  for (size_t i = 0; i < kStructural.size(); ++i)
    if (kStructural[i].id == id) return i;
  throw "an undeclared invariant id";
}

// A rejected container: the offset rules that rejected it, at their slots.
void tally_rejected(const std::string& file, const pac::ParseResult& r, InvariantRecorder& into) {
  for (const Diagnostic& d : r.diagnostics) {
    const auto where = [&] { return InvariantViolation{file + "!" + d.path, d.offset}; };
    if (d.code == pac::codes::offset_out_of_bounds.code) into.record(invariant("pac.offsets-inside"), false, where);
    if (d.code == pac::codes::offset_into_table.code) into.record(invariant("pac.no-member-over-table"), false, where);
  }
}

void tally_container(const std::string& file, const pac::Container& c, InvariantRecorder& into) {
  const uint64_t table = pac::table_end(c.slots.size());
  for (size_t k = 0; k < c.slots.size(); ++k) {
    const uint64_t offset = c.slots[k].get(pac::slot::offset);
    if (offset == 0) continue;
    into.record(invariant("pac.offsets-inside"), offset < c.file_size, [&] {
      return InvariantViolation{file + "!slots[" + std::to_string(k) + "].offset", pac::kHeaderSpec.size + 4 * k};
    });
  }
  for (size_t m = 0; m < c.members.size(); ++m) {
    const pac::Member& member = c.members[m];
    const auto where = [&] {
      return InvariantViolation{file + "!slots[" + std::to_string(member.slots.front()) + "].member", member.offset};
    };
    into.record(invariant("pac.no-member-over-table"), member.offset >= table, where);
    const uint64_t next = m + 1 < c.members.size() ? c.members[m + 1].offset : c.file_size;
    into.record(invariant("pac.extents-disjoint"), member.offset + member.extent <= next, where);
  }
}

std::span<const DeclaredInvariant> structural_invariants() { return kStructural; }
std::span<const DeclaredInvariant> no_semantic_invariants() { return {}; }

void tally(const ParsedView& v, const std::string& path, InvariantRecorder& into) {
  const auto* r = v.as<pac::ParseResult>();
  if (!r) return;
  if (r->ok()) tally_container(path, *r->container, into);
  else tally_rejected(path, *r, into);
}

}  // namespace

const RowInvariants kInvariants{structural_invariants, no_semantic_invariants, tally};

}  // namespace meshgate::pac_row
