// A file a command keeps its own intermediate data in (the manifest's
// entries, waiting for the seals that head the lock), beside the file it
// will write: created as an atomic write's temporary is (exclusively, never
// through a planted name, ".NAME.meshgate-XXXXXX"), open for reading and
// writing, removed when this goes. A kill -9 leaves it, as it would leave
// a temporary.
#pragma once

#include <filesystem>
#include <fstream>

namespace meshgate {

class ScratchFile {
 public:
  explicit ScratchFile(const std::filesystem::path& beside);
  ScratchFile(const ScratchFile&) = delete;
  ScratchFile& operator=(const ScratchFile&) = delete;
  ~ScratchFile();

  // False where no file can be made there (a missing or read-only directory, an empty `beside`).
  [[nodiscard]] bool is_open() const { return stream_.is_open(); }
  [[nodiscard]] std::fstream& stream() { return stream_; }

 private:
  std::filesystem::path path_;
  std::fstream stream_;
};

}  // namespace meshgate
