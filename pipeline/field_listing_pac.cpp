// The field listing and summary of a PAC/PNST container (inspect --json, diff,
// set, dump read it).
#include "parser/pac/pac_parser.hpp"
#include "pipeline/field_listing.hpp"
#include "pipeline/json_fields.hpp"

namespace meshgate {

using nlohmann::json;

json pac_summary_json(const pac::Container& c) {
  using namespace pac;
  uint64_t populated = 0;
  for (const SlotRecord& s : c.slots) populated += s.get(slot::offset) != 0;
  json members = json::array();
  for (const Member& m : c.members)
    members.push_back({{"slot", m.slots.front()},
                       {"slots", m.slots},
                       {"offset", m.offset},
                       {"extent", m.extent},
                       {"alignment_mod_16", m.offset % 16},
                       {"kind", std::string(member_kind_name(m.kind))}});
  return {{"magic", c.kind == Kind::pac ? "PAC\\0" : "PNST"},
          {"declared_slots", c.slots.size()},
          {"populated_slots", populated},
          {"empty_slots", c.slots.size() - populated},
          {"members", std::move(members)}};
}

json pac_inspect_json(Bytes data, const pac::ParseResult& result) {
  using namespace pac;
  const bool pnst = result.ok() ? result.container->kind == Kind::pnst
                                : container_kind(data.first(std::min<size_t>(data.size(), 8))) == Kind::pnst;
  json out = inspect_envelope(pnst ? kPnstFormatName : kPacFormatName, data, result.ok(), result.diagnostics);
  if (!result.ok()) return out;
  const Container& c = *result.container;
  json fields = json::array();
  append_record(fields, "header", 0, c.header);
  for (size_t k = 0; k < c.slots.size(); ++k)
    append_record(fields, "slots[" + std::to_string(k) + "]", kHeaderSpec.size + k * uint64_t{kSlotSpec.size}, c.slots[k]);
  for (const Member& m : c.members)
    fields.push_back({{"path", "slots[" + std::to_string(m.slots.front()) + "].member"},
                      {"offset", m.offset},
                      {"size", m.extent},
                      {"type", m.kind == MemberKind::opaque ? "bytes" : "member"},
                      {"value", slot_name(m.slots.front())},
                      {"kind", std::string(member_kind_name(m.kind))},
                      {"status", status_string(Status::preserved_undecoded)}});
  out["summary"] = pac_summary_json(c);
  out["fields"] = std::move(fields);
  out["coverage"] = coverage_json(result.coverage, data);
  return out;
}

}  // namespace meshgate
