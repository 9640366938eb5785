#include "pipeline/formats/pac/pac_observations.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "parser/pac/pac_parser.hpp"

namespace meshgate::pac_row {

namespace {

// The histogram keys of observe_container, made once: count() keeps views of them.
constexpr size_t kSlotPositions = 32;
const std::vector<std::string>& pac_keys() {
  static const std::vector<std::string> keys = [] {
    std::vector<std::string> out;
    for (size_t p = 0; p <= kSlotPositions; ++p)
      for (std::string_view kind : {"mod", "pac", "pnst", "opaque"})
        out.push_back("kind_at_slot[" + (p < kSlotPositions ? std::to_string(p) : std::to_string(kSlotPositions) + "+") +
                      "]." + std::string(kind));
    for (size_t r = 0; r < 16; ++r) out.push_back("offset_mod_16=" + std::to_string(r));
    return out;
  }();
  return keys;
}

void observe_container(const pac::Container& c, FieldObserver& o) {
  const std::string_view format = c.kind == pac::Kind::pac ? pac::kPacFormatName : pac::kPnstFormatName;
  const std::vector<std::string>& keys = pac_keys();
  uint64_t populated = 0;
  for (const pac::SlotRecord& s : c.slots) populated += s.get(pac::slot::offset) != 0;
  o.observe(c.header);
  o.observe_all(std::span<const pac::SlotRecord>(c.slots));
  o.count(format, "containers", 1);
  o.count(format, "declared_slots", c.slots.size());
  o.count(format, "populated_slots", populated);
  o.count(format, "empty_slots", c.slots.size() - populated);
  o.count(format, "members", c.members.size());
  for (const pac::Member& m : c.members) {
    for (uint32_t slot : m.slots) {
      const size_t position = std::min<size_t>(slot, kSlotPositions);
      o.count(format, keys[position * 4 + static_cast<size_t>(m.kind)], 1);
    }
    o.count(format, keys[(kSlotPositions + 1) * 4 + static_cast<size_t>(m.offset % 16)], 1);
  }
}

}  // namespace

void observe(const ParsedView& v, FileObservation& into) {
  if (const auto* r = v.as<pac::ParseResult>(); r && r->ok()) observe_container(*r->container, into.corpus);
}

}  // namespace meshgate::pac_row
