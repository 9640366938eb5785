#include "pipeline/formats/mot/mot_observations.hpp"

#include "parser/mot/mot_channels.hpp"
#include "parser/mot/mot_keys.hpp"
#include "parser/mot/mot_parser.hpp"

namespace meshgate::mot_row {

namespace {

void observe_motion(const mot::Motion& m, FieldObserver& o) {
  using namespace mot;
  o.observe(m.header);
  o.observe(m.count);
  o.count(kFormatName, "motions", 1);
  o.count(kFormatName, "tracks", m.tracks.size());
  o.count(kFormatName, "partly_set_triplets", partly_set_triplets(m));
  o.count(kFormatName, "end_frame_mirror_equal", m.header.get(hdr::raw_0C) == m.header.get(hdr::raw_14) ? 1 : 0);
  const float end = m.header.get_f32(hdr::raw_0C);
  for (const Track& t : m.tracks) {
    const TrackHeadRecord head = track_head(t);
    o.observe(head);
    const uint64_t compression = head.get(track::compression);
    o.count(kFormatName, compression == 2 ? "compression=2" : compression == 3 ? "compression=3" : "compression=other", 1);
    o.count(kFormatName, "time_offset_nonzero", head.get(track::time_offset) != 0 ? 1 : 0);
    if (const auto* t2 = std::get_if<Track2>(&t)) {
      o.observe(t2->prefix);
      o.observe_all(std::span<const Key2Record>(t2->keys));
    } else if (const auto* t3 = std::get_if<Track3>(&t)) {
      o.observe(t3->prefix);
      o.observe_all(std::span<const Key3Record>(t3->keys));
    }
    const std::vector<Key> keys = decode_keys(t);
    o.count(kFormatName, "keys", keys.size());
    uint64_t hermite = 0;
    for (const Key& k : keys) hermite += compression == 3 && k.bit15;
    o.count(kFormatName, "hermite_keys", hermite);
    o.count(kFormatName, "tracks_ending_at_end_frame", !keys.empty() && static_cast<float>(keys.back().time) == end ? 1 : 0);
  }
}

}  // namespace

void observe(const ParsedView& v, FileObservation& into) {
  if (const auto* r = v.as<mot::ParseResult>(); r && r->ok()) observe_motion(*r->motion, into.corpus);
}

}  // namespace meshgate::mot_row
