// An MSH model's `inspect --json` report and field listing (its row's
// `inspect` and `fields`): the container's records, then every stream as
// records, element arrays, strings or raw bytes.
#pragma once

#include <nlohmann/json.hpp>

#include "parser/msh/msh_parser.hpp"
#include "pipeline/field_listing_groups.hpp"

namespace meshgate {

// The `inspect --json` report of an MSH model (format "nres-msh"); `summary` holds
// entries, nodes, slots, batches, vertices, indices, triangles, keys, frames.
[[nodiscard]] nlohmann::json msh_summary_json(const msh::Model& model);
[[nodiscard]] nlohmann::json msh_inspect_json(Bytes data, const msh::ParseResult& result);
// The same in two parts, so that a 20,000-node model's ~700,000 fields are
// never one JSON DOM: the report without "fields" (a rejected model's
// "fields": [] stays), and the fields as a listing made a group at a time,
// read from `model` where it lies (keep the model alive while it is used).
[[nodiscard]] nlohmann::json msh_inspect_head(Bytes data, const msh::ParseResult& result);
[[nodiscard]] FieldListing msh_field_listing(const msh::Model& model);

}  // namespace meshgate
