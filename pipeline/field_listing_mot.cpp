#include "pipeline/field_listing_mot.hpp"

#include <cmath>
#include <type_traits>
#include <variant>

#include "parser/mot/mot_channels.hpp"
#include "parser/mot/mot_keys.hpp"
#include "pipeline/field_listing.hpp"
#include "pipeline/json_fields.hpp"

namespace meshgate {

using nlohmann::json;

namespace {

json bytes_item(const std::string& path, uint64_t offset, Bytes bytes, StatusSet status) {
  return {{"path", path}, {"offset", offset}, {"size", bytes.size()}, {"type", "bytes[" + std::to_string(bytes.size()) + "]"},
          {"value", hex_bytes(bytes)}, {"status", status_string(status)}};
}

// A quantised track: its prefix record, then each key record.
template <typename T>
void append_quantised(json& fields, const std::string& path, uint64_t at, const T& t) {
  append_record(fields, path, at, t.prefix);
  using KeyRecord = typename decltype(t.keys)::value_type;
  const uint64_t base = at + decltype(t.prefix)::kSize;
  for (size_t i = 0; i < t.keys.size(); ++i)
    append_record(fields, path + ".keys[" + std::to_string(i) + "]", base + i * KeyRecord::kSize, t.keys[i]);
}

void append_track(json& fields, size_t k, uint64_t at, const mot::Track& track) {
  const std::string path = "tracks[" + std::to_string(k) + "]";
  if (const auto* raw = std::get_if<mot::RawTrack>(&track)) {
    append_record(fields, path, at, raw->head);
    if (!raw->body.empty())
      fields.push_back(bytes_item(path + ".body", at + mot::kTrackHeadSpec.size, Bytes(raw->body),
                                  Status::preserved_undecoded));
    return;
  }
  std::visit(
      [&](const auto& t) {
        if constexpr (!std::is_same_v<std::decay_t<decltype(t)>, mot::RawTrack>) append_quantised(fields, path, at, t);
      },
      track);
}

}  // namespace

json mot_summary_json(const mot::Motion& m) {
  using namespace mot;
  uint64_t keys = 0, hermite = 0, shifted = 0, c2 = 0, c3 = 0, other = 0;
  for (const Track& t : m.tracks) {
    const TrackHeadRecord head = track_head(t);
    const uint64_t compression = head.get(track::compression);
    (compression == 2 ? c2 : compression == 3 ? c3 : other) += 1;
    shifted += head.get(track::time_offset) != 0;
    if (std::holds_alternative<RawTrack>(t)) continue;
    for (const Key& k : decode_keys(t)) {
      ++keys;
      hermite += compression == 3 && k.bit15;
    }
  }
  const float end = m.header.get_f32(hdr::raw_0C);
  return {{"masks", m.masks.size()},
          {"tracks", m.tracks.size()},
          {"keys", keys},
          {"compression", {{"2", c2}, {"3", c3}, {"other", other}}},
          {"hermite_keys", hermite},
          {"time_offsets_nonzero", shifted},
          {"end_frame", std::isfinite(end) ? json(static_cast<double>(end)) : json(nullptr)},
          {"end_frame_mirror_equal", m.header.get(hdr::raw_0C) == m.header.get(hdr::raw_14)},
          {"partly_set_triplets", partly_set_triplets(m)},
          {"mask_reading", std::string(mask_reading_name(MaskReading::exe))}};
}

json mot_inspect_json(Bytes data, const mot::ParseResult& result) {
  using namespace mot;
  json out = inspect_envelope(kFormatName, data, result.ok(), result.diagnostics);
  if (!result.ok()) return out;
  const Motion& m = *result.motion;
  json fields = json::array();
  append_record(fields, "header", 0, m.header);
  for (size_t i = 0; i < m.masks.size(); ++i)
    fields.push_back({{"path", "channel_masks[" + std::to_string(i) + "]"},
                      {"offset", kMasksOffset + 2 * i},
                      {"size", 2},
                      {"type", "u16"},
                      {"value", m.masks[i]},
                      {"status", status_string(Status::exe_confirmed)}});
  uint64_t at = kMasksOffset + 2 * uint64_t{m.masks.size()};
  if (!m.header_tail.empty())
    fields.push_back(bytes_item("header_tail", at, Bytes(m.header_tail),
                                Status::reserved_observed_zero | Status::preserved_undecoded));
  at = m.header_size();
  append_record(fields, "track_count", at, m.count);
  at += kCountSpec.size;
  for (size_t k = 0; k < m.tracks.size(); ++k) {
    append_track(fields, k, at, m.tracks[k]);
    at += track_size(m.tracks[k]);
  }
  if (!m.tail.empty())
    fields.push_back(bytes_item("tail", at, Bytes(m.tail), Status::structural_confirmed | Status::reserved_observed_zero));
  out["summary"] = mot_summary_json(m);
  out["fields"] = std::move(fields);
  out["coverage"] = coverage_json(result.coverage, data);
  return out;
}

}  // namespace meshgate
