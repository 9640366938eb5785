// One file's page of the evidence report (`meshgate report`): its byte map as
// class runs, its diagnostics, the invariants it violates, and, as "detail",
// what a click on a byte needs (the coverage marks, which name each byte's
// field through the report's shared field tables, and the file's bytes for
// values and the hex view). Pages are JSON text made on the sweep's worker
// threads; the report decides in file order which keep their detail.
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "analysis/sweep.hpp"
#include "pipeline/roundtrip.hpp"

namespace meshgate {

// map: JSON object (path, size, format, parsed, identical, runs, diagnostics, ...);
// detail: JSON object {marks, overlaps, bytes}, or empty when the parse mapped nothing.
using FilePage = RenderedPage;

// Files larger than this never embed their bytes: a click shows the field but no hex.
inline constexpr uint64_t kMaxEmbeddedFileBytes = 1u << 20;

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
