// The `inspect --json` reports, with their fields, of MAT0 materials and
// WEAR tables (their rows' `inspect`; diff, set, dump and the sweep's pages
// read them).
#pragma once

#include <nlohmann/json.hpp>

#include "parser/material/mat0_parser.hpp"
#include "parser/material/wear_table.hpp"

namespace meshgate {

// A MAT0 material (format "nikita-mat0"): the header, each phase and each
// track with its keys (a raw payload of another version as one "bytes"
// field); `summary` holds version, phases, tracks, static_phase and per phase
// {texture, cell, diffuse}. A WEAR table (format "nikita-wear"): per row its
// id and name; `summary` holds rows [{id, name, line}], lightmaps and the
// default row reading.
[[nodiscard]] nlohmann::json mat0_inspect_json(Bytes data, const mat0::ParseResult& result);
[[nodiscard]] nlohmann::json wear_inspect_json(Bytes data, const wear::ParseResult& result);

}  // namespace meshgate
