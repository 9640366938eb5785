// The field listing and summary of a PAC/PNST container (inspect --json, diff,
// set, dump read it).
#include "pipeline/formats/pac/pac_field_listing.hpp"

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

json pac_inspect_head(Bytes data, const pac::ParseResult& result) {
  using namespace pac;
  const bool pnst = result.ok() ? result.container->kind == Kind::pnst
                                : container_kind(data.first(std::min<size_t>(data.size(), 8))) == Kind::pnst;
  json out = inspect_envelope(pnst ? kPnstFormatName : kPacFormatName, data, result.ok(), result.diagnostics);
  if (!result.ok()) return out;
  out["summary"] = pac_summary_json(*result.container);
  out["coverage"] = coverage_json(result.coverage, data);
  return out;
}

// A group per slot record and per member, each fill capturing the container
// and an index: a full table of 8,192 slots is not 16,384 fields held as one
// JSON DOM by every side of a diff.
FieldListing pac_field_listing(const pac::Container& c) {
  using namespace pac;
  FieldListing listing;
  const Container* container = &c;  // the fills read the container where it lies
  listing.add("header", [container](const std::string& key, json& out) { append_record(out, key, 0, container->header); });
  for (uint32_t k = 0; k < c.slots.size(); ++k)
    listing.add("slots[" + std::to_string(k) + "]", [container, k](const std::string& key, json& out) {
      append_record(out, key, kHeaderSpec.size + k * uint64_t{kSlotSpec.size}, container->slots[k]);
    });
  for (uint32_t m = 0; m < c.members.size(); ++m)
    listing.add("slots[" + std::to_string(c.members[m].slots.front()) + "].member",
                [container, m](const std::string& key, json& out) {
                  const Member& member = container->members[m];
                  out.push_back({{"path", key},
                                 {"offset", member.offset},
                                 {"size", member.extent},
                                 {"type", member.kind == MemberKind::opaque ? "bytes" : "member"},
                                 {"value", slot_name(member.slots.front())},
                                 {"kind", std::string(member_kind_name(member.kind))},
                                 {"status", status_string(Status::preserved_undecoded)}});
                });
  return listing;
}

}  // namespace meshgate
