// The canonical exporter's description (ExportModel) of a parsed MSH model:
// its nodes with names, flags, parents and Res8 tracks, every slot word with
// its batches (each batch its own vertices, batch-relative triangles and
// Res7 flags), the frame count and the per-vertex streams the exporter
// carries. For a model the exporter wrote, exporting the description gives
// the same model back; the derived tables (Res7 neighbours and normals,
// bounds, the frame map, fallback keys) are then recomputed, not carried.
// Where a model holds what the description cannot say, `gaps` names it and
// the caller must not use the description to replace the model.
#pragma once

#include <string>
#include <vector>

#include "parser/msh/msh_model.hpp"
#include "writer/msh/msh_exporter.hpp"

namespace meshgate::msh {

struct DescribedMsh {
  ExportModel model;
  std::vector<std::string> gaps;  // what the description cannot hold, one line each
  [[nodiscard]] bool complete() const { return gaps.empty(); }
};

[[nodiscard]] DescribedMsh describe_model(const Model& model);

}  // namespace meshgate::msh
