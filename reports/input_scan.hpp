// Turns command-line PATH arguments into the list of model files to process:
// files as given, directories walked recursively with files picked by magic
// (never by extension), sorted by relative path so every run is in one order.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "reports/format_detect.hpp"

namespace meshgate {

struct InputFile {
  std::filesystem::path path;  // where to read it
  std::string display;         // relative path shown in reports (utf8_or_escaped)
  bool explicit_argument;      // named on the command line (unknown format is then an error)
};

struct InputScan {
  std::vector<InputFile> files;
  std::vector<std::string> errors;  // unreadable or missing arguments
};

// `jobs`: how many threads may read the files' magic (the sweep's --jobs).
[[nodiscard]] InputScan scan_inputs(const std::vector<std::string>& arguments, unsigned jobs = 1);

}  // namespace meshgate
