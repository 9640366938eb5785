#include "parser/mot/mot_kaitai.hpp"

#include "parser/mot/mot_fields.hpp"

namespace meshgate::mot {

namespace {

using ksy::Attr;
using ksy::attr;
using ksy::Type;

// A track: the common head, then (span - 8 bytes) its prefix rest and keys
// by compression; any other compression stays bytes, as meshgate keeps it.
Type track_type() {
  Type t{"track", "One track: the head every compression shares, then its body (§4).",
         ksy::field_attrs(kTrackHeadSpec.fields), {}};
  Attr body;
  body.id = "body";
  body.size = "span - 8";
  body.switch_on = "compression";
  body.cases = {{"2", "track2_body"}, {"3", "track3_body"}};
  body.doc = "the rest of the track; compressions other than 2 and 3 are read as bytes (prefix size not recovered)";
  t.seq.push_back(std::move(body));
  return t;
}

// A compression's body: the prefix fields after the head, then key_count keys.
template <size_t P, size_t K>
Type body_type(const char* id, const RecordSpec<P>& prefix, const RecordSpec<K>& key, const char* doc) {
  Type t{id, doc, ksy::field_attrs(std::span(prefix.fields).subspan(kTrackHeadSpec.fields.size())), {}};
  Attr keys = attr("keys", std::string(key.name), "the track's keys, key_count of them", "_parent.key_count");
  t.seq.push_back(std::move(keys));
  return t;
}


Type root_type() {
  Type root{"dmc3_mot", "", {}, {}, {}};
  root.seq.push_back(attr("header", std::string(kHeaderSpec.name), "the fixed header (§2)"));
  Attr masks = attr("channel_masks", "u2", "mask i drives joint i (MOD node order); each set bit takes the next track");
  masks.repeat_expr = "header.channel_domain_count";
  masks.status = status_string(Status::exe_confirmed);
  root.seq.push_back(std::move(masks));
  Attr tail = attr("header_tail", "", "zero padding up to header_size (H), where the body starts");
  tail.size = "header.header_size - 30 - 2 * header.channel_domain_count";
  tail.status = status_string(Status::reserved_observed_zero | Status::preserved_undecoded);
  root.seq.push_back(std::move(tail));
  root.seq.push_back(attr("track_count", std::string(kCountSpec.name), "the body's track count (§3)"));
  Attr tracks = attr("tracks", "track", "the tracks, back to back, each sized by its span");
  tracks.repeat_expr = "track_count.track_count";
  root.seq.push_back(std::move(tracks));
  Attr end = attr("tail", "", "zero bytes after the last track, up to a multiple of 16");
  end.size_eos = true;
  end.status = status_string(Status::structural_confirmed | Status::reserved_observed_zero);
  root.seq.push_back(std::move(end));
  return root;
}

}  // namespace

ksy::Spec kaitai_spec() {
  ksy::Spec s = ksy::spec_named(
      "dmc3_mot", "DMC3 HD motion (.mot)", "dmc3-mot", "mot",
      "Devil May Cry 3 HD (PC) motion: per-joint channel masks, then tracks of quantised keys (docs/spec/dmc3-mot.md).");
  s.root = root_type();
  s.types = {ksy::record_type(kHeaderSpec, "The header (§2)."),
             ksy::record_type(kCountSpec, "The body's first field (§3)."),
             track_type(),
             body_type("track2_body", kTrack2PrefixSpec, kKey2Spec, "Compression 2: value min and range, then linear keys (§4)."),
             body_type("track3_body", kTrack3PrefixSpec, kKey3Spec,
                       "Compression 3: value and slope quantisation pairs, then Hermite keys (§4)."),
             ksy::record_type(kKey2Spec, "A compression-2 key: time and value (§5)."),
             ksy::record_type(kKey3Spec, "A compression-3 key: time, value and both slopes (§5).")};
  s.transparent = {"body"};
  s.not_expressed = {
      "header_size equals align16(0x1E + 2 C) (mot.header-size-mismatch): the .ksy reads the padding up to whatever H is",
      "mask bits above 0x1FF (mot.unknown-mask-bits), and what each bit means: the [CONFLICT] of §7, readings E and I",
      "track_count equals the sum of the masks' popcounts (mot.track-count-mismatch)",
      "a span equals its prefix plus key_count keys (mot.track-span-mismatch, mot.track-span-too-small)",
      "key times do not decrease within a track (mot.key-time-decreasing); the tail is zero and ends on a multiple of 16",
      "dequantisation, the cached key search and Hermite evaluation (§5, §6), and the binding to a MOD's nodes (§7)",
  };
  return s;
}

}  // namespace meshgate::mot
