// Strict DMC3 MOD parser. Reads every field through the field tables, marks
// coverage per leaf, collects warnings and stops at the first error. The
// model it returns owns its data; the input span may die afterwards.
#pragma once

#include <array>
#include <optional>
#include <string_view>
#include <vector>

#include "parser/core/byte_reader.hpp"
#include "parser/core/coverage_map.hpp"
#include "parser/core/diagnostics.hpp"
#include "parser/core/magic.hpp"
#include "parser/mod/mod_model.hpp"
#include "parser/mod/mod_skin.hpp"
#include "parser/mod/mod_stream_pool.hpp"

namespace meshgate::mod {

inline constexpr std::string_view kFormatName = "dmc3-mod";

struct ParseOptions {
  bool strict = false;  // escalate every warning to an error
  // Stream buffers of earlier models to fill instead of allocating (a sweep's
  // per-thread pool); the parse result is the same with or without.
  StreamPool* pool = nullptr;
  // The bytes are a member of a PAC/PNST container: its derived extent may run
  // past the MOD's own end (padding before the next member). The EOF rule
  // (the workspace trailer ends at EOF) then applies at the MOD's own end, the
  // end of its last field, and the bytes after it are the member's trailing
  // gap: uncovered (kind trailing), kept exactly by the writer, reported in
  // ParseResult::member_tail. A loose file is parsed with this false.
  bool container_member = false;
};

struct MeshAnalysis {
  uint32_t owner = 0;  // the mesh's owner in the coverage map, "objects[i].meshes[j]"
  uint64_t record_offset = 0;
  uint64_t workspace_offset = 0;
  SkinSummary skin;
  uint32_t non_finite_components = 0;
};

struct ParseResult {
  std::optional<Model> model;  // present iff no error was reported
  std::vector<Diagnostic> diagnostics;
  CoverageMap coverage_map;
  CoverageSummary coverage;  // filled when the parse reached the end
  std::vector<MeshAnalysis> meshes;
  // container_member only: the MOD's own end and the trailing gap after it
  // (own_end == the input's size when there is none).
  struct MemberTail {
    uint64_t own_end = 0;
    uint64_t bytes = 0;
  };
  std::optional<MemberTail> member_tail;

  [[nodiscard]] bool ok() const { return model.has_value(); }
};

// True when the bytes start with the "MOD " magic.
// What makes a file a MOD (looks_like_mod): its magic.
[[maybe_unused]] constexpr std::array kMagics{Magic{0, "MOD "}};
[[nodiscard]] bool looks_like_mod(Bytes data);

[[nodiscard]] ParseResult parse_mod(Bytes data, const ParseOptions& options = {});

}  // namespace meshgate::mod
