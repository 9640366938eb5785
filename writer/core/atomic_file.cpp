#include "writer/core/atomic_file.hpp"

#include <filesystem>
#include <streambuf>

#include "platform/file_status.hpp"
#include "platform/input_record.hpp"
#include "platform/output_file.hpp"
#include "platform/utf8_path.hpp"
#include "writer/core/checked_write.hpp"

namespace meshgate {

namespace {

namespace fs = std::filesystem;
using platform::PathKind;

// A std::streambuf over a temporary file that remembers the first write
// error, so a full disk is noticed however the caller streams.
class TempBuffer : public std::streambuf {
 public:
  explicit TempBuffer(platform::TempFile& file) : file_(file) { setp(buffer_, buffer_ + sizeof buffer_); }
  [[nodiscard]] std::error_code error() const { return error_; }

  // Writes what is buffered; false after any failure.
  bool drain() {
    if (!error_) error_ = file_.write(pbase(), static_cast<size_t>(pptr() - pbase()));
    setp(buffer_, buffer_ + sizeof buffer_);
    return !error_;
  }

  // What is buffered written, then the kernel's copy appended; false when it
  // cannot copy (nothing appended), true otherwise (a failure remembered).
  bool copy(const platform::ReadOnlyFile& from, uint64_t offset, uint64_t size) {
    if (!drain()) return true;
    const std::error_code copied = file_.copy_from(from, offset, size);
    if (copied == std::errc::operation_not_supported) return false;
    error_ = copied;
    return true;
  }

 protected:
  int_type overflow(int_type ch) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(ch, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(ch);
      pbump(1);
    }
    return traits_type::not_eof(ch);
  }
  int sync() override { return drain() ? 0 : -1; }

 private:
  platform::TempFile& file_;
  std::error_code error_;
  char buffer_[1 << 16];
};

std::string why(const std::string& path, std::error_code error) { return path + ": " + error.message(); }

// Whether the file a path names (through symlinks) is one this process read.
bool is_input(const fs::path& path) {
  const platform::FileStatus st = platform::status_of(path);
  return st.exists() && platform::is_recorded_input(st.identity);
}

// One file on its way: where it goes, what it replaces, its temporary.
struct Staged {
  std::string path;      // as the caller named it (for messages)
  fs::path destination;  // the name moved over: `path`, or a symlink's target
  std::optional<platform::FileAttributes> previous;  // of the regular file there now, which it replaces
  fs::path temp;         // empty until created; removed unless moved
};

// Where `path` is written, or an error. A symlink is followed to the file it
// names (Symlink::follow) or refused; a dangling or looping one is refused,
// since following it would create a file somewhere the user did not name.
std::string resolve(Staged& s, Overwrite overwrite, Symlink symlink) {
  s.destination = platform::path_from_utf8(s.path);
  platform::FileStatus st = platform::status_of(s.destination, platform::Links::no_follow);
  if (!st.exists()) return st.problem == platform::FileProblem::not_found ? std::string() : why(s.path, st.error);
  if (overwrite != Overwrite::edit_in_place && is_input(s.destination))
    return s.path + ": is one of the inputs (a file this command read); inputs are never overwritten";
  if (overwrite == Overwrite::refuse) return s.path + ": exists (use --force to replace it)";
  if (st.kind == PathKind::symlink) {
    if (symlink == Symlink::refuse) return s.path + ": is a symlink; not replacing it and not writing through it";
    std::error_code error;
    fs::path target = fs::canonical(s.destination, error);
    if (error)
      return s.path + ": is a symlink to a missing file (or a loop); not replacing the link (" + error.message() + ")";
    s.destination = std::move(target);
    st = platform::status_of(s.destination);
    if (!st.exists()) return why(s.path, st.error);
  }
  if (st.kind != PathKind::regular)
    return s.path + (st.kind == PathKind::directory ? ": is a directory" : ": is not a regular file (a FIFO, socket or device); not replaced");
  s.previous = platform::attributes_of(s.destination);
  if (!s.previous) return s.path + ": its attributes could not be read; not replaced";
  return {};
}

// Writes the temporary beside the destination, then `check` (if any) reads
// it once it is on disk; "" or the error, or the check's refusal.
std::string stage(Staged& s, const std::function<void(std::ostream&)>& write, const StagedCheck& check) {
  platform::TempFile file(s.destination);
  if (!file.is_open()) return why(s.path, file.error());
  s.temp = file.path();
  std::error_code error;
  {
    TempBuffer buffer(file);
    std::ostream out(&buffer);
    write(out);
    out.flush();
    error = buffer.error();
    if (!error && !out) error = std::make_error_code(std::errc::io_error);
  }
  if (!error) error = file.give_attributes(s.previous);
  const std::error_code closed = file.sync_and_close();
  if (!error) error = closed;
  if (error) return why(s.path, error);
  return check ? check(s.temp) : std::string();
}

// Every file staged (and checked, where `check` is given), then all moved into place.
AtomicWrite write_all(const std::vector<OutputFile>& files, Overwrite overwrite, Symlink symlink, const StagedCheck& check) {
  std::vector<Staged> staged(files.size());
  const auto fail = [&](std::string error) {
    for (const Staged& s : staged)
      if (!s.temp.empty()) platform::remove_file(s.temp);
    return AtomicWrite{false, std::move(error)};
  };
  for (size_t i = 0; i < files.size(); ++i) {
    Staged& s = staged[i];
    s.path = files[i].path;
    if (s.path.empty()) return fail("the output path is empty");
    if (platform::path_from_utf8(s.path).filename().empty()) return fail(s.path + ": names a directory, not a file");
    if (std::string device = platform::device_name_of(platform::path_from_utf8(s.path)); !device.empty())
      return fail(s.path + ": " + platform::device_name_text(device));
    if (std::string error = resolve(s, overwrite, symlink); !error.empty()) return fail(std::move(error));
    if (std::string error = stage(s, files[i].write, check); !error.empty()) return fail(std::move(error));
  }
  for (size_t i = 0; i < staged.size(); ++i) {
    std::error_code error;
    const platform::Move moved =
        platform::move_into_place(staged[i].temp, staged[i].destination, overwrite != Overwrite::refuse, error);
    if (moved != platform::Move::moved) {
      std::string message = moved == platform::Move::exists ? staged[i].path + ": exists (use --force to replace it)"
                                                            : why(staged[i].path, error);
      for (size_t k = 0; k < i; ++k) message += "; " + staged[k].path + " was already replaced";
      for (size_t k = 0; k < i; ++k) staged[k].temp.clear();  // renamed: nothing left to remove
      return fail(std::move(message));
    }
    staged[i].temp.clear();
  }
  for (const Staged& s : staged) platform::sync_directory_of(s.destination);
  return {true, {}};
}

}  // namespace

bool copy_into(std::ostream& out, const platform::ReadOnlyFile& from, uint64_t offset, uint64_t size) {
  auto* buffer = dynamic_cast<TempBuffer*>(out.rdbuf());
  if (!buffer || !out) return false;
  if (!buffer->copy(from, offset, size)) return false;
  if (buffer->error()) out.setstate(std::ios::badbit);
  return true;
}

AtomicWrite write_files_atomically(const std::vector<OutputFile>& files, Overwrite overwrite, Symlink symlink) {
  return write_all(files, overwrite, symlink, {});
}

AtomicWrite write_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write,
                                  Overwrite overwrite, Symlink symlink) {
  return write_files_atomically({OutputFile{path, write}}, overwrite, symlink);
}

AtomicWrite write_checked_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write,
                                          const StagedCheck& check, Overwrite overwrite) {
  return write_all({OutputFile{path, write}}, overwrite, Symlink::follow, check);
}

AtomicWrite write_bytes_atomically(const std::string& path, const std::vector<std::byte>& bytes, Overwrite overwrite,
                                   Symlink symlink) {
  return write_file_atomically(
      path, [&](std::ostream& out) { out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size())); },
      overwrite, symlink);
}

}  // namespace meshgate
