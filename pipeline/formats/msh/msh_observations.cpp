#include "pipeline/formats/msh/msh_observations.hpp"

#include "parser/msh/msh_parser.hpp"
#include "pipeline/formats/msh_file.hpp"
#include "pipeline/formats/nres/nres_observations.hpp"

namespace meshgate::msh_row {

namespace {

void observe_model(const msh::Model& m, FieldObserver& o) {
  using namespace msh;
  o.observe(m.header);
  for (const Stream& s : m.streams) {
    o.observe(s.record);
    if (auto* n = std::get_if<NodeStream>(&s.data)) o.observe_all(std::span(n->nodes));
    if (auto* n = std::get_if<ShortNodeStream>(&s.data)) o.observe_all(std::span(n->nodes));
    if (auto* h = std::get_if<HeaderSlotStream>(&s.data)) {
      o.observe(h->header);
      o.observe_all(std::span(h->slots));
    }
    if (auto* t = std::get_if<TriangleStream>(&s.data)) o.observe_all(std::span(t->triangles));
    if (auto* b = std::get_if<BatchStream>(&s.data)) o.observe_all(std::span(b->batches));
    if (auto* k = std::get_if<KeyStream>(&s.data)) o.observe_all(std::span(k->keys));
  }
  const ModelCounts c = model_counts(m);
  o.count(kFormatName, "models", 1);
  o.count(kFormatName, "nodes", c.nodes);
  o.count(kFormatName, "slots", c.slots);
  o.count(kFormatName, "batches", c.batches);
  o.count(kFormatName, "vertices", c.vertices);
  o.count(kFormatName, "triangles", c.triangles);
  o.count(kFormatName, "keys", c.keys);
  o.count(kFormatName, "animated_models", c.frames > 0);
}

std::optional<UvRange> uv_range(const msh::Model& model) {
  std::optional<UvRange> range;
  if (const auto* uv = model.get<msh::WordPairStream>(msh::stream_type::uv0))
    for (const msh::U16x2& pair : uv->pairs)
      widen(range, msh::decode_uv_signed(pair[0]), msh::decode_uv_signed(pair[1]));
  return range;
}

}  // namespace

void observe(const ParsedView& v, FileObservation& into) {
  const msh::ParseResult* model = msh_model(v);
  if (!model || !model->ok()) return;
  observe_model(*model->model, into.corpus);
  into.uv_range = uv_range(*model->model);
}

std::string declared_version(const ParsedView& v) {
  const MshFile* m = v.as<MshFile>();
  return m ? nres_row::archive_version(m->container) : std::string();
}

}  // namespace meshgate::msh_row
