#include "writer/msh/msh_writer.hpp"

#include <string>

#include "parser/core/byte_reader.hpp"
#include "writer/nres/nres_writer.hpp"

namespace meshgate::msh {

namespace {

class Encoder {
 public:
  std::vector<std::byte> out;

  template <const auto& Spec>
  void records(const std::vector<Record<Spec>>& rs) {
    const size_t at = out.size();
    out.resize(at + rs.size() * Spec.size);
    for (size_t k = 0; k < rs.size(); ++k)
      rs[k].encode(std::span<std::byte>(out).subspan(at + k * Spec.size, Spec.size));
  }
  void uint(uint64_t v, size_t width) { append_uint_le(out, v, width); }
  template <typename Elements>
  void elements(const Elements& v) {
    using Element = typename Elements::value_type;
    const size_t at = out.size();
    out.resize(at + v.size() * sizeof(Element));
    store_le_elements(std::span<const Element>(v), std::span<std::byte>(out).subspan(at));
  }

  void operator()(const RawStream& s) { out = s.bytes; }
  void operator()(const NodeStream& s) { records(s.nodes); }
  void operator()(const ShortNodeStream& s) { records(s.nodes); }
  void operator()(const HeaderSlotStream& s) {
    out.resize(kModelHeaderSpec.size);
    s.header.encode(out);
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
      uint(r.length, 4);
      out.insert(out.end(), r.text.begin(), r.text.end());
    }
  }
};

}  // namespace

std::vector<std::byte> encode_stream(const StreamData& data) {
  Encoder e;
  std::visit(e, data);
  return std::move(e.out);
}

WriteResult write_msh(const Model& model) {
  nres::Archive archive;
  archive.file_size = model.file_size;
  archive.header = model.header;
  archive.gaps = model.gaps;
  archive.entries.reserve(model.streams.size());
  for (size_t i = 0; i < model.streams.size(); ++i) {
    const Stream& s = model.streams[i];
    std::vector<std::byte> payload = encode_stream(s.data);
    if (payload.size() != s.record.get(nres::entry::size)) {
      WriteResult failed;
      failed.error = Diagnostic{"writer.stream-size-mismatch", Severity::error,
                                "entries[" + std::to_string(i) + "].size", s.record.get(nres::entry::data_offset),
                                "the stream encodes to " + std::to_string(payload.size()) +
                                    " bytes but its directory entry says " +
                                    std::to_string(s.record.get(nres::entry::size))};
      return failed;
    }
    archive.entries.push_back({s.record, std::move(payload)});
  }
  return nres::write_nres(archive);
}

}  // namespace meshgate::msh
