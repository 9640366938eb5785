#include "analysis/format_observations.hpp"

#include <charconv>

#include "analysis/semantic_invariants.hpp"
#include "parser/core/overloaded.hpp"
#include "parser/mod/mod_fields.hpp"

namespace meshgate {

namespace {

std::string mod_version(const mod::Model& model) {
  // "%.2f" as printf writes it ("1.01"), a fifth of the time: to_chars
  // converts as printf does in the C locale, without parsing a format.
  char v[64];
  const auto version = static_cast<double>(model.header.get_f32(mod::hdr::version));
  const auto written = std::to_chars(v, v + sizeof v, version, std::chars_format::fixed, 2);
  return std::string(v, written.ec == std::errc() ? written.ptr : v);
}

std::string nres_version(const nres::ParseResult& r) {
  if (!r.ok()) return {};
  return value_text(nres::kHeaderSpec.fields[nres::hdr::version], r.archive->header.get(nres::hdr::version), {});
}

}  // namespace

void observe_model(const ParsedModel& model, ObservedFile into) {
  std::visit(Overloaded{
                 [&](const mod::ParseResult& r) {
                   if (!r.ok()) return;
                   into.corpus.observe_mod(*r.model);
                   into.tallies.tally_mod(into.path, r);
                   into.file.uv_range = uv_range(*r.model);
                 },
                 [&](const MshFile& m) {
                   if (!m.model) return;
                   if (m.model->ok()) {
                     into.corpus.observe_msh(*m.model->model);
                     into.file.uv_range = uv_range(*m.model->model);
                   }
                   into.tallies.tally_msh(into.path, *m.model);
                 },
                 [&](const nres::ParseResult& r) {
                   if (r.ok()) into.corpus.observe_nres(*r.archive);
                 },
                 [&](const texm::ParseResult& r) {
                   if (!r.ok()) return;
                   into.corpus.observe_texm(*r.texture);
                   const size_t bang = into.path.rfind('!');
                   if (bang != std::string::npos) into.corpus.texture_present(std::string_view(into.path).substr(bang + 1));
                 },
                 [&](const mat0::ParseResult& r) {
                   if (r.ok()) into.corpus.observe_mat0(*r.material);
                 },
                 [&](const wear::ParseResult& r) {
                   if (r.ok()) into.corpus.observe_wear(*r.table);
                 },
                 [&](const mot::ParseResult& r) {
                   if (r.ok()) into.corpus.observe_mot(*r.motion);
                 },
                 [&](const pac::ParseResult& r) {
                   if (r.ok()) into.corpus.observe_pac(*r.container);
                   into.tallies.tally_pac(into.path, r);
                 },
                 [&](const ptx::ParseResult& r) {
                   if (r.ok()) into.corpus.observe_ptx(*r.companion);
                 },
                 [&](const scm::ParseResult& r) {
                   if (r.ok()) into.corpus.observe_scm(*r.model, r.canonical_layout);
                 },
                 [](const auto&) {},  // a volume (its members are observed), nothing parsed
             },
             model);
}

std::string declared_version(const ParsedModel& model) {
  return std::visit(Overloaded{
                        [](const mod::ParseResult& r) { return r.ok() ? mod_version(*r.model) : std::string(); },
                        [](const nres::ParseResult& r) { return nres_version(r); },
                        [](const MshFile& m) { return nres_version(m.container); },
                        [](const auto&) { return std::string(); },
                    },
                    model);
}

}  // namespace meshgate
