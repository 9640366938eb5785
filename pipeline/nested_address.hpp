// One address for every file: "FILE!NESTED[!NESTED...]", the report path a
// file has in its tree (`roundtrip` and `sweep` print it). A command that
// takes a file takes such an address; this finds the nested file by walking
// only the branch that leads to it, and hands it over as a file of its own,
// with the origin it has in its tree (so it parses as it does there) and
// where its bytes lie in the outer file (so an edit can be written back).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pipeline/file_reader.hpp"
#include "pipeline/input_scan.hpp"
#include "pipeline/parse_tree.hpp"

namespace meshgate {

struct NestedFile {
  std::string display;          // its report path, "outer.pac!slot_0001"
  std::vector<std::byte> bytes;  // a copy: a volume member's inflated bytes end with the walk
  Origin origin;
  // Where its bytes lie in the outer file; none for a file inside a volume
  // (its bytes were inflated: a volume is read-only).
  std::optional<uint64_t> offset_in_outer;
};

struct NestedLookup {
  std::optional<NestedFile> file;
  std::string error;  // when no file has that path: what the outer file holds instead
  bool ambiguous = false;  // several files have it in another case (error names them)
  // The error is a limit's, not a miss: a budget (--max-inflated,
  // --max-nested) or the nesting depth stopped the walk before the file
  // could be reached, so whether it is there is not known. Exit 1, as for
  // any budget finding; the error names the limit, never what is held.
  bool limited = false;
};

// The tree's finding on `f` that some of its nested files were not read: a
// budget ran out (core.nested-file-limit, or a code its row names in
// FormatRow::reading_cuts: zip.inflated-limit) or the nesting
// depth was reached (core.nesting-limit). Null when every one was read.
[[nodiscard]] const Diagnostic* reading_cut(const ParsedFile& f);

// Whether `path` is a file on the way to `target` ("a!b" on the way to
// "a!b!c"), names compared exactly or as any container's row compares its
// members' (FormatRow::names_alike: NRes's in any case; a command that walks
// itself, texture or view, keeps the limits met on the way with it).
[[nodiscard]] bool leads_to(const std::string& path, const std::string& target);

// What a command says of `target` when `cut` (a reading_cut of the file
// `holder` on the way to it) kept it from being read.
[[nodiscard]] std::string cut_address_text(const std::string& target, const std::string& holder, const Diagnostic& cut);

// How a file of a walk answers one name of an address: its own last name is
// that name exactly; or as the row of its `container`'s format says a name
// is alike (FormatRow::names_alike: an NRes entry's in another case, as the
// engine looks entries up with _strcmpi); or not at all.
enum class NameMatch : uint8_t { none, exact, folded };
[[nodiscard]] NameMatch match_name(Format container, const ParsedFile& f, std::string_view asked);

// The file of report path `outer_display + "!" + nested` in the tree of
// `outer`. A path spelled exactly always wins; else the one file whose NRes
// names match in another case (match_name); several such files are an
// ambiguity, refused naming them all. Only the files on the way are parsed,
// under the options' budgets.
[[nodiscard]] NestedLookup find_nested(const std::string& outer_display, Bytes outer, const std::string& nested,
                                       const ParseTreeOptions& options);

// What a command parses of one input: the file's bytes, or, for an address
// (InputFile::nested), the nested file's, found in the file's tree, with its
// origin there and reported under its address.
struct InputBytes {
  FileRead read;        // of the file itself (a failed read is the file's)
  std::string display;  // the input's report path; an address's as its tree spells it
  Bytes bytes;          // valid while the reader is, or (a nested file's copy) while `nested` is
  Origin origin;
  std::optional<NestedFile> nested;
  std::string address_error;  // the file was read but no file in it has the address (NestedLookup::error)
  bool address_limited = false;  // NestedLookup::limited: a budget stopped the walk, exit 1
  [[nodiscard]] bool ok() const { return read.ok() && address_error.empty(); }
};
// `options`: the walk to the nested file (profile, limits); unused for a plain file.
[[nodiscard]] InputBytes read_input_bytes(const InputFile& input, FileReader& reader, const ParseTreeOptions& options);

// The outer file with the nested file's bytes replaced by `edited` (of the
// same size): what `set -o` writes for an address inside a container.
[[nodiscard]] std::vector<std::byte> splice_nested(Bytes outer, uint64_t offset, Bytes edited);

}  // namespace meshgate
