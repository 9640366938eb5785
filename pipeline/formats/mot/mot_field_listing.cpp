#include "pipeline/formats/mot/mot_field_listing.hpp"

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

void append_track(json& fields, const std::string& path, uint64_t at, const mot::Track& track) {
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

json mot_inspect_head(Bytes data, const mot::ParseResult& result) {
  json out = inspect_envelope(mot::kFormatName, data, result.ok(), result.diagnostics);
  if (!result.ok()) return out;
  out["summary"] = mot_summary_json(*result.motion);
  out["coverage"] = coverage_json(result.coverage, data);
  return out;
}

// One group per record (a mask, a track with its keys): 65,536 tracks cost
// their groups' keys, not ~300,000 JSON objects at once. Each fill captures
// the motion and one u64 (16 bytes, held inside the std::function); a
// track's packs its offset (a MOT is at most 64 MiB, 2^26) and its index.
FieldListing mot_field_listing(const mot::Motion& m) {
  using namespace mot;
  static_assert(kMaxInputBytes <= uint64_t{1} << 32 && kMaxTracks <= uint64_t{1} << 32);
  FieldListing listing;
  const Motion* motion = &m;  // the fills read the motion where it lies
  listing.add("header", [motion](const std::string& key, json& out) { append_record(out, key, 0, motion->header); });
  for (uint64_t i = 0; i < m.masks.size(); ++i)
    listing.add("channel_masks[" + std::to_string(i) + "]", [motion, i](const std::string& key, json& out) {
      out.push_back({{"path", key},
                     {"offset", kMasksOffset + 2 * i},
                     {"size", 2},
                     {"type", "u16"},
                     {"value", motion->masks[i]},
                     {"status", status_string(Status::exe_confirmed)}});
    });
  if (!m.header_tail.empty())
    listing.add("header_tail", [motion](const std::string& key, json& out) {
      out.push_back(bytes_item(key, kMasksOffset + 2 * uint64_t{motion->masks.size()}, Bytes(motion->header_tail),
                               Status::reserved_observed_zero | Status::preserved_undecoded));
    });
  uint64_t at = m.header_size();
  listing.add("track_count", [motion, at](const std::string& key, json& out) { append_record(out, key, at, motion->count); });
  at += kCountSpec.size;
  for (uint64_t k = 0; k < m.tracks.size(); ++k) {
    listing.add("tracks[" + std::to_string(k) + "]", [motion, at_k = at << 32 | k](const std::string& key, json& out) {
      append_track(out, key, at_k >> 32, motion->tracks[static_cast<uint32_t>(at_k)]);
    });
    at += track_size(m.tracks[k]);
  }
  if (!m.tail.empty())
    listing.add("tail", [motion, at](const std::string& key, json& out) {
      out.push_back(bytes_item(key, at, Bytes(motion->tail), Status::structural_confirmed | Status::reserved_observed_zero));
    });
  return listing;
}

}  // namespace meshgate
