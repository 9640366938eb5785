#include "parser/detect/format_detect.hpp"

#include <vector>

#include "parser/mod/mod_fields.hpp"
#include "parser/mod/mod_parser.hpp"
#include "parser/msh/msh_parser.hpp"
#include "parser/nres/nres_fields.hpp"
#include "parser/nres/nres_parser.hpp"
#include "parser/pac/pac_parser.hpp"
#include "parser/mot/mot_parser.hpp"
#include "parser/ptx/ptx_parser.hpp"
#include "parser/rsli/rsli_parser.hpp"
#include "parser/scm/scm_parser.hpp"
#include "parser/material/mat0_parser.hpp"
#include "parser/material/wear_table.hpp"
#include "parser/texm/texm_parser.hpp"
#include "parser/zip/zip_volume.hpp"

namespace meshgate {

namespace {

bool claims_pac(Bytes prefix) { return pac::container_kind(prefix) == pac::Kind::pac; }
bool claims_pnst(Bytes prefix) { return pac::container_kind(prefix) == pac::Kind::pnst; }

constexpr FormatIdentity kIdentities[] = {
#define FORMAT(id, name, magics, claims, frames, max_input_bytes, nres_type_id, row) \
  {Format::id, name, magics, claims, frames, max_input_bytes, nres_type_id},
#include "parser/detect/formats.def"
};
static_assert(std::size(kIdentities) == kFormatCount);
static_assert(kMagicProbeBytes >= ptx::kClaimProbeBytes, "detection must read as far as a PTX's first entry");

}  // namespace

std::span<const FormatIdentity> format_identities() { return kIdentities; }

const FormatIdentity& identity_of(Format f) {
  for (const FormatIdentity& id : kIdentities)
    if (id.format == f) return id;
  return kIdentities[0];  // unreachable: formats.def makes the enum and this table
}

Format detect_format(Bytes prefix) {
  for (const FormatIdentity& id : kIdentities)
    if (id.claims && id.claims(prefix)) return id.format;
  for (const FormatIdentity& id : kIdentities)
    if (id.frames && id.frames(prefix)) return id.format;
  return Format::unknown;
}

std::string known_magics_text() {
  std::vector<std::string> all;
  for (const FormatIdentity& id : kIdentities)
    for (const Magic& m : id.magics) all.push_back(magic_text(m));
  std::string text;
  for (size_t i = 0; i < all.size(); ++i)
    text += (i == 0 ? "" : i + 1 == all.size() ? " or " : ", ") + all[i];
  return text;
}

std::optional<Format> format_of_entry_type(uint32_t nres_type_id) {
  for (const FormatIdentity& id : kIdentities)
    if (id.nres_type_id != 0 && id.nres_type_id == nres_type_id) return id.format;
  return std::nullopt;
}

std::string_view format_name(Format f) { return identity_of(f).name; }

bool is_rejected_model(Bytes data) {
  const nres::ParseResult lenient = nres::parse_nres(data, {.profile = ParseProfile::compatible, .copy_payloads = false});
  return lenient.ok() && msh::is_model_archive(*lenient.archive);
}

uint64_t default_max_input_bytes(Format f) { return identity_of(f).max_input_bytes; }

}  // namespace meshgate
