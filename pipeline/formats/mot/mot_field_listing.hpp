// The field listing and summary of a DMC3 MOT motion (inspect --json, diff,
// set, dump read it): the header, the count, every track prefix and key field
// by field, each mask as a u16, the header tail, a raw track's body and the
// end tail as bytes of their exact extent.
#pragma once

#include <nlohmann/json.hpp>

#include "parser/mot/mot_parser.hpp"
#include "pipeline/field_listing_groups.hpp"

namespace meshgate {

// {masks, tracks, keys, compression {"2", "3", "other"}, hermite_keys,
// time_offsets_nonzero, end_frame (+0x0C), end_frame_mirror_equal,
// partly_set_triplets, mask_reading}
[[nodiscard]] nlohmann::json mot_summary_json(const mot::Motion& motion);
// The `inspect --json` report without "fields" (a rejected file's "fields": []
// stays), and the fields as a listing made a group at a time (one per mask,
// one per track with its keys), read from `motion` where it lies.
[[nodiscard]] nlohmann::json mot_inspect_head(Bytes data, const mot::ParseResult& result);
[[nodiscard]] FieldListing mot_field_listing(const mot::Motion& motion);

}  // namespace meshgate
