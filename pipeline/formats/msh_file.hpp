// What the MSH row parses a model into (format nres_msh): its NRes container,
// and the model once the container parsed (one its profile rejected has
// none). The row puts it in ParsedFile::model; a reader asks for it by type
// (f.as<MshFile>()) or for the model alone (msh_model).
#pragma once

#include <optional>

#include "parser/msh/msh_parser.hpp"
#include "parser/nres/nres_parser.hpp"
#include "pipeline/parsed_model.hpp"

namespace meshgate {

struct MshFile {
  nres::ParseResult container;
  std::optional<msh::ParseResult> model;

  // The model's verdict, diagnostics and coverage, else the container's; its
  // byte map is the model's (which covers its container too), or the
  // container's when the model was rejected.
  [[nodiscard]] ResultFacts facts() const {
    if (!model) return facts_of(container);
    ResultFacts out = facts_of(*model);
    if (!model->ok()) out.described = facts_of(container).described;
    return out;
  }
};

// The parsed model of an MSH file; nullptr for any other file or a model
// its container's profile rejected.
template <typename File>
[[nodiscard]] const msh::ParseResult* msh_model(const File& f) {
  const MshFile* m = f.template as<MshFile>();
  return m && m->model ? &*m->model : nullptr;
}

}  // namespace meshgate
