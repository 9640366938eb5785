#include "parser/material/mat0_kaitai.hpp"

#include "parser/material/material_diagnostic_codes.hpp"
#include "parser/material/mat0_fields.hpp"

namespace meshgate::mat0 {

ksy::Spec kaitai_spec() {
  using ksy::attr;
  ksy::Spec s = ksy::spec_named(
      "nikita_mat0", "Nikita engine MAT0 material", "nikita-mat0", "mat0",
      "Nikita engine material, an entry of Material.lib (NRes type MAT0): a header, its phases and its animation "
      "tracks (docs/spec/nikita-materials-textures.md §3). This spec reads payload version 6, the version of every "
      "shipped file.");
  s.root.seq = {attr("header", std::string(kHeaderSpec.name), "counts and the material's metadata"),
                attr("entries", std::string(kEntrySpec.name), "the phases, 34 bytes each", "header.entry_count"),
                attr("tracks", std::string(kTrackSpec.name), "the animation tracks, each a head and its keys",
                     "header.track_count")};
  ksy::Type track = ksy::record_type(kTrackSpec, "An animation track: a raw word, then key_count keys.");
  track.seq.push_back(attr("keys", std::string(kKeySpec.name), "the track's keys", "key_count"));
  s.types = {ksy::record_type(kHeaderSpec, "The material header."), ksy::record_type(kEntrySpec, "A phase."),
             std::move(track), ksy::record_type(kKeySpec, "A key: the phase shown and when.")};
  s.other_reading_codes = {std::string(codes::unknown_version.code)};
  s.not_expressed = {
      "the payload version is the NRes entry's attr2, outside the payload: versions other than 6 are kept as raw "
      "bytes by meshgate and are not this layout",
      "a key's entry names an existing phase (mat0.key-entry-out-of-range), and nothing follows the last track "
      "(mat0.trailing-bytes)",
      "which phase is shown (track 0's first key, else phase 0) and the texture looked up by name in Textures.lib",
  };
  return s;
}

}  // namespace meshgate::mat0
