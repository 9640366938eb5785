// libFuzzer target for DMC3 SCM stages: parse (diagnostics and marks inside
// the input, a rejection carries an error); for every accepted model
// write(parse(x)) == x byte for byte, with and without an output image, and
// parse(write(m)) == m; the canonical layout writes and parses back as the
// same content; the triangle, generator and scene views stay inside the
// model; the glTF export either refuses or names every node.
#include "export/gltf_export.hpp"
#include "fuzz/fuzz_oracles.hpp"
#include "parser/scm/scm_parser.hpp"
#include "parser/scm/scm_scene.hpp"
#include "parser/scm/scm_topology.hpp"
#include "writer/scm/scm_writer.hpp"

using namespace meshgate;

namespace {

void check_views(const scm::Model& m) {
  for (const scm::Object& o : m.objects)
    for (const scm::Mesh& mesh : o.meshes) {
      const size_t n = mesh.vertex_count();
      for (const auto& t : scm::face_mesh(mesh, Winding::normals).triangles)
        for (uint16_t v : t)
          if (v >= n) fuzzing::fail("a triangle names a vertex past its mesh");
      if (n > 2 && scm::generated_index_list(mesh).size() > 3 * (n - 2))
        fuzzing::fail("the generated index list exceeds 3(n-2) words");
    }
  for (const scm::EulerReading r : {scm::EulerReading::xyz, scm::EulerReading::zyx}) {
    const auto world = scm::world_matrices(m.scene, r);
    if (world && world->size() != m.scene.order.size()) fuzzing::fail("world matrices are not one per node");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const Bytes input(reinterpret_cast<const std::byte*>(data), size);
  const scm::ParseResult parsed = scm::parse_scm(input);
  fuzzing::check_diagnostics(parsed.diagnostics, size);
  fuzzing::check_marks_inside(parsed.coverage_map, size);
  if (!parsed.ok()) {
    fuzzing::check_rejected_with_error(parsed.diagnostics);
    return 0;
  }
  const scm::Model& m = *parsed.model;
  const WriteResult written = scm::write_scm(m);
  fuzzing::check_identical(written, data, size);
  fuzzing::check_parts_without_image([&](const PartObserver* o) { return scm::write_scm(m, o); }, data, size);
  const scm::ParseResult again = scm::parse_scm(Bytes(written.bytes.data(), written.bytes.size()));
  if (!again.ok() || !(*again.model == m)) fuzzing::fail("parse(write(m)) != m");
  const WriteResult canonical = scm::write_scm(scm::canonical_model(m).model);
  if (!canonical.ok()) fuzzing::fail("the canonical layout does not write");
  const scm::ParseResult relaid = scm::parse_scm(Bytes(canonical.bytes.data(), canonical.bytes.size()));
  if (!relaid.ok() || !relaid.canonical_layout) fuzzing::fail("the canonical layout does not parse as canonical");
  check_views(m);
  const gltf::Exported e = gltf::export_scm(m, input, {});
  if (e.refused.empty() && e.asset.nodes.size() < m.scene.order.size()) fuzzing::fail("the export lost a node");
  return 0;
}
