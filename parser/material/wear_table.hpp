// WEAR tables (NRes type 0x52414557, docs/spec/nikita-materials-textures.md §2):
// a text resource naming each material row of a model, and an optional
// LIGHTMAPS section. It round-trips as its bytes; the parsed rows are a view
// over them, and coverage gives every byte to a token, a separator or the
// trailing bytes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "parser/core/byte_reader.hpp"
#include "parser/core/coverage_map.hpp"
#include "parser/core/diagnostics.hpp"

namespace meshgate::wear {

inline constexpr uint32_t kWearTypeId = 0x52414557;  // "WEAR"
inline constexpr std::string_view kFormatName = "nikita-wear";
// Tool limit: a model's batches index rows with one byte (Res13 +4), so 256
// would do; 4,096 leaves room for tables the spec has not seen.
inline constexpr uint64_t kMaxRows = 4096;
inline constexpr uint64_t kMaxInputBytes = 1ull << 20;

struct Row {
  uint64_t id = 0;
  std::string name;   // the token's bytes (Windows-1251; ASCII in practice)
  uint32_t line = 0;  // 1-based line of the row
  uint64_t offset = 0;
  friend bool operator==(const Row&, const Row&) = default;
};

// The [CONFLICT] of which number selects a row: openparkan places each name at
// index <id>; fparkan selects by line position. They agree when ids are 0..n-1
// in order.
enum class RowReading : uint8_t { by_id, by_position };
[[nodiscard]] std::string_view row_reading_name(RowReading r);

struct Table {
  std::vector<std::byte> bytes;  // the resource, exactly: the writer's only source
  uint64_t declared_rows = 0;
  std::vector<Row> rows;                   // in line order
  std::optional<std::vector<Row>> lightmaps;
  uint64_t trailing_offset = 0;            // where the bytes after the table start (== size when none)

  // The material name of `row` under `reading`; nullopt when no row has it.
  [[nodiscard]] std::optional<std::string> material(uint64_t row, RowReading reading) const;
  friend bool operator==(const Table&, const Table&) = default;
};

struct ParseOptions {
  bool strict = false;
};

struct ParseResult {
  std::optional<Table> table;  // present iff no error was reported
  std::vector<Diagnostic> diagnostics;
  CoverageMap coverage_map;
  CoverageSummary coverage;
  [[nodiscard]] bool ok() const { return table.has_value(); }
};

[[nodiscard]] ParseResult parse_wear(Bytes data, const ParseOptions& options = {});

}  // namespace meshgate::wear
