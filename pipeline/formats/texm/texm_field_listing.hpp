// A Texm texture's `inspect --json` report with its fields (its row's
// `inspect`; diff, set, dump read them).
#pragma once

#include <nlohmann/json.hpp>

#include "parser/texm/texm_parser.hpp"

namespace meshgate {

// The `inspect --json` report of a Texm texture (format "nikita-texm"): fields are the
// header, the palette (format 0), each level (type "pixels[565]", value
// "WxH") and the Page records; `summary` holds width, height, pixel_format,
// bytes_per_pixel, mip_count, complete_mip_chain, levels [{width, height,
// bytes}], palette, alpha, page_rects (null without a Page chunk) and
// default_byte_order.
[[nodiscard]] nlohmann::json texm_summary_json(const texm::Texture& texture);
[[nodiscard]] nlohmann::json texm_inspect_json(Bytes data, const texm::ParseResult& result);

}  // namespace meshgate
