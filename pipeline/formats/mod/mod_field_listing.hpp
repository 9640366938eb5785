// A DMC3 MOD's `inspect --json` report and field listing (its row's
// `inspect` and `fields`; diff, set, dump and view read them).
#pragma once

#include <nlohmann/json.hpp>

#include "parser/mod/mod_parser.hpp"
#include "pipeline/field_listing_groups.hpp"

namespace meshgate {

// {path, offset, size, type, value, status} for every leaf field and array,
// made a group at a time (one per record, a mesh with its streams), read from
// `model` where it lies.
[[nodiscard]] FieldListing mod_field_listing(const mod::Model& model);
// {version, objects, meshes, vertices, nodes, texture_slots, default_joint}
[[nodiscard]] nlohmann::json mod_summary_json(const mod::Model& model);

// The `inspect --json` object for one MOD file, without "fields" (those of
// mod_field_listing; a rejected file's "fields": [] stays).
[[nodiscard]] nlohmann::json mod_inspect_json(Bytes data, const mod::ParseResult& result);

}  // namespace meshgate
