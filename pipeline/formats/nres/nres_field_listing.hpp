// An NRes archive's `inspect --json` report and field listing (its row's
// `inspect` and `fields`; the MSH row reports a rejected model's container
// with them).
#pragma once

#include <nlohmann/json.hpp>

#include "parser/nres/nres_parser.hpp"
#include "pipeline/field_listing_groups.hpp"

namespace meshgate {

// The `inspect --json` report (pipeline/field_listing.hpp's envelope); `summary`
// holds `entries` (and `nested_archives`, entries whose payload is itself an NRes).
[[nodiscard]] nlohmann::json nres_inspect_json(Bytes data, const nres::ParseResult& result);
// The same without "fields", and the fields as a listing made an entry at a
// time (keep the archive alive; the file's bytes are read while it is made).
[[nodiscard]] nlohmann::json nres_inspect_head(Bytes data, const nres::ParseResult& result);
[[nodiscard]] FieldListing nres_field_listing(Bytes data, const nres::Archive& archive);

}  // namespace meshgate
