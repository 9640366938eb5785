// JSON renderings that scripts depend on (`meshgate inspect --json`, the
// roundtrip report). Keys are sorted (nlohmann::json uses std::map), so output
// is deterministic; floats carry their raw bits next to the value.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "parser/core/coverage_map.hpp"
#include "parser/core/diagnostics.hpp"
#include "parser/mod/mod_parser.hpp"
#include "parser/msh/msh_parser.hpp"
#include "parser/nres/nres_parser.hpp"
#include "pipeline/field_listing_groups.hpp"
#include "parser/pac/pac_parser.hpp"
#include "parser/ptx/ptx_parser.hpp"
#include "parser/material/mat0_parser.hpp"
#include "parser/material/wear_table.hpp"
#include "parser/texm/texm_parser.hpp"
#include "parser/zip/zip_volume.hpp"

namespace meshgate {

[[nodiscard]] nlohmann::json diagnostics_json(const std::vector<Diagnostic>& diagnostics);
// The keys every `inspect --json` report starts with: {format, size, xxh3_64,
// parse_ok, diagnostics}, plus summary null and fields [] for a rejected file.
[[nodiscard]] nlohmann::json inspect_envelope(std::string_view format, Bytes data, bool parse_ok,
                                              const std::vector<Diagnostic>& diagnostics);
// {covered_bytes, uncovered_bytes, uncovered_nonzero_bytes, overlaps}. The
// ranges ("uncovered": one uncovered_json each) are written one at a time by
// `inspect --json`: an SCM of 65,025 tiny meshes has 260,100 padding runs,
// 240 MB as JSON objects.
[[nodiscard]] nlohmann::json coverage_json(const CoverageSummary& coverage, Bytes data);
// {start, end, length, all_zero, kind}
[[nodiscard]] nlohmann::json uncovered_json(const UncoveredRange& range, Bytes data);

// {path, offset, size, type, value, status} for every leaf field and array,
// made a group at a time (one per record, a mesh with its streams), read from
// `model` where it lies.
[[nodiscard]] FieldListing mod_field_listing(const mod::Model& model);
// {version, objects, meshes, vertices, nodes, texture_slots, default_joint}
[[nodiscard]] nlohmann::json mod_summary_json(const mod::Model& model);

// The `inspect --json` object for one MOD file, without "fields" (those of
// mod_field_listing; a rejected file's "fields": [] stays).
[[nodiscard]] nlohmann::json mod_inspect_json(Bytes data, const mod::ParseResult& result);

// The same shape for an NRes archive; `summary` holds `entries` (and
// `nested_archives`, entries whose payload is itself an NRes).
[[nodiscard]] nlohmann::json nres_inspect_json(Bytes data, const nres::ParseResult& result);
// The same without "fields", and the fields as a listing made an entry at a
// time (keep the archive alive; the file's bytes are read while it is made).
[[nodiscard]] nlohmann::json nres_inspect_head(Bytes data, const nres::ParseResult& result);
[[nodiscard]] FieldListing nres_field_listing(Bytes data, const nres::Archive& archive);

// The same shape for an MSH model (format "nres-msh"); `summary` holds
// entries, nodes, slots, batches, vertices, indices, triangles, keys, frames.
[[nodiscard]] nlohmann::json msh_summary_json(const msh::Model& model);
[[nodiscard]] nlohmann::json msh_inspect_json(Bytes data, const msh::ParseResult& result);
// The same in two parts, so that a 20,000-node model's ~700,000 fields are
// never one JSON DOM: the report without "fields" (a rejected model's
// "fields": [] stays), and the fields as a listing made a group at a time,
// read from `model` where it lies (keep the model alive while it is used).
[[nodiscard]] nlohmann::json msh_inspect_head(Bytes data, const msh::ParseResult& result);
[[nodiscard]] FieldListing msh_field_listing(const msh::Model& model);

// The same shape for a PAC/PNST container (format "dmc3-pac" / "dmc3-pnst"):
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

// The same shape for a Texm texture (format "nikita-texm"): fields are the
// header, the palette (format 0), each level (type "pixels[565]", value
// "WxH") and the Page records; `summary` holds width, height, pixel_format,
// bytes_per_pixel, mip_count, complete_mip_chain, levels [{width, height,
// bytes}], palette, alpha, page_rects (null without a Page chunk) and
// default_byte_order.
[[nodiscard]] nlohmann::json texm_summary_json(const texm::Texture& texture);
[[nodiscard]] nlohmann::json texm_inspect_json(Bytes data, const texm::ParseResult& result);

// The same shape for a PTX companion (format "dmc3-ptx"): fields are the
// header, the count table, each entry's head and DDS header, and the header
// rest, bytes before a DDS, DDS payloads (type "pixels[DXT1]", value "WxH, N
// levels"), padding and trailing bytes as runs; `summary` holds textures,
// entries [{framing, dds, width, height, pixel_format, fourcc, mip_count,
// complete_mip_chain, dds_bytes}], trailing_bytes and reference_decoder.
[[nodiscard]] nlohmann::json ptx_summary_json(const ptx::Companion& companion);
// The report without "fields" (a rejected companion's "fields": [] stays), and
// the fields as a listing made an entry at a time (keep the companion alive).
[[nodiscard]] nlohmann::json ptx_inspect_head(Bytes data, const ptx::ParseResult& result);
[[nodiscard]] FieldListing ptx_field_listing(const ptx::Companion& companion);

// A MAT0 material (format "nikita-mat0"): the header, each phase and each
// track with its keys (a raw payload of another version as one "bytes"
// field); `summary` holds version, phases, tracks, static_phase and per phase
// {texture, cell, diffuse}. A WEAR table (format "nikita-wear"): per row its
// id and name; `summary` holds rows [{id, name, line}], lightmaps and the
// default row reading.
[[nodiscard]] nlohmann::json mat0_inspect_json(Bytes data, const mat0::ParseResult& result);
[[nodiscard]] nlohmann::json wear_inspect_json(Bytes data, const wear::ParseResult& result);

// An NBZ/ZIP volume (format "zip-volume"): no fields, no coverage (it is
// read, never rewritten); `summary` holds members, read_members (those a
// format claims, parsed as "PATH!NAME"), declared_bytes, read_only and per
// member {name, size, compressed_size, method, crc32, kind}. `findings` are
// the diagnostics to show (the volume's own, or its tree's).
[[nodiscard]] nlohmann::json volume_inspect_json(Bytes data, const zip::ParseResult& result,
                                                 const std::vector<Diagnostic>& findings);

}  // namespace meshgate
