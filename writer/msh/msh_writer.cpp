#include "writer/msh/msh_writer.hpp"

#include <bit>
#include <cstring>
#include <optional>
#include <string>

#include "parser/core/byte_reader.hpp"
#include "writer/nres/nres_archive_writer.hpp"

namespace meshgate::msh {

namespace {

// How many bytes a stream encodes to: the writer checks it against the
// directory's size before any byte is produced.
struct EncodedSize {
  template <const auto& Spec>
  static uint64_t records(const PodVector<Record<Spec>>& rs) { return rs.size() * uint64_t{Spec.size}; }
  template <typename Elements>
  static uint64_t elements(const Elements& v) { return v.size() * uint64_t{sizeof(typename Elements::value_type)}; }

  uint64_t operator()(const RawStream& s) const { return s.bytes.size(); }
  uint64_t operator()(const NodeStream& s) const { return records(s.nodes); }
  uint64_t operator()(const ShortNodeStream& s) const { return records(s.nodes); }
  uint64_t operator()(const HeaderSlotStream& s) const { return kModelHeaderSpec.size + records(s.slots); }
  uint64_t operator()(const PositionStream& s) const { return elements(s.positions); }
  uint64_t operator()(const PackedNormalStream& s) const { return elements(s.normals); }
  uint64_t operator()(const WordPairStream& s) const { return elements(s.pairs); }
  uint64_t operator()(const WordStream& s) const { return elements(s.words); }
  uint64_t operator()(const TriangleStream& s) const { return records(s.triangles); }
  uint64_t operator()(const BatchStream& s) const { return records(s.batches); }
  uint64_t operator()(const KeyStream& s) const { return records(s.keys); }
  uint64_t operator()(const StringStream& s) const {
    uint64_t n = 0;
    for (const StringRecord& r : s.records) n += 4 + r.text.size();
    return n;
  }
};

// Encodes a stream into exactly EncodedSize bytes at `dst` (the output image
// itself, so no per-stream buffer is made).
class Encoder {
 public:
  explicit Encoder(std::span<std::byte> dst) : dst_(dst) {}

  // A run of records is their images back to back: one copy.
  template <const auto& Spec>
  void records(const PodVector<Record<Spec>>& rs) {
    static_assert(kRecordIsItsImage<Spec>);
    if (!rs.empty()) std::memcpy(take(rs.size() * size_t{Spec.size}).data(), rs.data(), rs.size() * size_t{Spec.size});
  }
  template <typename Elements>
  void elements(const Elements& v) {
    using Element = typename Elements::value_type;
    store_le_elements(std::span<const Element>(v), take(v.size() * sizeof(Element)));
  }
  void bytes(Bytes b) {
    if (!b.empty()) std::memcpy(take(b.size()).data(), b.data(), b.size());
  }

  void operator()(const RawStream& s) { bytes(s.bytes); }
  void operator()(const NodeStream& s) { records(s.nodes); }
  void operator()(const ShortNodeStream& s) { records(s.nodes); }
  void operator()(const HeaderSlotStream& s) {
    s.header.encode(take(kModelHeaderSpec.size));
    records(s.slots);
  }
  void operator()(const PositionStream& s) { elements(s.positions); }
  void operator()(const PackedNormalStream& s) { elements(s.normals); }
  void operator()(const WordPairStream& s) { elements(s.pairs); }
  void operator()(const WordStream& s) { elements(s.words); }
  void operator()(const TriangleStream& s) { records(s.triangles); }
  void operator()(const BatchStream& s) { records(s.batches); }
  void operator()(const KeyStream& s) { records(s.keys); }
  void operator()(const StringStream& s) {
    for (const StringRecord& r : s.records) {
      store_uint_le(take(4), r.length, 4);
      bytes(r.text);
    }
  }

 private:
  std::span<std::byte> take(size_t n) {
    std::span<std::byte> part = dst_.subspan(at_, n);
    at_ += n;
    return part;
  }
  std::span<std::byte> dst_;
  size_t at_ = 0;
};

// A stream whose typed data already is its encoding, as those bytes: a run of
// records (each its own image), a raw payload, and on a little-endian host a
// run of elements. The others (header + slots, strings) are encoded.
struct HeldBytes {
  template <const auto& Spec>
  static std::optional<Bytes> records(const PodVector<Record<Spec>>& rs) {
    static_assert(kRecordIsItsImage<Spec> && sizeof(Record<Spec>) == Spec.size);
    return std::as_bytes(std::span(rs));
  }
  template <typename Elements>
  static std::optional<Bytes> elements(const Elements& v) {
    if constexpr (std::endian::native == std::endian::little) {
      return std::as_bytes(std::span(v));
    } else {
      return std::nullopt;
    }
  }
  std::optional<Bytes> operator()(const RawStream& s) const { return Bytes(s.bytes); }
  std::optional<Bytes> operator()(const NodeStream& s) const { return records(s.nodes); }
  std::optional<Bytes> operator()(const ShortNodeStream& s) const { return records(s.nodes); }
  std::optional<Bytes> operator()(const HeaderSlotStream&) const { return std::nullopt; }
  std::optional<Bytes> operator()(const PositionStream& s) const { return elements(s.positions); }
  std::optional<Bytes> operator()(const PackedNormalStream& s) const { return elements(s.normals); }
  std::optional<Bytes> operator()(const WordPairStream& s) const { return elements(s.pairs); }
  std::optional<Bytes> operator()(const WordStream& s) const { return elements(s.words); }
  std::optional<Bytes> operator()(const TriangleStream& s) const { return records(s.triangles); }
  std::optional<Bytes> operator()(const BatchStream& s) const { return records(s.batches); }
  std::optional<Bytes> operator()(const KeyStream& s) const { return records(s.keys); }
  std::optional<Bytes> operator()(const StringStream&) const { return std::nullopt; }
};

}  // namespace

uint64_t encoded_size(const StreamData& data) { return std::visit(EncodedSize{}, data); }

void encode_stream_into(const StreamData& data, std::span<std::byte> dst) {
  Encoder e(dst);
  std::visit(e, data);
}

WriteResult write_msh(const Model& model, const PartObserver* observer) {
  for (size_t i = 0; i < model.streams.size(); ++i) {
    const Stream& s = model.streams[i];
    const uint64_t size = encoded_size(s.data);
    if (size != s.record.get(nres::entry::size)) {
      WriteResult failed;
      failed.error = Diagnostic{"writer.stream-size-mismatch", Severity::error,
                                "entries[" + std::to_string(i) + "].size", s.record.get(nres::entry::data_offset),
                                "the stream encodes to " + std::to_string(size) +
                                    " bytes but its directory entry says " +
                                    std::to_string(s.record.get(nres::entry::size))};
      return failed;
    }
  }
  // The container's frame from the model's header, entries and gaps; each
  // payload emitted from the bytes the model holds (HeldBytes) or else
  // encoded straight into its place in the image.
  return nres::write_archive(
      model.file_size, model.header, model.streams.size(),
      [&](size_t i) -> const nres::EntryRecord& { return model.streams[i].record; }, model.gaps, observer,
      [&](OutputImage& out, size_t i, const auto& path) {
        const Stream& s = model.streams[i];
        const uint64_t offset = s.record.get(nres::entry::data_offset), size = s.record.get(nres::entry::size);
        if (const std::optional<Bytes> held = std::visit(HeldBytes{}, s.data); held && held->size() == size)
          return out.emit_bytes(offset, *held, path);
        return out.emit(offset, size, path, [&](std::span<std::byte> dst) { encode_stream_into(s.data, dst); });
      });
}

}  // namespace meshgate::msh
