// A file or folder dropped on meshgate.exe in Explorer: its page, opened in
// the browser. A person who drops a file sees no console (it closes with the
// program) and types no options, so the drop writes what they would ask for:
// the `view` page of a file, the `report` page of a folder.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace meshgate::cli {

// Runs one command line (the program's name first) and returns its exit code.
using RunCommand = std::function<int(const std::vector<std::string>&)>;

// True when ARGUMENTS are the program and one existing file or folder, and
// the program has a console of its own (platform/launch.hpp): a drop, not a
// command line, where `meshgate FILE` stays a usage error.
[[nodiscard]] bool is_dropped_path(const std::vector<std::string>& arguments);

// Writes PATH's page into a new folder under the temporary directory with
// RUN, then opens it in the default browser. The command's exit code; 2 when
// the page could not be placed or opened. After a failure the window stays
// open (MESHGATE_DROP_HOLD seconds, default 60) so its message can be read.
[[nodiscard]] int open_dropped(const std::string& program, const std::string& path, const RunCommand& run);

}  // namespace meshgate::cli
