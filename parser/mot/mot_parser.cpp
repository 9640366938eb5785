#include "parser/mot/mot_parser.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

#include "parser/core/record_reader.hpp"
#include "parser/mot/mot_diagnostic_codes.hpp"

namespace meshgate::mot {

namespace {

uint64_t header_offset(size_t i) { return kHeaderSpec.fields[i].offset; }
std::string track_path(uint64_t k) { return "tracks[" + std::to_string(k) + "]"; }

// A warning's first instance and how many there were: a motion of 5,000
// tracks reports a kind of finding once, not 5,000 times.
struct Finding {
  const DiagnosticCode* code;
  std::string path;
  uint64_t offset;
  std::string message;
  uint64_t count = 1;
};

class Parser {
 public:
  Parser(Bytes data, const ParseOptions& options) : in_(data), diags_(options.strict) {}

  ParseResult run() {
    ParseResult result;
    if (parse_header() && parse_count() && parse_tracks() && parse_tail() && report_findings())
      result.coverage = cov_.summarize(in_.size());
    result.diagnostics = diags_.take();
    if (!diags_.has_error()) result.motion = std::move(motion_);
    result.coverage_map = std::move(cov_);
    return result;
  }

 private:
  bool fail(const DiagnosticCode& code, std::string path, uint64_t offset, std::string message) {
    return diags_.reject(code, std::move(path), offset, std::move(message));
  }
  void note(const DiagnosticCode& code, std::string path, uint64_t offset, std::string message) {
    for (Finding& f : findings_)
      if (f.code == &code) {
        ++f.count;
        return;
      }
    findings_.push_back({&code, std::move(path), offset, std::move(message)});
  }
  bool report_findings() {
    if (!std::equal(kMarker.begin(), kMarker.end(), motion_.header.raw(hdr::marker).begin()))
      note(codes::marker_mismatch, "header.marker", header_offset(hdr::marker),
           "+0x04 is not \"MOT\\0\" although the header, the tracks and the tail close; the EXE never checks it");
    for (const Finding& f : findings_) {
      const std::string more = f.count > 1 ? " (" + std::to_string(f.count) + " such findings)" : "";
      if (!diags_.warn(*f.code, f.path, f.offset, f.message + more)) return false;
    }
    return true;
  }

  // The fixed fields, the masks and the zero run to H.
  bool parse_header() {
    if (in_.size() < kHeaderSpec.size)
      return fail(codes::truncated_header, "header", in_.size(),
                  "file is " + std::to_string(in_.size()) + " bytes, shorter than the 0x1E-byte MOT header");
    HeaderRecord& h = motion_.header;
    (void)read_record(in_, 0, cov_.add_owner("header"), cov_, h);  // size checked above
    const uint64_t c = h.get(hdr::channel_domain_count);
    const uint64_t masks_end = kMasksOffset + 2 * c;
    if (masks_end > in_.size())
      return fail(codes::truncated_header, "channel_masks", kMasksOffset,
                  std::to_string(c) + " masks end at " + hex_offset(masks_end) + ", past the " +
                      std::to_string(in_.size()) + "-byte file");
    const uint64_t h_size = h.get(hdr::header_size);
    if (h_size != expected_header_size(c))
      return fail(codes::header_size_mismatch, "header.header_size", header_offset(hdr::header_size),
                  "H is " + hex_offset(h_size) + "; " + std::to_string(c) + " masks give align16(0x1E + 2 C) = " +
                      hex_offset(expected_header_size(c)));
    if (h_size + kCountSpec.size > in_.size())
      return fail(codes::truncated_header, "header.header_size", header_offset(hdr::header_size),
                  "no room for the u32 track count at H = " + hex_offset(h_size) + " in a " +
                      std::to_string(in_.size()) + "-byte file");
    motion_.masks.reserve(static_cast<size_t>(c));
    for (uint64_t i = 0; i < c; ++i) {
      const auto mask = static_cast<uint16_t>(*in_.read_uint_le(kMasksOffset + 2 * i, 2));  // inside: checked above
      if (mask & ~kKnownMaskBits)
        return fail(codes::unknown_mask_bits, "channel_masks[" + std::to_string(i) + "]", kMasksOffset + 2 * i,
                    "mask " + std::to_string(i) + " is " + hex_offset(mask) + "; only bits 0x1FF are known");
      motion_.masks.push_back(mask);
    }
    if (c > 0) cov_.mark(kMasksOffset, 2 * c, cov_.add_owner("channel_masks"), "masks");
    const Bytes tail = *in_.slice(masks_end, h_size - masks_end);
    motion_.header_tail.assign(tail.begin(), tail.end());
    if (!tail.empty()) cov_.mark(masks_end, tail.size(), cov_.add_owner("header_tail"), "header_padding");
    const auto nonzero = std::find_if(tail.begin(), tail.end(), [](std::byte b) { return b != std::byte{0}; });
    if (nonzero != tail.end())
      note(codes::header_tail_nonzero, "header_tail", masks_end + static_cast<uint64_t>(nonzero - tail.begin()),
           "a non-zero byte between the masks and H; kept");
    return true;
  }

  bool parse_count() {
    const uint64_t at = motion_.header_size();
    (void)read_record(in_, at, cov_.add_owner("track_count"), cov_, motion_.count);  // room checked in parse_header
    const uint64_t count = motion_.count.get(0);
    if (count > kMaxTracks)
      return fail(codes::track_count_limit, "track_count", at,
                  std::to_string(count) + " tracks exceed the tool limit of " + std::to_string(kMaxTracks));
    uint64_t bits = 0;
    for (const uint16_t m : motion_.masks) bits += static_cast<uint64_t>(std::popcount(m));
    if (count != bits)
      return fail(codes::track_count_mismatch, "track_count", at,
                  "track count " + std::to_string(count) + " is not the masks' " + std::to_string(bits) + " set bits");
    at_ = at + kCountSpec.size;
    return true;
  }

  bool parse_tracks() {
    const uint64_t count = motion_.count.get(0);
    motion_.tracks.reserve(static_cast<size_t>(std::min<uint64_t>(count, (in_.size() - at_) / kTrackHeadSpec.size)));
    for (uint64_t k = 0; k < count; ++k)
      if (!parse_track(k)) return false;
    return true;
  }

  bool parse_track(uint64_t k) {
    const auto head_bytes = in_.slice(at_, kTrackHeadSpec.size);
    if (!head_bytes)
      return fail(codes::track_truncated, track_path(k), at_,
                  "track " + std::to_string(k) + "'s 8-byte prefix at " + hex_offset(at_) + " runs past the end");
    const TrackHeadRecord head(*head_bytes);
    const uint64_t span = head.get(track::span), keys = head.get(track::key_count);
    const uint64_t compression = head.get(track::compression);
    const bool quantised = compression == 2 || compression == 3;
    const uint64_t prefix = compression == 3 ? kTrack3PrefixSpec.size : compression == 2 ? kTrack2PrefixSpec.size
                                                                                          : kTrackHeadSpec.size;
    const std::string span_path = track_path(k) + ".span";
    if (span < prefix)
      return fail(codes::track_span_too_small, span_path, at_,
                  "span " + std::to_string(span) + " is below the " + std::to_string(prefix) +
                      "-byte prefix of compression " + std::to_string(compression));
    const uint64_t key_size = compression == 3 ? kKey3Spec.size : kKey2Spec.size;
    if (quantised && span != prefix + keys * key_size)
      return fail(codes::track_span_mismatch, span_path, at_,
                  "span " + std::to_string(span) + " is not " + std::to_string(prefix) + " + " + std::to_string(keys) +
                      " keys x " + std::to_string(key_size) + " bytes");
    if (!in_.is_valid_range(at_, span))
      return fail(codes::track_truncated, span_path, at_,
                  "track " + std::to_string(k) + " of " + std::to_string(span) + " bytes at " + hex_offset(at_) +
                      " runs past the end");
    if (keys > 32767)
      note(codes::key_count_over_int16, track_path(k) + ".key_count", at_ + 2,
           std::to_string(keys) + " keys: the runtime sign-extends the count, so they are not proven playable");
    bool ok = true;
    if (compression == 2) ok = read_quantised<Track2>(k, keys);
    else if (compression == 3) ok = read_quantised<Track3>(k, keys);
    else read_raw(k, head, span);
    at_ += span;
    return ok;
  }

  template <typename T>
  bool read_quantised(uint64_t k, uint64_t key_count) {
    T track;
    const uint32_t owner = cov_.add_owner(track_path(k));
    (void)read_record(in_, at_, owner, cov_, track.prefix);  // span checked
    const uint64_t base = at_ + track.prefix.kSize;
    using KeyRecord = typename decltype(track.keys)::value_type;
    constexpr uint32_t key_size = KeyRecord::kSize;
    track.keys.reserve(static_cast<size_t>(key_count));
    for (uint64_t i = 0; i < key_count; ++i) track.keys.emplace_back(*in_.slice(base + i * key_size, key_size));
    if (key_count > 0)
      cov_.mark_records(base, key_count,
                        cov_.add_record_table_owner(track_path(k) + ".keys", base, key_size, KeyRecord::table().fields));
    if (!check_keys(k, track, base, key_size)) return false;
    motion_.tracks.emplace_back(std::move(track));
    return true;
  }

  template <typename T>
  bool check_keys(uint64_t k, const T& track, uint64_t base, uint32_t key_size) {
    const std::string path = track_path(k);
    check_finite(path, track.prefix);
    if (track.keys.empty()) {
      note(codes::empty_track, path + ".key_count", at_ + 2, "track " + std::to_string(k) + " has no keys");
      return true;
    }
    const int64_t offset = track.prefix.get_signed(track::time_offset);
    uint64_t previous = 0;
    for (size_t i = 0; i < track.keys.size(); ++i) {
      const uint64_t time = track.keys[i].get(key::time_control) & 0x7FFF;
      const uint64_t key_at = base + i * key_size;
      const std::string key_path = path + ".keys[" + std::to_string(i) + "].time_control";
      if (i > 0 && time < previous)
        return fail(codes::key_time_decreasing, key_path, key_at,
                    "key " + std::to_string(i) + "'s time " + std::to_string(time) + " is below the previous key's " +
                        std::to_string(previous));
      if (i > 0 && time == previous)
        note(codes::duplicate_key_time, key_path, key_at, "keys " + std::to_string(i - 1) + " and " +
                                                              std::to_string(i) + " share time " + std::to_string(time));
      if (static_cast<int64_t>(time) + offset < 0)
        note(codes::negative_key_time, key_path, key_at,
             "time " + std::to_string(time) + " with offset " + std::to_string(offset) + " is below 0");
      previous = time;
    }
    const float last = static_cast<float>(static_cast<int64_t>(previous) + offset);
    if (last != motion_.header.get_f32(hdr::raw_0C))
      note(codes::track_span_vs_end_frame, path, at_,
           "track " + std::to_string(k) + " ends at time " + std::to_string(last) + ", not at +0x0C's value");
    return true;
  }

  template <typename Prefix>
  void check_finite(const std::string& path, const Prefix& p) {
    for (size_t f = 4; f < Prefix::kFieldCount; ++f)
      if (!std::isfinite(p.get_f32(f))) {
        note(codes::non_finite_quantization, path + "." + std::string(Prefix::spec(f).name), at_ + Prefix::spec(f).offset,
             "a quantisation min or range is NaN or infinite");
        return;
      }
  }

  void read_raw(uint64_t k, const TrackHeadRecord& head, uint64_t span) {
    RawTrack track{head, {}};
    const uint32_t owner = cov_.add_owner(track_path(k));
    cov_.mark_record(at_, owner, kTrackHeadSpec.fields, kTrackHeadSpec.size);
    const Bytes body = *in_.slice(at_ + kTrackHeadSpec.size, span - kTrackHeadSpec.size);  // span checked
    track.body.assign(body.begin(), body.end());
    if (!body.empty()) cov_.mark(at_ + kTrackHeadSpec.size, body.size(), cov_.add_owner(track_path(k) + ".body"), "raw");
    note(codes::track_compression_unsupported, track_path(k) + ".compression", at_ + 4,
         "compression " + std::to_string(head.get(track::compression)) +
             " is not recovered (prefix unknown or no usable values): kept as raw bytes, not animated");
    motion_.tracks.emplace_back(std::move(track));
  }

  bool parse_tail() {
    const Bytes tail = *in_.slice(at_, in_.size() - at_);
    const auto nonzero = std::find_if(tail.begin(), tail.end(), [](std::byte b) { return b != std::byte{0}; });
    if (nonzero != tail.end()) {
      const uint64_t where = at_ + static_cast<uint64_t>(nonzero - tail.begin());
      return fail(codes::nonzero_tail, "tail", where, "byte " + hex_offset(where) + " after the last track is not zero");
    }
    motion_.tail.assign(tail.begin(), tail.end());
    if (!tail.empty()) cov_.mark(at_, tail.size(), cov_.add_owner("tail"), "padding");
    if (in_.size() % kTailAlignment != 0)
      note(codes::tail_misaligned, "tail", in_.size(),
           "the file is " + std::to_string(in_.size()) + " bytes, not a multiple of 16");
    if (motion_.header.get(hdr::raw_0C) != motion_.header.get(hdr::raw_14))
      note(codes::end_frame_mirror_mismatch, "header.raw_14", header_offset(hdr::raw_14),
           "+0x0C and +0x14 differ (" + std::to_string(motion_.header.get_f32(hdr::raw_0C)) + " and " +
               std::to_string(motion_.header.get_f32(hdr::raw_14)) + ")");
    return true;
  }

  ByteReader in_;
  Diagnostics diags_;
  CoverageMap cov_;
  Motion motion_;
  std::vector<Finding> findings_;
  uint64_t at_ = 0;
};

}  // namespace

TrackHeadRecord track_head(const Track& t) {
  return std::visit(
      [](const auto& x) {
        if constexpr (std::is_same_v<std::decay_t<decltype(x)>, RawTrack>) {
          return x.head;
        } else {
          TrackHeadRecord head;
          for (size_t f = 0; f < TrackHeadRecord::kFieldCount; ++f) head.set(f, x.prefix.get(f));
          return head;
        }
      },
      t);
}

uint64_t track_size(const Track& t) { return track_head(t).get(track::span); }

uint64_t Motion::byte_size() const {
  uint64_t n = kHeaderSpec.size + 2 * uint64_t{masks.size()} + header_tail.size() + kCountSpec.size + tail.size();
  for (const Track& t : tracks) n += track_size(t);
  return n;
}

bool looks_like_mot(Bytes prefix) { return has_magic(prefix, kMagics[0]); }

bool frames_as_mot(Bytes prefix) {
  if (prefix.size() < kHeaderSpec.size) return false;
  const HeaderRecord h(prefix.first(kHeaderSpec.size));
  const uint64_t c = h.get(hdr::channel_domain_count), h_size = h.get(hdr::header_size);
  if (c == 0 || h_size != expected_header_size(c) || h_size + 4 > prefix.size()) return false;
  uint64_t bits = 0;
  for (uint64_t i = 0; i < c; ++i) {
    const uint64_t mask = load_uint_le(prefix.subspan(kMasksOffset + 2 * i, 2), 2);
    if (mask & ~uint64_t{kKnownMaskBits}) return false;
    bits += static_cast<uint64_t>(std::popcount(mask));
  }
  const Bytes tail = prefix.subspan(kMasksOffset + 2 * c, h_size - kMasksOffset - 2 * c);
  if (std::any_of(tail.begin(), tail.end(), [](std::byte b) { return b != std::byte{0}; })) return false;
  return bits > 0 && load_uint_le(prefix.subspan(h_size, 4), 4) == bits;
}

ParseResult parse_mot(Bytes data, const ParseOptions& options) { return Parser(data, options).run(); }

}  // namespace meshgate::mot
