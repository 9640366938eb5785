// The field listing and summary of a DMC3 SCM (inspect --json, diff, set,
// dump read it): every record field by field, each stream, node array and
// workspace as one entry of its exact extent.
#pragma once

#include <nlohmann/json.hpp>

#include "parser/scm/scm_parser.hpp"
#include "pipeline/field_listing_groups.hpp"

namespace meshgate {

// {version, version_bits, objects, meshes, vertices, nodes, helper_nodes,
// texture_slot_mirror, lighting_reference_node, legacy_resource_code {raw,
// family, model_set, sub_index}, break_flagged_vertices, rotations {zero,
// single_axis, multi_axis}, canonical_layout}
[[nodiscard]] nlohmann::json scm_summary_json(const scm::Model& model, bool canonical_layout);
// The `inspect --json` report without "fields" (a rejected file's "fields": []
// stays), and the fields as a listing made a group at a time (one per record,
// a mesh with its streams), read from `model` where it lies.
[[nodiscard]] nlohmann::json scm_inspect_head(Bytes data, const scm::ParseResult& result);
[[nodiscard]] FieldListing scm_field_listing(const scm::Model& model);

}  // namespace meshgate
