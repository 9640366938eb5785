// What every model writer returns: the bytes, or the first placement error.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "parser/core/diagnostics.hpp"
#include "parser/core/pod_vector.hpp"

namespace meshgate {

// The output is a PodVector: the image is laid out uninitialised and every
// byte is then emitted exactly once (OutputImage::finish() refuses an image
// with a byte nothing emitted), so zero-filling it first would write it twice.
struct WriteResult {
  PodVector<std::byte> bytes;
  std::optional<Diagnostic> error;
  [[nodiscard]] bool ok() const { return !error; }
};

// Sees each part of the output once the writer has produced its final bytes
// (the image never changes a byte once emitted). The round trip compares each
// part with the input while it is still in cache, instead of re-reading the
// whole output afterwards; the writer itself never sees what it is compared with.
struct PartObserver {
  std::function<void(uint64_t offset, std::span<const std::byte> part)> see;
  // false: the writer lays out no image (WriteResult::bytes stays empty). A
  // part that is the model's own bytes (a stream on a little-endian host, a
  // gap) goes to `see` as it is; any other is produced into a reused scratch
  // buffer first. Everything else is checked as usual (placement, every byte
  // emitted) except that overlapping parts agree: `see` must judge every
  // part, as the round trip does by comparing each with the input (parts
  // equal to the input agree with each other). A round trip of an identical
  // file then neither copies the model into an image nor reads that back.
  bool keep_image = true;
};
}  // namespace meshgate
