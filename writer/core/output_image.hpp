// The writer's output plan made checkable (LLVM's Minidump emitter habit: lay
// out, write, then assert the bytes written match the plan). Every byte of the
// output must be emitted by some part of the model exactly once, or several
// times with the same value; finish() fails on any byte nothing emitted, so a
// model that lost information cannot hide behind a zero-filled buffer.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <map>
#include <span>
#include <type_traits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "parser/core/byte_reader.hpp"
#include "parser/core/diagnostics.hpp"
#include "writer/core/write_result.hpp"

namespace meshgate {

class OutputImage {
 public:
  // `observer`, when given, sees every part as it is emitted; with
  // keep_image false no image is laid out (see PartObserver).
  explicit OutputImage(uint64_t size, const PartObserver* observer = nullptr);

  // Emits `length` bytes at `offset`, produced by `fill(std::span<std::byte>)`
  // into the destination. Returns false (and records the error) when the range
  // leaves the image or overwrites earlier bytes with different values.
  // `path` names the part for an error: a string, or a callable returning one,
  // which is called only when there is an error (writers emit thousands of
  // parts and should not format a path for each).
  template <typename Path, typename FillFn>
  bool emit(uint64_t offset, uint64_t length, const Path& path, FillFn&& fill) {
    switch (place(offset, length)) {
      case Placement::fresh: {
        const std::span<std::byte> dst = destination(offset, length);
        fill(dst);
        add_interval(offset, offset + length);
        if (observer_) observer_->see(offset, dst);
        return true;
      }
      case Placement::nothing: return true;
      case Placement::failed: return false;
      case Placement::out_of_range: return reject_out_of_range(path_text(path), offset, length);
      case Placement::overlapping: {
        // Rare (aliased sections in odd files): produce into a scratch buffer
        // and require agreement with what is already there.
        if (!keep_image_) {  // the observer judges the part (see PartObserver)
          const std::span<std::byte> dst = destination(offset, length);
          fill(dst);
          add_interval(offset, offset + length);
          observer_->see(offset, dst);
          return true;
        }
        std::vector<std::byte> scratch(static_cast<size_t>(length));
        fill(std::span<std::byte>(scratch));
        return merge_overlapping(offset, scratch, path_text(path));
      }
    }
    return false;
  }
  // Emits a part that already exists as bytes (the model's own): without an
  // image, the observer sees those bytes themselves (see PartObserver).
  template <typename Path>
  bool emit_bytes(uint64_t offset, Bytes bytes, const Path& path) {
    if (!keep_image_) {
      const Placement p = place(offset, bytes.size());
      if (p == Placement::fresh || p == Placement::overlapping) {
        add_interval(offset, offset + bytes.size());
        observer_->see(offset, bytes);
        return true;
      }
    }
    return emit(offset, bytes.size(), path, [&](std::span<std::byte> dst) {
      if (!bytes.empty()) std::memcpy(dst.data(), bytes.data(), bytes.size());
    });
  }
  // Records that a part of the model has no representable offset (its
  // placement arithmetic overflowed); always returns false.
  bool reject_unplaceable(std::string_view path);

  // Checks that every byte was emitted; returns the first error, if any.
  [[nodiscard]] std::optional<Diagnostic> finish();
  [[nodiscard]] const std::optional<Diagnostic>& error() const { return error_; }
  [[nodiscard]] PodVector<std::byte> take() { return std::move(bytes_); }  // empty without an image

 private:
  enum class Placement { fresh, nothing, failed, out_of_range, overlapping };
  template <typename Path>
  static std::string path_text(const Path& path) {
    if constexpr (std::is_invocable_v<const Path&>) {
      return std::string(path());
    } else {
      return std::string(std::string_view(path));
    }
  }
  [[nodiscard]] Placement place(uint64_t offset, uint64_t length) const;
  // Where a fresh part is produced: its place in the image, or the scratch buffer.
  std::span<std::byte> destination(uint64_t offset, uint64_t length) {
    const auto n = static_cast<size_t>(length);
    if (keep_image_) return std::span<std::byte>(bytes_.data() + offset, n);
    // No copy of old parts; 4 KiB first, so a model's header, directory and
    // encoded streams usually need one allocation, not a doubling series.
    if (scratch_.size() < n) scratch_ = PodVector<std::byte>(std::max({n, 2 * scratch_.size(), kFirstScratchBytes}));
    return std::span<std::byte>(scratch_.data(), n);
  }
  bool reject_out_of_range(const std::string& path, uint64_t offset, uint64_t length);
  bool merge_overlapping(uint64_t offset, const std::vector<std::byte>& scratch, const std::string& path);
  void fail(std::string_view code, std::string_view path, uint64_t offset, std::string message);
  void add_interval(uint64_t begin, uint64_t end);

  uint64_t size_;
  bool keep_image_;
  PodVector<std::byte> bytes_;    // uninitialised until emitted; empty without an image
  static constexpr size_t kFirstScratchBytes = 4096;
  PodVector<std::byte> scratch_;  // without an image: the part being produced
  // The merged [begin, end) intervals emitted so far, begin -> end. A tree,
  // not a sorted list: a writer that fills the gaps between its earlier parts
  // joins intervals in the middle, which in a list shifts all after them
  // (quadratic: an SCM of 65,025 meshes took 9.7 s to write). Only disjoint
  // intervals hold a node; a part that extends its neighbour takes none.
  std::map<uint64_t, uint64_t> written_;
  std::optional<Diagnostic> error_;
  const PartObserver* observer_;
};

}  // namespace meshgate
