// `inspect --json` for an MSH model: the container's records, then every
// stream as records (nodes, slots, batches, keys), element arrays (vertex
// streams, indices, triangle descriptors, frame map), strings (UTF-8 view of
// the Windows-1251 bytes) or raw bytes, each with its provenance status.
#include "parser/msh/msh_streams.hpp"
#include "parser/msh/msh_text.hpp"
#include "pipeline/json_fields.hpp"
#include "pipeline/field_listing.hpp"

namespace meshgate {

using nlohmann::json;

namespace {

struct StreamJson {
  json& out;
  std::string owner;  // "res13"
  uint64_t base;      // payload file offset
  const msh::StreamType* type;

  json array(std::string_view leaf, std::string_view element, uint64_t count, uint64_t stride) const {
    return {{"path", owner + "." + std::string(leaf)},
            {"offset", base},
            {"size", count * stride},
            {"type", std::string(element) + "[" + std::to_string(count) + "]"},
            {"value", count},
            {"status", status_string(type ? type->status : StatusSet(Status::preserved_undecoded))}};
  }
  template <const auto& Spec>
  void records(const PodVector<Record<Spec>>& rs, uint64_t first = 0) const {
    for (size_t k = 0; k < rs.size(); ++k)
      append_record(out, owner + "[" + std::to_string(k) + "]", base + first + k * Spec.size, rs[k]);
  }

  void operator()(const msh::RawStream& s) const {
    out.push_back(array(type ? type->name : "raw", "u8", s.bytes.size(), 1));
  }
  void operator()(const msh::NodeStream& s) const { records(s.nodes); }
  void operator()(const msh::ShortNodeStream& s) const { records(s.nodes); }
  void operator()(const msh::HeaderSlotStream& s) const {
    append_record(out, owner + ".header", base, s.header);
    records(s.slots, msh::kModelHeaderSpec.size);
  }
  void operator()(const msh::PositionStream& s) const { out.push_back(array("positions", "f32x3", s.positions.size(), 12)); }
  void operator()(const msh::PackedNormalStream& s) const { out.push_back(array("normals", "s8x4", s.normals.size(), 4)); }
  void operator()(const msh::WordPairStream& s) const {
    out.push_back(array(type->name, "u16x2", s.pairs.size(), 4));
  }
  void operator()(const msh::WordStream& s) const { out.push_back(array(type->name, "u16", s.words.size(), 2)); }
  void operator()(const msh::TriangleStream& s) const {
    out.push_back(array("triangles", msh::kTriangleSpec.name, s.triangles.size(), msh::kTriangleSpec.size));
  }
  void operator()(const msh::BatchStream& s) const { records(s.batches); }
  void operator()(const msh::KeyStream& s) const { records(s.keys); }
  void operator()(const msh::StringStream& s) const {
    uint64_t at = base;
    for (size_t k = 0; k < s.records.size(); ++k) {
      const msh::StringRecord& r = s.records[k];
      out.push_back({{"path", owner + "[" + std::to_string(k) + "]"},
                     {"offset", at},
                     {"size", 4 + r.text.size()},
                     {"type", "cp1251_string"},
                     {"value", msh::cp1251_to_utf8(r.text)},
                     {"length", r.length},
                     {"status", status_string(type->status)}});
      at += 4 + r.text.size();
    }
  }
};

}  // namespace

json msh_summary_json(const msh::Model& model) {
  const msh::ModelCounts c = msh::model_counts(model);
  return {{"entries", model.streams.size()}, {"nodes", c.nodes},         {"slots", c.slots},
          {"batches", c.batches},            {"vertices", c.vertices},   {"indices", c.indices},
          {"triangles", c.triangles},        {"keys", c.keys},           {"frames", c.frames}};
}

json msh_inspect_json(Bytes data, const msh::ParseResult& result) {
  json out = inspect_envelope(msh::kFormatName, data, result.ok(), result.diagnostics);
  if (!result.ok()) return out;
  const msh::Model& m = *result.model;
  json fields = json::array();
  append_record(fields, "header", 0, m.header);
  const uint64_t dir = nres::directory_offset(m.header);
  for (size_t i = 0; i < m.streams.size(); ++i) {
    append_record(fields, "entries[" + std::to_string(i) + "]", dir + i * nres::kEntrySpec.size, m.streams[i].record);
    fields.back()["name"] = nres::entry_name(m.streams[i].record);
  }
  for (const msh::Stream& s : m.streams) {
    const auto type = static_cast<uint32_t>(s.record.get(nres::entry::type_id));
    std::visit(StreamJson{fields, msh::stream_path(type), s.record.get(nres::entry::data_offset),
                          msh::find_stream_type(type)},
               s.data);
  }
  out["summary"] = msh_summary_json(m);
  out["fields"] = std::move(fields);
  out["coverage"] = coverage_json(result.coverage, data);
  return out;
}

}  // namespace meshgate
