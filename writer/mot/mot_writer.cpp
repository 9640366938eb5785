#include "writer/mot/mot_writer.hpp"

#include <variant>

#include "parser/core/byte_reader.hpp"
#include "writer/core/output_image.hpp"

namespace meshgate::mot {

namespace {

std::string track_path(size_t k) { return "tracks[" + std::to_string(k) + "]"; }

// A quantised track: its prefix record, then its keys back to back.
template <typename T>
bool emit_quantised(OutputImage& out, uint64_t at, size_t k, const T& t) {
  constexpr uint32_t prefix = decltype(t.prefix)::kSize;
  bool ok = out.emit(at, prefix, [&] { return track_path(k); }, [&](std::span<std::byte> dst) { t.prefix.encode(dst); });
  using KeyRecord = typename decltype(t.keys)::value_type;
  const uint64_t keys = t.keys.size() * uint64_t{KeyRecord::kSize};
  if (ok && keys > 0)
    ok = out.emit(at + prefix, keys, [&] { return track_path(k) + ".keys"; }, [&](std::span<std::byte> dst) {
      for (size_t i = 0; i < t.keys.size(); ++i) t.keys[i].encode(dst.subspan(i * KeyRecord::kSize, KeyRecord::kSize));
    });
  return ok;
}

bool emit_raw(OutputImage& out, uint64_t at, size_t k, const RawTrack& t) {
  bool ok = out.emit(at, kTrackHeadSpec.size, [&] { return track_path(k); },
                     [&](std::span<std::byte> dst) { t.head.encode(dst); });
  if (ok && !t.body.empty()) ok = out.emit_bytes(at + kTrackHeadSpec.size, t.body, [&] { return track_path(k) + ".body"; });
  return ok;
}

}  // namespace

WriteResult write_mot(const Motion& m, const PartObserver* observer) {
  OutputImage out(m.byte_size(), observer);
  uint64_t at = 0;
  bool ok = out.emit(at, kHeaderSpec.size, "header", [&](std::span<std::byte> dst) { m.header.encode(dst); });
  at += kHeaderSpec.size;
  if (ok && !m.masks.empty())
    ok = out.emit(at, 2 * uint64_t{m.masks.size()}, "channel_masks", [&](std::span<std::byte> dst) {
      for (size_t i = 0; i < m.masks.size(); ++i) store_uint_le(dst.subspan(2 * i, 2), m.masks[i], 2);
    });
  at += 2 * uint64_t{m.masks.size()};
  if (ok && !m.header_tail.empty()) ok = out.emit_bytes(at, m.header_tail, "header_tail");
  at += m.header_tail.size();
  if (ok) ok = out.emit(at, kCountSpec.size, "track_count", [&](std::span<std::byte> dst) { m.count.encode(dst); });
  at += kCountSpec.size;
  for (size_t k = 0; ok && k < m.tracks.size(); ++k) {
    ok = std::visit(
        [&](const auto& t) {
          if constexpr (std::is_same_v<std::decay_t<decltype(t)>, RawTrack>) return emit_raw(out, at, k, t);
          else return emit_quantised(out, at, k, t);
        },
        m.tracks[k]);
    at += track_size(m.tracks[k]);
  }
  if (ok && !m.tail.empty()) ok = out.emit_bytes(at, m.tail, "tail");
  WriteResult result;
  result.error = out.finish();
  if (!result.error) result.bytes = out.take();
  return result;
}

}  // namespace meshgate::mot
