// The one path from a file's bytes to what every command reads: format
// detection, dispatch to the format's row (pipeline/format_rows.hpp), and the
// descent into the files nested in archives, containers and volumes. Nothing
// is written: roundtrip writes and compares on top of it,
// inspect/diff/set/dump/view/export/bytemap list or export what it parsed,
// rebuild lays it out afresh. It names no format: a new one is its row.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "parser/core/diagnostics.hpp"
#include "parser/core/parse_profile.hpp"
#include "parser/detect/format_detect.hpp"
#include "pipeline/parsed_model.hpp"

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

struct ParsedFile;

// The files under one member of a volume, walked on a thread of their own
// (ParseTreeOptions::jobs): visitors that collect into something of the
// branch's own, and `commit`, which hands what they collected on. Branches
// commit in member order, one at a time, on the thread that called
// parse_tree, so what they hand on arrives as a one-thread walk makes it. A
// branch whose walk may have depended on budget its member could not count
// on is dropped uncommitted, and its member walked again, in turn, by the
// walk's own visitors.
struct TreeBranch {
  std::function<void(ParsedFile&)> enter, leave;
  std::function<void()> commit;
};

struct ParseTreeOptions {
  ParseProfile profile = ParseProfile::compatible;
  bool strict = false;  // every warning an error (inspect --strict)
  bool descend = true;  // false: the file itself only
  // Size limits of the files below the input (--max-size), and the budgets
  // the whole tree of one input shares (--max-inflated, --max-nested).
  SizeLimits limits = {};
  Origin origin = {};  // of the input itself
  // A volume's members walk on up to `jobs` threads (the calling one too),
  // each member's files visited by a branch that `branch` makes for it
  // (called on any of those threads). 1, or no `branch`: every file on the
  // calling thread, in order, by the walk's own visitors.
  unsigned jobs = 1;
  std::function<TreeBranch()> branch = {};
};

// The parsed model, as a visitor reads it (roundtrip_each): the result by
// type (view.as<Result>(), Result its row's parser's), none for a file no parser took. Alive
// while a visitor runs.
struct ParsedView {
  const ParsedModel* model = nullptr;
  template <typename Result>
  [[nodiscard]] const Result* as() const {
    return model ? model->as<Result>() : nullptr;
  }
};

// A file nested in an archive, a container or a volume, in the one form the
// descent reads: its name in the container's table, how it was found, and
// its bytes where they lie in the input, or (a volume's member) inflated
// when it is visited, by its container's row.
struct NestedChild {
  std::string name;   // the entry's name, "slot_0002", the member's path (unescaped)
  Bytes bytes;        // where it lies; empty when `inflated`
  Origin origin;      // what its container says of it
  size_t index = 0;   // in its container's own table (entry, member)
  bool inflated = false;
  Format format = Format::unknown;  // a volume member's, from its peeked bytes
  uint64_t reserved = 0;  // of the input's inflation budget, given back if it is not visited
};

struct ParsedFile {
  std::string path;  // "outer.rlb!MODEL.MSH" for a nested one
  unsigned depth = 0;
  Bytes data;        // its bytes: a view into the input
  Format format = Format::unknown;  // nres_msh for a model (also one its container's profile rejected)
  ParsedModel model;  // its row's parser's result (pipeline/formats/); none when no parser took it
  Origin origin;  // how it was found (a container's member, an NRes entry of a type)
  // The tree's own findings, after the parser's: an unknown format (error),
  // nested archives left as bytes at kMaxNestingDepth (warning), a budget cut.
  std::vector<Diagnostic> tree_diagnostics;
  // The files nested in this one that the descent visits, in table order:
  // an archive's entries that are archives, textures, materials or WEAR
  // tables; a container's members that are MODs or containers (a member
  // shared by several slots once, by its first slot); a volume's members
  // that a format claims by their first bytes (or that hold more than they
  // declare). Each is admitted under the input's budgets; none past
  // kMaxNestingDepth (nesting_cut).
  std::vector<NestedChild> children;
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
  // The parser's coverage (the model's for an MSH, else the container's);
  // nullptr for a format that has none (a volume) or no parser's result.
  [[nodiscard]] const CoverageSummary* coverage() const;
  [[nodiscard]] ParsedView view() const;
  // The parser's diagnostics (the model's for an MSH, else the container's),
  // then the tree's.
  [[nodiscard]] std::vector<Diagnostic> diagnostics() const;
  // The report path of a nested file: "PATH!ESCAPED_NAME".
  [[nodiscard]] std::string child_path(const NestedChild& child) const;
  template <typename Result>
  [[nodiscard]] const Result* as() const { return model.as<Result>(); }
  template <typename Result>
  [[nodiscard]] Result* as() { return model.as<Result>(); }
};

using ParsedFileVisitor = std::function<void(ParsedFile&)>;

class ScratchSet;

// The file itself, parsed (no descent); its parse draws on `scratch`'s
// buffers where its row keeps some (pipeline/row_scratch.hpp).
[[nodiscard]] ParsedFile parse_file(std::string path, Bytes data, const ParseTreeOptions& options = {},
                                    unsigned depth = 0, ScratchSet* scratch = nullptr);

// Every file of the tree, in order: `enter` sees each file before the files
// nested in it, `leave` after them (rebuild builds an archive from its rebuilt
// children). Each file is parsed once and lives until its `leave`.
void parse_tree(const std::string& path, Bytes data, const ParseTreeOptions& options, const ParsedFileVisitor& enter,
                const ParsedFileVisitor& leave = {});

// parse_tree keeps the buffers of the models it parsed for the next one
// (FormatRow::scratch); this frees them. A fuzz target calls it after each input: buffers one
// input leaves for the next look like a leak to libFuzzer, which then runs
// that input again (and LeakSanitizer over the heap) to tell.
void release_stream_buffers();

// The coverage of the file a view describes (the model's for an MSH, which
// covers its container too; the container's when the model was rejected),
// when the parse reached the end; else nulls.
[[nodiscard]] ParsedCoverage parsed_coverage(const ParsedView& parsed);

}  // namespace meshgate
