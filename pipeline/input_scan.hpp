// Turns command-line PATH arguments into the list of model files to process:
// files as given, directories walked recursively with files picked by magic
// (never by extension), sorted by report path so every run is in one order.
//
// Report paths ("display") are the corpus's identity in the evidence report
// and the manifest, so they are unambiguous and independent of how a path
// was spelled on the command line:
// - a file argument is reported by its own name (`../x/a.mod`, `/abs/a.mod`
//   and `a.mod` run from x/ are all "a.mod");
// - a directory argument's files by their path relative to it; with several
//   arguments, behind the directory's own name as a root label ("A/x.mod",
//   "B/x.mod");
// - every name component is written with escape_path_component(), so "!"
//   only ever means nesting and no two byte strings share a spelling;
// - the same file or directory given twice (by any spelling: device and
//   inode decide) is read once; two inputs that still share a report path
//   are an error, never a silent merge.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "parser/detect/format_detect.hpp"

namespace meshgate {

struct InputFile {
  std::filesystem::path path;  // where to read it
  std::string display;         // the report path (see above); for an address, "file.pac!slot_0001"
  bool explicit_argument;      // named on the command line (unknown format is then an error)
  // An address FILE!NESTED given as an argument: the nested path in the file
  // at `path` (pipeline/nested_address.hpp), "" for the file itself. The
  // nested file, and what it holds, is the input.
  std::string nested = {};
};

struct InputScan {
  std::vector<InputFile> files;
  std::vector<std::string> errors;      // missing arguments, report-path collisions: usage errors
  std::vector<std::string> unreadable;  // "PATH: why" for directories and files that could not be read
  std::vector<std::string> skipped;     // "PATH: why" for dangling or looping symlinks, FIFOs, sockets, devices
  std::vector<std::string> warnings;    // report paths that differ only by case
  // Report paths (or their directory prefixes, ending in "/") that could not
  // be read: the gate calls an entry under one "unreadable", not "missing".
  std::vector<std::string> unreadable_displays;
};

// An argument that names no file but begins with one, as FILE!NESTED,
// is an address (InputFile::nested).
// `jobs`: how many threads may read the files' magic (the sweep's --jobs).
[[nodiscard]] InputScan scan_inputs(const std::vector<std::string>& arguments, unsigned jobs = 1);

// One file or directory name as it appears in a report path: valid UTF-8 is
// kept, except that "\" becomes "\\" and "!" becomes "\x21"; every byte of
// an invalid sequence becomes "\xNN". Injective: every "\" in the result
// starts "\\" or "\xNN", so the bytes can be read back from the text.
[[nodiscard]] std::string escape_path_component(std::string_view name);

// FILE!NESTED: the longest prefix that is an existing file is the file (a
// file name may itself hold "!"); what follows is the nested path, "" when
// the path exists as given (or names no file at all).
[[nodiscard]] std::pair<std::string, std::string> split_nested(const std::string& path);

}  // namespace meshgate
