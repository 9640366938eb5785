// What every model writer returns: the bytes, or the first placement error.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "parser/core/diagnostics.hpp"

namespace meshgate {

struct WriteResult {
  std::vector<std::byte> bytes;
  std::optional<Diagnostic> error;
  [[nodiscard]] bool ok() const { return !error; }
};

// Sees each part of the output once the writer has produced its final bytes
// (the image never changes a byte once emitted). The round trip compares each
// part with the input while it is still in cache, instead of re-reading the
// whole output afterwards; the writer itself never sees what it is compared with.
using PartObserver = std::function<void(uint64_t offset, std::span<const std::byte> part)>;

}  // namespace meshgate
