// Every file meshgate writes goes through here: into a temporary file in the
// destination's directory (created with O_EXCL, so never through a planted
// symlink), flushed to disk, then renamed into place. A kill -9 or a full disk
// part-way leaves the previous file as it was and no truncated output; the
// worst left behind is a ".NAME.meshgate-XXXXXX" temporary (NAME cut to keep it
// within kNameMax).
//
// A file that is replaced keeps its permission bits and, where the process
// may set them (root, or a group it belongs to), its owner and group; a new
// file gets 0666 less the umask. A symlink at the name is either followed (its
// target is replaced, the link stays) or refused: a link is never replaced by
// a plain file. Anything else at the name (a directory, a FIFO, a device) is
// refused.
//
// A file this process read as an input (platform/input_record.hpp) is never
// replaced, through whatever name or link it is reached: the write fails
// before a byte is written, unless it is the one edit in place that replaces
// the file it was given (Overwrite::edit_in_place).
#pragma once

#include <cstddef>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace meshgate {

namespace platform {
class ReadOnlyFile;
}

enum class Overwrite {
  replace,  // an existing file of that name is replaced (atomically), unless it is an input
  refuse,   // an existing name (even a dangling symlink) is an error ("exists"); the check and the rename are one step
  edit_in_place,  // `set --in-place`, `docs update`: replaced like `replace`, though it is the input being edited
};

// The longest name of one path component, in bytes: NAME_MAX on Linux. A
// temporary's name is cut to fit it, so any destination name up to it works.
inline constexpr size_t kNameMax = 255;

// What a symlink at the name means when replacing.
enum class Symlink {
  follow,  // the link is the user's: its target is replaced, the link kept (an editor's habit)
  refuse,  // the name is meshgate's own (a file inside an output directory): a link there was planted
};

struct AtomicWrite {
  bool ok = false;
  std::string error;  // "PATH: why", when !ok
};

struct OutputFile {
  std::string path;
  std::function<void(std::ostream&)> write;
};

// Writes what `write` streams to `path`. The stream's failure (e.g. ENOSPC,
// EFBIG) is reported; the temporary is removed on every failure.
[[nodiscard]] AtomicWrite write_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write,
                                                Overwrite overwrite = Overwrite::replace,
                                                Symlink symlink = Symlink::follow);
[[nodiscard]] AtomicWrite write_bytes_atomically(const std::string& path, const std::vector<std::byte>& bytes,
                                                 Overwrite overwrite = Overwrite::replace,
                                                 Symlink symlink = Symlink::follow);

// Files that belong together (a .gltf and its .bin): every one is staged and
// flushed before any is renamed into place, in the order given, so a failed
// write (a full disk) leaves all the previous files as they were. Only a
// rename failing part-way (the file system refusing a rename it allowed a
// moment before) can leave the earlier names replaced; the error says which.
[[nodiscard]] AtomicWrite write_files_atomically(const std::vector<OutputFile>& files, Overwrite overwrite,
                                                 Symlink symlink = Symlink::follow);

// Inside a `write` above: `size` bytes of `from` at `offset` appended to
// `out` by the kernel (the volume writer's untouched records: one copy of a
// large volume, never through this process's memory). False, with nothing
// appended and `out` as it was, where that cannot be done (`out` is not an
// atomic write's, the system or the file systems cannot): the caller writes
// the bytes itself. A copy that fails part-way sets `out` bad and is true.
[[nodiscard]] bool copy_into(std::ostream& out, const platform::ReadOnlyFile& from, uint64_t offset, uint64_t size);

}  // namespace meshgate
