#include <cerrno>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "platform/input_record.hpp"
#include "platform/posix_error.hpp"
#include "platform/read_only_file.hpp"

namespace meshgate::platform {

// O_NONBLOCK: opening a FIFO or a device must not wait for a writer; it has
// no effect on regular files.
ReadOnlyFile::ReadOnlyFile(const std::filesystem::path& path, Reading reading)
    : handle_(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)) {
  if (handle_ < 0) fail(problem_from_errno(errno), std::error_code(errno, std::generic_category()));
  else look_at_handle(reading);
}

void ReadOnlyFile::look_at_handle(Reading reading) {
  struct stat st {};
  if (::fstat(static_cast<int>(handle_), &st) != 0 || !S_ISREG(st.st_mode) || st.st_size < 0) return;
  regular_size_ = static_cast<uint64_t>(st.st_size);
  if (reading == Reading::input) record_input({static_cast<uint64_t>(st.st_dev), static_cast<uint64_t>(st.st_ino)});
}

ReadOnlyFile::~ReadOnlyFile() {
  if (handle_ >= 0) ::close(static_cast<int>(handle_));
}

bool ReadOnlyFile::is_open() const { return handle_ >= 0; }

std::optional<size_t> ReadOnlyFile::read_into(std::span<std::byte> into, uint64_t offset) {
  size_t done = 0;
  while (done < into.size()) {
    const ssize_t n =
        ::pread(static_cast<int>(handle_), into.data() + done, into.size() - done, static_cast<off_t>(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      fail(problem_from_errno(errno), std::error_code(errno, std::generic_category()));
      return std::nullopt;
    }
    if (n == 0) break;  // the file shrank since it was sized: read what is there
    done += static_cast<size_t>(n);
  }
  return done;
}

}  // namespace meshgate::platform
