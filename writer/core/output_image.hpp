// The writer's output plan made checkable (LLVM's Minidump emitter habit: lay
// out, write, then assert the bytes written match the plan). Every byte of the
// output must be emitted by some part of the model exactly once, or several
// times with the same value; finish() fails on any byte nothing emitted, so a
// model that lost information cannot hide behind a zero-filled buffer.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "parser/core/byte_reader.hpp"
#include "parser/core/diagnostics.hpp"

namespace meshgate {

class OutputImage {
 public:
  using Fill = std::function<void(std::span<std::byte>)>;

  explicit OutputImage(uint64_t size);

  // Emits `length` bytes at `offset`, produced by `fill` into the destination.
  // Returns false (and records the error) when the range leaves the image or
  // overwrites earlier bytes with different values.
  bool emit(uint64_t offset, uint64_t length, std::string_view path, const Fill& fill);
  bool emit_bytes(uint64_t offset, Bytes bytes, std::string_view path);
  // Records that a part of the model has no representable offset (its
  // placement arithmetic overflowed); always returns false.
  bool reject_unplaceable(std::string_view path);

  // Checks that every byte was emitted; returns the first error, if any.
  [[nodiscard]] std::optional<Diagnostic> finish();
  [[nodiscard]] const std::optional<Diagnostic>& error() const { return error_; }
  [[nodiscard]] std::vector<std::byte> take() { return std::move(bytes_); }

 private:
  void fail(std::string_view code, std::string_view path, uint64_t offset, std::string message);
  void add_interval(uint64_t begin, uint64_t end);

  std::vector<std::byte> bytes_;
  std::map<uint64_t, uint64_t> written_;  // merged [begin, end) intervals
  std::optional<Diagnostic> error_;
};

}  // namespace meshgate
