// `import stage.glb --as scm --like A.scm` (and `replace` of an SCM member by
// a glTF): the inverse of export/scm/scm_gltf.cpp (docs/spec/dmc3-scm.md §12).
// - glTF mesh o is SCM object o, each primitive an SCM mesh: positions f32 as
//   given, normals f32, UVs i16 * 4096, COLOR_0 RGB bytes (round(c * 255)).
//   A primitive whose triangles are windows (i-2, i-1, i) of its vertex order
//   (what export writes) keeps that order, and bit 0x02 of the colour word's
//   T byte is set where no triangle ends; any other triangle becomes a strip
//   of its own (vertices copied, a named loss).
// - Every glTF node but export's `scm_unbound_object_<o>` is SCM node i, in
//   glTF order: its parent from the glTF children, its mesh the binding, its
//   matrix back to translation and the Euler angles of the reading
//   (--scm-euler; by default the one the asset's extras name, as export wrote it).
// - The like file is the template for what glTF does not carry: header
//   words, object and mesh record fields, the evaluation order, and the
//   exact record of a transform, a T byte, a normal or a workspace where the
//   glTF gives back the same thing.
// - Laid out by canonical_model (spec §6) and written by write_scm: the like
//   file's own layout only fits when every count is equal, and the canonical
//   one is what synth and rebuild --canonical write, so an unedited import of
//   a canonical file gives its bytes back. The SCM written is parsed again and
//   measured against the glTF: positions, colours, UVs and node matrices.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <tiny_gltf.h>

#include "parser/scm/scm_model.hpp"
#include "parser/scm/scm_scene.hpp"

namespace meshgate::scm {

struct ScmImportOptions {
  std::optional<EulerReading> euler;  // --scm-euler; none: the asset's extras, else xyz (export's default)
  double max_position_error = 1e-4;   // model units: above it the import is refused
};

// The largest departure of one quantity, where it is (object, mesh, vertex; or node in `object`).
struct ScmError {
  double error = 0;
  size_t object = 0, mesh = 0, vertex = 0;
  uint64_t probes = 0;
  void see(double e, size_t o, size_t m, size_t v) {
    ++probes;
    if (e > error) error = e, object = o, mesh = m, vertex = v;
  }
};

struct ScmAccuracy {
  ScmError position;     // model units; held to max_position_error
  ScmError colour;       // steps of 1/255
  ScmError uv;           // UV units (the i16 step is 1/4096)
  ScmError node_matrix;  // largest matrix element difference; `object` is the node
};

struct ImportedScm {
  std::vector<std::string> warnings, errors;
  std::vector<std::byte> bytes;  // the SCM written; empty on an error
  std::optional<ScmAccuracy> accuracy;
  EulerReading euler = EulerReading::xyz;
};

[[nodiscard]] ImportedScm scm_from_gltf(const tinygltf::Model& asset, const Model& like, const ScmImportOptions& options);

// {euler_reading, tolerance: {position_units}, max_error: {position, colour, uv, node_matrix}}
[[nodiscard]] nlohmann::json scm_accuracy_json(const ImportedScm& imported, const ScmImportOptions& options);
// "max error against the glTF: position 0 units (object 0 mesh 0 vertex 0; 120 probes), ..."
[[nodiscard]] std::string scm_accuracy_text(const ScmAccuracy& accuracy);

}  // namespace meshgate::scm
