// The evidence report as one self-contained HTML page (`meshgate report`,
// `sweep --html`): the corpus summary, the invariants with links to each first
// violation, the field tables with their evidence and value charts, the
// version histogram, and a page per file with its byte map. Nothing is fetched
// when it is viewed: the data sit in <script type="application/json"> elements,
// each file's page parsed only when it is opened.
#pragma once

#include <cstdint>
#include <ostream>

#include "analysis/sweep.hpp"

namespace meshgate {

// How much byte-level detail (coverage marks and file bytes, as JSON text)
// one report holds at most, spent on input files in order; files past it keep
// their byte map, diagnostics and invariants, and a click names the byte's
// class but not its field. With it the report of the 10,000-file generated
// corpus (586 MB) is 68 MB: about 20 MB of byte maps (a run list per file)
// and the detail of the first ~380 files. Chromium opens it and renders its
// corpus view in about 8 s of CPU; a file page is parsed only when opened.
inline constexpr uint64_t kReportDetailBudget = 48ull << 20;

// `r` must come from a sweep with SweepOptions::pages.
void write_evidence_html(std::ostream& out, const SweepResult& r, uint64_t detail_budget = kReportDetailBudget);

}  // namespace meshgate
