#include "analysis/field_catalog.hpp"

#include <array>
#include <cstdlib>

#include "parser/mod/mod_fields.hpp"
#include "parser/mot/mot_fields.hpp"
#include "parser/mot/mot_parser.hpp"
#include "parser/mod/mod_parser.hpp"
#include "parser/msh/msh_fields.hpp"
#include "parser/msh/msh_parser.hpp"
#include "parser/nres/nres_fields.hpp"
#include "parser/nres/nres_parser.hpp"
#include "parser/pac/pac_fields.hpp"
#include "parser/pac/pac_parser.hpp"
#include "parser/material/mat0_fields.hpp"
#include "parser/material/mat0_parser.hpp"
#include "parser/texm/texm_fields.hpp"
#include "parser/texm/texm_parser.hpp"
#include "parser/ptx/ptx_parser.hpp"
#include "parser/scm/scm_parser.hpp"

namespace meshgate {

namespace {

template <const auto& Spec>
constexpr TableRef ref(std::string_view format) {
  return {format, Spec.name, Spec.size, std::span<const FieldSpec>(Spec.fields), &Spec};
}

const std::array kCatalog = {
    ref<mod::kHeaderSpec>(mod::kFormatName),        ref<mod::kObjectSpec>(mod::kFormatName),
    ref<mod::kMeshSpec>(mod::kFormatName),          ref<mod::kNodeHeaderSpec>(mod::kFormatName),
    ref<mod::kTransformSpec>(mod::kFormatName),     ref<nres::kHeaderSpec>(nres::kFormatName),
    ref<nres::kEntrySpec>(nres::kFormatName),       ref<msh::kNodeSpec>(msh::kFormatName),
    ref<msh::kNodeShortSpec>(msh::kFormatName),     ref<msh::kModelHeaderSpec>(msh::kFormatName),
    ref<msh::kSlotSpec>(msh::kFormatName),          ref<msh::kTriangleSpec>(msh::kFormatName),
    ref<msh::kBatchSpec>(msh::kFormatName),         ref<msh::kKeySpec>(msh::kFormatName),
    // PAC and PNST share the envelope's tables: catalogued once, under dmc3-pac.
    ref<pac::kHeaderSpec>(pac::kPacFormatName),     ref<pac::kSlotSpec>(pac::kPacFormatName),
    ref<texm::kHeaderSpec>(texm::kFormatName),      ref<texm::kPageHeaderSpec>(texm::kFormatName),
    ref<texm::kPageRectSpec>(texm::kFormatName),
    ref<mot::kHeaderSpec>(mot::kFormatName),       ref<mot::kCountSpec>(mot::kFormatName),
    ref<mot::kTrackHeadSpec>(mot::kFormatName),    ref<mot::kTrack2PrefixSpec>(mot::kFormatName),
    ref<mot::kTrack3PrefixSpec>(mot::kFormatName), ref<mot::kKey2Spec>(mot::kFormatName),
    ref<mot::kKey3Spec>(mot::kFormatName),
    ref<mat0::kHeaderSpec>(mat0::kFormatName),      ref<mat0::kEntrySpec>(mat0::kFormatName),
    ref<mat0::kTrackSpec>(mat0::kFormatName),       ref<mat0::kKeySpec>(mat0::kFormatName),
    ref<ptx::kHeaderSpec>(ptx::kFormatName),        ref<ptx::kBlockCountSpec>(ptx::kFormatName),
    ref<ptx::kObjectHeadSpec>(ptx::kFormatName),    ref<ptx::kTm2HeadSpec>(ptx::kFormatName),
    ref<ptx::kDdsHeaderSpec>(ptx::kFormatName),
    ref<scm::kHeaderSpec>(scm::kFormatName),        ref<scm::kObjectSpec>(scm::kFormatName),
    ref<scm::kMeshSpec>(scm::kFormatName),          ref<scm::kSceneHeaderSpec>(scm::kFormatName),
    ref<scm::kTransformSpec>(scm::kFormatName),
};

}  // namespace

std::span<const TableRef> field_catalog() { return kCatalog; }

size_t table_index(const void* spec) {
  for (size_t i = 0; i < kCatalog.size(); ++i)
    if (kCatalog[i].spec == spec) return i;
  std::abort();  // a parser reads a table the catalogue does not list: a build-time mistake
}

}  // namespace meshgate
