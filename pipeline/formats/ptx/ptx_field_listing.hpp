// A PTX companion's `inspect --json` report and field listing (its row's
// `inspect` and `fields`; diff, set, dump read them).
#pragma once

#include <nlohmann/json.hpp>

#include "parser/ptx/ptx_parser.hpp"
#include "pipeline/field_listing_groups.hpp"

namespace meshgate {

// The `inspect --json` report of a PTX companion (format "dmc3-ptx"): fields are the
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

}  // namespace meshgate
