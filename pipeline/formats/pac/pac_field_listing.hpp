// A PAC/PNST container's `inspect --json` report and field listing (the
// rows' `inspect` and `fields`; diff, set, dump read them).
#pragma once

#include <nlohmann/json.hpp>

#include "parser/pac/pac_parser.hpp"
#include "pipeline/field_listing_groups.hpp"

namespace meshgate {

// The `inspect --json` report of a PAC/PNST container (format "dmc3-pac" / "dmc3-pnst"):
// fields are the header, every slot's offset and each member's extent (type
// "member" for a MOD or a container, descended into under "PATH!slot_NNNN";
// "bytes" for an opaque one); `summary` holds magic, declared_slots,
// populated_slots, empty_slots and per member {slot, slots, offset, extent,
// alignment_mod_16, kind}.
[[nodiscard]] nlohmann::json pac_summary_json(const pac::Container& container);
// The report without "fields" (a rejected container's "fields": [] stays), and
// the fields as a listing made a slot at a time (keep the container alive).
[[nodiscard]] nlohmann::json pac_inspect_head(Bytes data, const pac::ParseResult& result);
[[nodiscard]] FieldListing pac_field_listing(const pac::Container& container);

}  // namespace meshgate
