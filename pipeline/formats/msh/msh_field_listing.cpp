// `inspect --json` for an MSH model: the container's records, then every
// stream as records (nodes, slots, batches, keys), element arrays (vertex
// streams, indices, triangle descriptors, frame map), strings (UTF-8 view of
// the Windows-1251 bytes) or raw bytes, each with its provenance status.
#include "pipeline/formats/msh/msh_field_listing.hpp"

#include "parser/msh/msh_streams.hpp"
#include "parser/msh/msh_text.hpp"
#include "pipeline/json_fields.hpp"
#include "pipeline/field_listing.hpp"

namespace meshgate {

using nlohmann::json;

namespace {

// A stream's groups of the listing: one per record or string, one per array.
// Each fill holds where to read (the record, the string) and its offset, not
// the JSON: a 20,000-node model's listing costs its groups, not 700,000 objects.
struct StreamGroups {
  FieldListing& listing;
  std::string owner;  // "res13"
  uint64_t base;      // payload file offset
  const msh::StreamType* type;

  void array(std::string_view leaf, std::string_view element, uint64_t count, uint64_t stride) const {
    listing.add(owner, [path = owner + "." + std::string(leaf), at = base,
                        type_text = std::string(element) + "[" + std::to_string(count) + "]", count, stride,
                        status = status_string(type ? type->status : StatusSet(Status::preserved_undecoded))](
                           const std::string&, json& out) {
      out.push_back({{"path", path}, {"offset", at}, {"size", count * stride}, {"type", type_text}, {"value", count}, {"status", status}});
    });
  }
  template <const auto& Spec>
  void record(std::string path, uint64_t at, const Record<Spec>& r) const {
    listing.add(std::move(path), [at, record = &r](const std::string& key, json& out) { append_record(out, key, at, *record); });
  }
  template <const auto& Spec>
  void records(const PodVector<Record<Spec>>& rs, uint64_t first = 0) const {
    for (size_t k = 0; k < rs.size(); ++k) record(owner + "[" + std::to_string(k) + "]", base + first + k * Spec.size, rs[k]);
  }

  void operator()(const msh::RawStream& s) const { array(type ? type->name : "raw", "u8", s.bytes.size(), 1); }
  void operator()(const msh::NodeStream& s) const { records(s.nodes); }
  void operator()(const msh::ShortNodeStream& s) const { records(s.nodes); }
  void operator()(const msh::HeaderSlotStream& s) const {
    record(owner + ".header", base, s.header);
    records(s.slots, msh::kModelHeaderSpec.size);
  }
  void operator()(const msh::PositionStream& s) const { array("positions", "f32x3", s.positions.size(), 12); }
  void operator()(const msh::PackedNormalStream& s) const { array("normals", "s8x4", s.normals.size(), 4); }
  void operator()(const msh::WordPairStream& s) const { array(type->name, "u16x2", s.pairs.size(), 4); }
  void operator()(const msh::WordStream& s) const { array(type->name, "u16", s.words.size(), 2); }
  void operator()(const msh::TriangleStream& s) const {
    array("triangles", msh::kTriangleSpec.name, s.triangles.size(), msh::kTriangleSpec.size);
  }
  void operator()(const msh::BatchStream& s) const { records(s.batches); }
  void operator()(const msh::KeyStream& s) const { records(s.keys); }
  void operator()(const msh::StringStream& s) const {
    uint64_t at = base;
    const StatusSet status = type->status;
    for (size_t k = 0; k < s.records.size(); ++k) {
      listing.add(owner + "[" + std::to_string(k) + "]", [at, r = &s.records[k], status](const std::string& key, json& out) {
        out.push_back({{"path", key},
                       {"offset", at},
                       {"size", 4 + r->text.size()},
                       {"type", "cp1251_string"},
                       {"value", msh::cp1251_to_utf8(r->text)},
                       {"length", r->length},
                       {"status", status_string(status)}});
      });
      at += 4 + s.records[k].text.size();
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

FieldListing msh_field_listing(const msh::Model& m) {
  FieldListing listing;
  const msh::Model* model = &m;  // the fills read the model where it lies
  listing.add("header", [model](const std::string& key, json& out) { append_record(out, key, 0, model->header); });
  const uint64_t dir = nres::directory_offset(m.header);
  for (size_t i = 0; i < m.streams.size(); ++i)
    listing.add("entries[" + std::to_string(i) + "]", [model, i, at = dir + i * nres::kEntrySpec.size](const std::string& key, json& out) {
      append_record(out, key, at, model->streams[i].record);
      out.back()["name"] = nres::entry_name(model->streams[i].record);
    });
  for (const msh::Stream& s : m.streams) {
    const auto type = static_cast<uint32_t>(s.record.get(nres::entry::type_id));
    std::visit(StreamGroups{listing, msh::stream_path(type), s.record.get(nres::entry::data_offset), msh::find_stream_type(type)},
               s.data);
  }
  return listing;
}

json msh_inspect_head(Bytes data, const msh::ParseResult& result) {
  json out = inspect_envelope(msh::kFormatName, data, result.ok(), result.diagnostics);
  if (!result.ok()) return out;
  out["summary"] = msh_summary_json(*result.model);
  out["coverage"] = coverage_json(result.coverage, data);
  return out;
}

json msh_inspect_json(Bytes data, const msh::ParseResult& result) {
  json out = msh_inspect_head(data, result);
  if (result.ok()) out["fields"] = msh_field_listing(*result.model).to_json();
  return out;
}

}  // namespace meshgate
