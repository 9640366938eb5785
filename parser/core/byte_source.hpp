// Positioned reads over a file's bytes, whatever holds them: memory, or a
// file read piece by piece (so that a container of any size, a 500 MB
// volume, is never held whole). The volume reader (parser/zip/, through
// libzip), the volume writer (writer/zip/) and a container edited in place
// (FormatRow::open_in_place, pipeline/in_place_edit.hpp) all read through it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>

#include "parser/core/byte_reader.hpp"
#include "platform/read_only_file.hpp"

namespace meshgate {

class ByteSource {
 public:
  virtual ~ByteSource() = default;
  [[nodiscard]] virtual uint64_t size() const = 0;
  // Fills `into` from `offset`; false when the range leaves the source or a read fails.
  [[nodiscard]] virtual bool read(uint64_t offset, std::span<std::byte> into) = 0;
  // The file read, where the source is one (a writer copies from it in the
  // kernel, writer/core/atomic_file.hpp's copy_into); nullptr otherwise.
  [[nodiscard]] virtual const platform::ReadOnlyFile* file() const { return nullptr; }
};

class BytesSource final : public ByteSource {
 public:
  explicit BytesSource(Bytes bytes) : bytes_(bytes) {}
  [[nodiscard]] uint64_t size() const override { return bytes_.size(); }
  [[nodiscard]] bool read(uint64_t offset, std::span<std::byte> into) override;
  [[nodiscard]] Bytes bytes() const { return bytes_; }

 private:
  Bytes bytes_;
};

// A regular file opened for input; its size is the one it had when opened.
class FileSource final : public ByteSource {
 public:
  explicit FileSource(platform::ReadOnlyFile& file) : file_(file), size_(file.regular_file_size().value_or(0)) {}
  [[nodiscard]] uint64_t size() const override { return size_; }
  [[nodiscard]] bool read(uint64_t offset, std::span<std::byte> into) override;
  [[nodiscard]] const platform::ReadOnlyFile* file() const override { return &file_; }

 private:
  platform::ReadOnlyFile& file_;
  uint64_t size_;
};

// A FileSource over a file of its own, opened by path: a source shared by
// the readers that outlive the call that opened it (libzip's, the writer's).
class OwnedFileSource final : public ByteSource {
 public:
  explicit OwnedFileSource(const std::filesystem::path& path) : file_(path), source_(file_) {}
  [[nodiscard]] bool is_open() const { return file_.is_open() && file_.regular_file_size().has_value(); }
  [[nodiscard]] uint64_t size() const override { return source_.size(); }
  [[nodiscard]] bool read(uint64_t offset, std::span<std::byte> into) override { return source_.read(offset, into); }
  [[nodiscard]] const platform::ReadOnlyFile* file() const override { return source_.file(); }

 private:
  platform::ReadOnlyFile file_;
  FileSource source_;
};

}  // namespace meshgate
