// The one path from a file's bytes to what every command reads: format
// detection, dispatch to the format's parser, and the descent into archives
// nested in NRes payloads. Nothing is written: roundtrip writes and compares
// on top of it, inspect/diff/set/dump/view/export/bytemap list or export what
// it parsed, rebuild lays it out afresh. A new container or format is added
// here, once.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "parser/core/diagnostics.hpp"
#include "parser/detect/format_detect.hpp"
#include "parser/mod/mod_parser.hpp"
#include "parser/msh/msh_parser.hpp"
#include "parser/nres/nres_parser.hpp"
#include "parser/pac/pac_parser.hpp"
#include "parser/material/mat0_parser.hpp"
#include "parser/material/wear_table.hpp"
#include "parser/texm/texm_parser.hpp"
#include "parser/zip/zip_volume.hpp"

namespace meshgate {

// Retail nesting is two levels (.rlb -> .msh; a PNST in a PAC). The same bound
// holds for NRes archives and PAC/PNST containers. An unbounded chain of archives
// in archives would cost recursion as deep as size / 80: files deeper than
// this are kept as bytes, not descended into (a warning core.nesting-limit).
inline constexpr unsigned kMaxNestingDepth = 8;

// How a file was found, which its bytes alone do not say: a member of a
// PAC/PNST container is parsed with the MOD's container_member rule (bytes
// past the MOD's own end are its trailing gap), and an NRes entry's type
// names the formats that have no magic (MAT0, WEAR; MAT0's version is the
// entry's attr2). A file read on its own by its address (FILE!NESTED) keeps
// the origin it has in its tree, so it parses as it does there.
struct Origin {
  bool container_member = false;
  std::optional<uint32_t> nres_type_id = std::nullopt;
  uint32_t nres_attr2 = 0;
};

struct ParseTreeOptions {
  nres::Profile profile = nres::Profile::compatible;
  bool strict = false;  // every warning an error (inspect --strict)
  bool descend = true;  // false: the file itself only
  // Size limits of the files below the input (--max-size), and the budgets
  // the whole tree of one input shares (--max-inflated, --max-nested).
  SizeLimits limits = {};
  Origin origin = {};  // of the input itself
};

// What the parser made of one file of the tree (exactly one of mod / nres is
// set when its format was recognised; msh too, with its container in nres,
// for a model). Alive while a visitor runs.
struct ParsedView {
  const mod::ParseResult* mod = nullptr;
  const nres::ParseResult* nres = nullptr;
  const msh::ParseResult* msh = nullptr;
  const pac::ParseResult* pac = nullptr;  // a PAC/PNST container
  const zip::ParseResult* zip = nullptr;  // an NBZ/ZIP volume (read-only: never written)
  const texm::ParseResult* texm = nullptr;  // a Texm texture
  const mat0::ParseResult* mat0 = nullptr;  // a MAT0 material (an entry of Material.lib)
  const wear::ParseResult* wear = nullptr;  // a WEAR table (an entry beside a model)
};

struct ParsedFile {
  std::string path;  // "outer.rlb!MODEL.MSH" for a nested one
  unsigned depth = 0;
  Bytes data;        // its bytes: a view into the input
  Format format = Format::unknown;  // nres_msh for a model (also one its container's profile rejected)
  std::optional<mod::ParseResult> mod;
  std::optional<nres::ParseResult> nres;  // the container, also of a model
  std::optional<msh::ParseResult> msh;
  std::optional<pac::ParseResult> pac;  // a PAC/PNST container (format dmc3_pac / dmc3_pnst)
  std::optional<zip::ParseResult> zip;  // an NBZ/ZIP volume (format zip_volume)
  std::optional<texm::ParseResult> texm;  // a Texm texture (format nikita_texm)
  std::optional<mat0::ParseResult> mat0;  // a MAT0 material (format nikita_mat0)
  std::optional<wear::ParseResult> wear;  // a WEAR table (format nikita_wear)
  Origin origin;  // how it was found (a container's member, an NRes entry of a type)
  // The tree's own findings, after the parser's: an unknown format (error),
  // nested archives left as bytes at kMaxNestingDepth (warning).
  std::vector<Diagnostic> tree_diagnostics;
  // Entries of a plain archive whose payload is itself an NRes or a Texm,
  // or whose type is MAT0 or WEAR (descended into unless nesting_cut), in
  // directory order.
  std::vector<size_t> nested_entries;
  // Members of a container that are a MOD or a container themselves
  // (descended into unless nesting_cut), indices into container->members;
  // opaque members are not. A member shared by several slots is visited once,
  // named by its first slot.
  std::vector<size_t> nested_members;
  // Members of a volume whose first bytes are a format meshgate reads, or
  // that hold more than they declare (indices into zip->volume->members):
  // each is inflated, under its format's size limit and the input's
  // inflation budget, when it is visited, and lives until its `leave`. The
  // others are listed, not read.
  struct VolumeMember {
    size_t index;   // into zip->volume->members
    Format format;  // from its first bytes, peeked once
  };
  std::vector<VolumeMember> volume_members;
  bool nesting_cut = false;
  // Set by an `enter` visitor. descend = false: the files nested in this one
  // are not visited (a command looking for one path needs no other branch).
  // stop_walk: no file is visited after this one's `leave` (it found what it
  // looked for), so nothing after its target costs time or budget.
  bool descend = true;
  bool stop_walk = false;

  // The file parsed: the model for an MSH, the archive for a plain NRes;
  // and the tree found no error in it (a budget cut, a member unread).
  [[nodiscard]] bool ok() const;
  // Only the parser's verdict.
  [[nodiscard]] bool parsed() const;
  [[nodiscard]] ParsedView view() const {
    return {mod ? &*mod : nullptr, nres ? &*nres : nullptr, msh ? &*msh : nullptr, pac ? &*pac : nullptr,
            zip ? &*zip : nullptr, texm ? &*texm : nullptr, mat0 ? &*mat0 : nullptr, wear ? &*wear : nullptr};
  }
  // The parser's diagnostics (the model's for an MSH, else the container's),
  // then the tree's.
  [[nodiscard]] std::vector<Diagnostic> diagnostics() const;
  // The payload of entry `i` of a plain archive, where it lies in the input.
  [[nodiscard]] Bytes payload(size_t i) const;
  // The report path of the file nested in entry `i`: "PATH!ESCAPED_NAME".
  [[nodiscard]] std::string nested_path(size_t i) const;
  // Member `m` of a container: its extent where it lies in the input, and
  // its report path "PATH!slot_0002" (its first slot).
  [[nodiscard]] Bytes member(size_t m) const;
  [[nodiscard]] std::string member_path(size_t m) const;
  // Member `m` of a volume: its report path "PATH!GData.afs/em000.pac".
  [[nodiscard]] std::string volume_member_path(size_t m) const;
};

using ParsedFileVisitor = std::function<void(ParsedFile&)>;

// The file itself, parsed (no descent).
[[nodiscard]] ParsedFile parse_file(std::string path, Bytes data, const ParseTreeOptions& options = {},
                                    unsigned depth = 0);

// Every file of the tree, in order: `enter` sees each file before the files
// nested in it, `leave` after them (rebuild builds an archive from its rebuilt
// children). Each file is parsed once and lives until its `leave`.
void parse_tree(const std::string& path, Bytes data, const ParseTreeOptions& options, const ParsedFileVisitor& enter,
                const ParsedFileVisitor& leave = {});

// The coverage of the file a view describes (the model's for an MSH, which
// covers its container too; the container's when the model was rejected),
// when the parse reached the end; else nulls.
struct ParsedCoverage {
  const CoverageMap* map = nullptr;
  const CoverageSummary* summary = nullptr;
};
[[nodiscard]] ParsedCoverage parsed_coverage(const ParsedView& parsed);

}  // namespace meshgate
