// Every file meshgate writes goes through here: into a temporary file in the
// destination's directory (created with O_EXCL, so never through a planted
// symlink), flushed to disk, then renamed into place. A kill -9 or a full disk
// part-way leaves the previous file as it was and no truncated output; the
// worst left behind is a ".NAME.meshgate-XXXXXX" temporary.
#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace meshgate {

enum class Overwrite {
  replace,  // an existing file (or symlink) of that name is replaced, never written through
  refuse,   // an existing name is an error ("exists"); the check and the rename are one step
};

struct AtomicWrite {
  bool ok = false;
  std::string error;  // "PATH: why", when !ok
};

// Writes what `write` streams to `path`. The stream's failure (e.g. ENOSPC)
// is reported; the temporary is removed on every failure.
[[nodiscard]] AtomicWrite write_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write,
                                                Overwrite overwrite = Overwrite::replace);
[[nodiscard]] AtomicWrite write_bytes_atomically(const std::string& path, const std::vector<std::byte>& bytes,
                                                 Overwrite overwrite = Overwrite::replace);

}  // namespace meshgate
