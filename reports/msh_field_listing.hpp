// `inspect --json` of an MSH model in two parts, so that a 20,000-node model's
// ~700,000 fields are never one JSON DOM (reports/field_listing.hpp): the
// report without "fields", and the fields as a listing made a group at a time.
#pragma once

#include <nlohmann/json.hpp>

#include "parser/msh/msh_parser.hpp"
#include "reports/field_listing.hpp"

namespace meshgate {

// msh_inspect_json (reports/json_render.hpp) without "fields" (a rejected
// model's "fields": [] stays).
[[nodiscard]] nlohmann::json msh_inspect_head(Bytes data, const msh::ParseResult& result);
// Its fields, read from `model` where it lies: keep the model alive while the listing is used.
[[nodiscard]] FieldListing msh_field_listing(const msh::Model& model);

}  // namespace meshgate
