// One file's page of the evidence report (`meshgate report`): its byte map as
// class runs, its diagnostics, the invariants it violates, and, as "detail",
// what a click on a byte needs (the coverage marks, which name each byte's
// field through the report's shared field tables, and the file's bytes for
// values and the hex view: the windows of them a page embeds). Pages are JSON text made on the sweep's worker
// threads; the report decides in file order which keep their detail.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis/sweep.hpp"
#include "pipeline/roundtrip.hpp"

namespace meshgate {

// map: JSON object (path, size, format, parsed, identical, runs, diagnostics, ...);
// detail: JSON object {marks, overlaps, windows: [[begin, base64], ...]}, or
// empty when the parse mapped nothing.
using FilePage = RenderedPage;

// The bytes a page embeds, at most: a file this small whole, a larger one in
// windows (the first kPageFirstWindow bytes, kPageWindowContext either side
// of each diagnostic's offset and each overlap, the first kPageRangeWindow
// of each uncovered range). Embedding whole files made a report of a 100 MB
// install 40 MB of pages, 85% of it base64, and most of its time.
inline constexpr uint64_t kPageWindowBudget = 16u << 10;
inline constexpr uint64_t kPageFirstWindow = 1u << 10;
inline constexpr uint64_t kPageWindowContext = 256;
inline constexpr uint64_t kPageRangeWindow = 2u << 10;

struct ByteWindow {
  uint64_t begin = 0, length = 0;
  friend bool operator==(const ByteWindow&, const ByteWindow&) = default;
};

// The windows asked for (in order of importance), each clipped to the file
// and to what `budget` has left, then sorted and merged where they touch.
[[nodiscard]] std::vector<ByteWindow> fit_windows(const std::vector<ByteWindow>& wanted, uint64_t file_size, uint64_t budget);

// `detail` false: the map alone (FilePage::detail empty).
[[nodiscard]] FilePage file_page(const RoundTripOutcome& outcome, Bytes data, const ParsedView& parsed,
                                 const std::vector<std::string_view>& invariants_violated, bool detail = true);

// file_page as the sweep's page renderer (SweepOptions::pages).
[[nodiscard]] PageRenderer file_page_renderer();

// What every page refers to, written once per report: the field tables
// ("tables": the catalog with each field's class) and the stream/array leaves
// ("leaves": "FORMAT/NAME" -> status, class, note, element type, stride), and
// the class names and colours ("classes").
[[nodiscard]] nlohmann::json page_references();

}  // namespace meshgate
