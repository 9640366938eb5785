#include "writer/core/scratch_file.hpp"

#include "platform/output_file.hpp"

namespace meshgate {

ScratchFile::ScratchFile(const std::filesystem::path& beside) {
  if (beside.empty()) return;
  {
    // Made, then closed: Windows opens a temporary without sharing.
    const platform::TempFile made(beside);
    if (!made.is_open()) return;
    path_ = made.path();
  }
  stream_.open(path_, std::ios::in | std::ios::out | std::ios::binary | std::ios::trunc);
}

ScratchFile::~ScratchFile() {
  stream_.close();
  if (!path_.empty()) platform::remove_file(path_);
}

}  // namespace meshgate
