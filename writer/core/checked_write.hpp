// An atomic write (writer/core/atomic_file.hpp) whose staged file is
// looked at before it is moved into place: the read-back proof of a volume
// edit (change/member_proof.cpp) runs on it once it is flushed to disk, and
// a file the proof refuses never replaces what was at the output's name.
#pragma once

#include <filesystem>
#include <functional>
#include <ostream>
#include <string>

#include "writer/core/atomic_file.hpp"

namespace meshgate {

// A look at the staged file: "" to let it go, or why it must not.
using StagedCheck = std::function<std::string(const std::filesystem::path& staged)>;

// As write_file_atomically, with `check` run on the staged file once it is
// flushed and closed: a file it refuses is removed, its refusal is the
// write's error, and whatever was at `path` stays as it was.
[[nodiscard]] AtomicWrite write_checked_file_atomically(const std::string& path,
                                                        const std::function<void(std::ostream&)>& write,
                                                        const StagedCheck& check, Overwrite overwrite);

}  // namespace meshgate
