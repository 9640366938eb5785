// The field listing and summary of a DMC3 MOT motion (inspect --json, diff,
// set, dump read it): the header, the count, every track prefix and key field
// by field, each mask as a u16, the header tail, a raw track's body and the
// end tail as bytes of their exact extent.
#pragma once

#include <nlohmann/json.hpp>

#include "parser/mot/mot_parser.hpp"

namespace meshgate {

// {masks, tracks, keys, compression {"2", "3", "other"}, hermite_keys,
// time_offsets_nonzero, end_frame (+0x0C), end_frame_mirror_equal,
// partly_set_triplets, mask_reading}
[[nodiscard]] nlohmann::json mot_summary_json(const mot::Motion& motion);
[[nodiscard]] nlohmann::json mot_inspect_json(Bytes data, const mot::ParseResult& result);

}  // namespace meshgate
