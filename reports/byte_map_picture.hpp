// A byte map as a picture for pasting into documents: a grid of cells, one per
// byte (or, for a file too large for 4,096 rows, one per run of bytes, coloured
// by its most telling byte), with a legend. SVG is text with the legend drawn
// in; PNG (libpng) is the bare grid, its legend printed by the command.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "analysis/byte_map.hpp"

namespace meshgate {

struct ByteGrid {
  uint32_t columns = 0;         // cells per row
  uint64_t rows = 0;
  uint64_t bytes_per_cell = 1;
  uint64_t file_size = 0;
  std::vector<ByteClass> cells;  // rows * columns; cells past the end of the file are `padding` and flagged below
  uint64_t used_cells = 0;       // cells that hold file bytes
};

inline constexpr uint64_t kMaxGridRows = 4096;

// `columns` bytes per row (at least 1); more than kMaxGridRows rows are
// folded so that a cell holds several bytes. Within a cell the class shown is
// the first present of: overlap, uncovered non-zero, field without a status,
// then the class with the most bytes.
[[nodiscard]] ByteGrid byte_grid(const std::vector<ClassRun>& runs, uint64_t file_size, uint32_t columns);

[[nodiscard]] std::string byte_map_svg(const ByteGrid& grid, const std::vector<ClassRun>& runs, const std::string& title);
// PNG bytes; each cell `scale` x `scale` pixels. Throws std::runtime_error if libpng fails.
[[nodiscard]] std::vector<std::byte> byte_map_png(const ByteGrid& grid, uint32_t scale);

}  // namespace meshgate
