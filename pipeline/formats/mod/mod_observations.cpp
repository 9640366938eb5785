#include "pipeline/formats/mod/mod_observations.hpp"

#include <charconv>
#include <cstdio>

#include "parser/mod/mod_fields.hpp"
#include "parser/mod/mod_parser.hpp"

namespace meshgate::mod_row {

namespace {

void observe_model(const mod::Model& m, FieldObserver& o) {
  using namespace mod;
  o.observe(m.header);
  o.count(kFormatName, "files", 1);
  o.count(kFormatName, "objects", m.objects.size());
  for (const Object& obj : m.objects) {
    o.observe(obj.record);
    o.count(kFormatName, "meshes", obj.meshes.size());
    for (const Mesh& mesh : obj.meshes) {
      o.observe(mesh.record);
      o.count(kFormatName, "vertices", mesh.record.get(mesh::vertex_count));
    }
  }
  o.observe(m.nodes.header);
  o.count(kFormatName, "transforms", m.nodes.transforms.size());
  for (const TransformRecord& t : m.nodes.transforms) o.observe(t);
  char v[32];
  std::snprintf(v, sizeof v, "%.2f", static_cast<double>(m.header.get_f32(hdr::version)));
  o.version(kFormatName, v);
}

std::optional<UvRange> uv_range(const mod::Model& model) {
  std::optional<UvRange> range;
  for (const mod::Object& o : model.objects)
    for (const mod::Mesh& mesh : o.meshes)
      for (const mod::I16x2& uv : mesh.uv) widen(range, mod::decode_uv(uv[0]), mod::decode_uv(uv[1]));
  return range;
}

}  // namespace

void observe(const ParsedView& v, FileObservation& into) {
  const auto* r = v.as<mod::ParseResult>();
  if (!r || !r->ok()) return;
  observe_model(*r->model, into.corpus);
  into.uv_range = uv_range(*r->model);
}

std::string declared_version(const ParsedView& v) {
  const auto* r = v.as<mod::ParseResult>();
  if (!r || !r->ok()) return {};
  // "%.2f" as printf writes it ("1.01"), a fifth of the time: to_chars
  // converts as printf does in the C locale, without parsing a format.
  char text[64];
  const auto version = static_cast<double>(r->model->header.get_f32(mod::hdr::version));
  const auto written = std::to_chars(text, text + sizeof text, version, std::chars_format::fixed, 2);
  return std::string(text, written.ec == std::errc() ? written.ptr : text);
}

}  // namespace meshgate::mod_row
