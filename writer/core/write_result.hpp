// What every model writer returns: the bytes, or the first placement error.
#pragma once

#include <optional>
#include <vector>

#include "parser/core/diagnostics.hpp"

namespace meshgate {

struct WriteResult {
  std::vector<std::byte> bytes;
  std::optional<Diagnostic> error;
  [[nodiscard]] bool ok() const { return !error; }
};

}  // namespace meshgate
