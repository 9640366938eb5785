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

Format detect_format(Bytes prefix) {
  if (mod::looks_like_mod(prefix)) return Format::dmc3_mod;
  if (nres::looks_like_nres(prefix)) return Format::nres;
  if (nres::looks_like_rsli(prefix)) return Format::rsli;
  if (const auto k = pac::container_kind(prefix)) return *k == pac::Kind::pac ? Format::dmc3_pac : Format::dmc3_pnst;
  if (zip::looks_like_zip(prefix)) return Format::zip_volume;
  if (texm::looks_like_texm(prefix)) return Format::nikita_texm;
  return Format::unknown;
}

std::string_view format_name(Format f) {
  switch (f) {
    case Format::dmc3_mod: return mod::kFormatName;
    case Format::nres: return nres::kFormatName;
    case Format::nres_msh: return msh::kFormatName;
    case Format::rsli: return "rsli";
    case Format::dmc3_pac: return pac::kPacFormatName;
    case Format::dmc3_pnst: return pac::kPnstFormatName;
    case Format::zip_volume: return zip::kFormatName;
    case Format::nikita_texm: return texm::kFormatName;
    case Format::nikita_mat0: return mat0::kFormatName;
    case Format::nikita_wear: return wear::kFormatName;
    case Format::unknown: return "unknown";
  }
  return "unknown";
}

bool is_rejected_model(Bytes data) {
  const nres::ParseResult lenient = nres::parse_nres(data, {.profile = nres::Profile::compatible, .copy_payloads = false});
  return lenient.ok() && msh::is_model_archive(*lenient.archive);
}

uint64_t default_max_input_bytes(Format f) {
  switch (f) {
    case Format::nres:
    case Format::nres_msh:
    case Format::rsli: return nres::kMaxInputBytes;
    case Format::dmc3_pac:
    case Format::dmc3_pnst: return pac::kMaxInputBytes;
    case Format::zip_volume: return zip::kMaxInputBytes;
    case Format::nikita_texm: return texm::kMaxInputBytes;
    case Format::nikita_mat0: return mat0::kMaxInputBytes;
    case Format::nikita_wear: return wear::kMaxInputBytes;
    case Format::dmc3_mod: return mod::kMaxInputBytes;
    case Format::unknown: return kMaxUnknownInputBytes;
  }
  return kMaxUnknownInputBytes;
}

}  // namespace meshgate
