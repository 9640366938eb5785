#include "parser/detect/format_detect.hpp"

#include "parser/mod/mod_fields.hpp"
#include "parser/mod/mod_parser.hpp"
#include "parser/msh/msh_parser.hpp"
#include "parser/nres/nres_fields.hpp"
#include "parser/nres/nres_parser.hpp"
#include "parser/pac/pac_parser.hpp"
#include "parser/material/mat0_parser.hpp"
#include "parser/material/wear_table.hpp"
#include "parser/texm/texm_parser.hpp"
#include "parser/zip/zip_volume.hpp"

namespace meshgate {

namespace {

bool claims_pac(Bytes prefix) { return pac::container_kind(prefix) == pac::Kind::pac; }
bool claims_pnst(Bytes prefix) { return pac::container_kind(prefix) == pac::Kind::pnst; }

// Detection order: the magics do not overlap, but a PNST is told from text
// only by the bytes after its magic, so the cheaper checks come first.
constexpr FormatIdentity kIdentities[] = {
    {Format::dmc3_mod, mod::kFormatName, mod::looks_like_mod, mod::kMaxInputBytes, 0},
    {Format::nres, nres::kFormatName, nres::looks_like_nres, nres::kMaxInputBytes, 0},
    {Format::rsli, "rsli", nres::looks_like_rsli, nres::kMaxInputBytes, 0},
    {Format::dmc3_pac, pac::kPacFormatName, claims_pac, pac::kMaxInputBytes, 0},
    {Format::dmc3_pnst, pac::kPnstFormatName, claims_pnst, pac::kMaxInputBytes, 0},
    {Format::zip_volume, zip::kFormatName, zip::looks_like_zip, zip::kMaxInputBytes, 0},
    {Format::nikita_texm, texm::kFormatName, texm::looks_like_texm, texm::kMaxInputBytes, 0},
    // An NRes archive whose streams are model types: known after its container parsed.
    {Format::nres_msh, msh::kFormatName, nullptr, nres::kMaxInputBytes, 0},
    // No magic: known from their NRes entry's type.
    {Format::nikita_mat0, mat0::kFormatName, nullptr, mat0::kMaxInputBytes, mat0::kMat0TypeId},
    {Format::nikita_wear, wear::kFormatName, nullptr, wear::kMaxInputBytes, wear::kWearTypeId},
    {Format::unknown, "unknown", nullptr, kMaxUnknownInputBytes, 0},
};

}  // namespace

std::span<const FormatIdentity> format_identities() { return kIdentities; }

const FormatIdentity& identity_of(Format f) {
  for (const FormatIdentity& id : kIdentities)
    if (id.format == f) return id;
  return kIdentities[std::size(kIdentities) - 1];  // the registry test keeps every Format in the table
}

Format detect_format(Bytes prefix) {
  for (const FormatIdentity& id : kIdentities)
    if (id.claims && id.claims(prefix)) return id.format;
  return Format::unknown;
}

std::optional<Format> format_of_entry_type(uint32_t nres_type_id) {
  for (const FormatIdentity& id : kIdentities)
    if (id.nres_type_id != 0 && id.nres_type_id == nres_type_id) return id.format;
  return std::nullopt;
}

std::string_view format_name(Format f) { return identity_of(f).name; }

bool is_rejected_model(Bytes data) {
  const nres::ParseResult lenient = nres::parse_nres(data, {.profile = nres::Profile::compatible, .copy_payloads = false});
  return lenient.ok() && msh::is_model_archive(*lenient.archive);
}

uint64_t default_max_input_bytes(Format f) { return identity_of(f).max_input_bytes; }

}  // namespace meshgate
