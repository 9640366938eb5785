#include "reports/paged_report.hpp"

#include <fstream>

#include <nlohmann/json.hpp>

#include "reports/evidence.hpp"
#include "reports/file_page.hpp"
#include "reports/html_text.hpp"
#include "reports/report/file_view_script.hpp"
#include "reports/report/paged_file_template.hpp"
#include "reports/report/paged_index_template.hpp"
#include "reports/report/report_style.hpp"

namespace meshgate {

using nlohmann::json;

namespace {

// has_something_to_show from what the renderer sees (before the swept file
// exists), leaving out the invariants (FirstViolators decides for those).
bool shows_something(const RoundTripOutcome& o, Bytes data, const ParsedView& parsed) {
  if (!o.parsed || (!o.identical && !o.read_only) || !o.diagnostics.empty()) return true;
  const ParsedCoverage coverage = parsed_coverage(parsed);
  if (!coverage.summary) return false;
  if (coverage.summary->overlap_count > 0) return true;
  for (const UncoveredRange& r : coverage.summary->uncovered)
    for (uint64_t at = r.begin; at < r.end && at < data.size(); ++at)
      if (data[at] != std::byte{0}) return true;
  return false;
}

std::string page_name(uint64_t row) { return "files/" + std::to_string(row) + ".html"; }

}  // namespace

bool has_something_to_show(const SweptFile& f) {
  return !f.clean() || !f.diagnostic_codes.empty() || f.coverage.uncovered_nonzero_bytes > 0;
}

PageRenderer PagedReport::renderer() const {
  return [all_pages = all_pages_, first = first_violators_](const RoundTripOutcome& o, Bytes data, const ParsedView& parsed,
                                                           const std::vector<std::string_view>& invariants_violated, bool) {
    // Every violator claims its invariants, so that later inputs' violators are not drawn.
    const bool may_be_first = !invariants_violated.empty() && first->may_be_first(o.path, invariants_violated);
    if (!all_pages && !may_be_first && !shows_something(o, data, parsed)) return RenderedPage{};
    return file_page(o, data, parsed, invariants_violated, /*detail=*/true);
  };
}

bool PagedReport::write(const std::filesystem::path& relative, std::string_view text) {
  if (!error_.empty()) return false;
  const std::filesystem::path path = folder_ / relative;
  // Plain writes: the folder is a staging folder no one reads before it is moved into place.
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  out.close();
  if (!out) error_ = "cannot write " + path.string();
  return error_.empty();
}

bool PagedReport::gets_page(const SweptFile& f) {
  if (f.page.empty()) return false;
  bool first = false;
  for (std::string_view id : f.invariants_violated) first = first_violations_.insert(id).second || first;
  return all_pages_ || first || has_something_to_show(f);
}

bool PagedReport::add(SweptFile&& f) {
  const uint64_t row = index_.rows();
  const bool page = gets_page(f);
  index_.add(f, page);
  if (!page) return error_.empty();
  if (pages_++ == 0) {
    std::error_code ec;
    std::filesystem::create_directory(folder_ / "files", ec);
  }
  const std::string title = f.path + " (" + std::string(format_name(f.format)) + ")";
  return write(page_name(row), fill(kPagedFileTemplate, {{"TITLE", html_text(title)},
                                                         {"PAGE", script_json(f.page)},
                                                         {"DETAIL", f.page_detail.empty() ? "null" : script_json(f.page_detail)}}));
}

bool PagedReport::finish(const SweepResult& r) {
  const json summary = {{"tool", tool_json()},
                        {"totals", sweep_totals_json(r)},
                        {"invariants", r.invariants.to_json()},
                        {"versions", r.observations.versions_json()},
                        {"pages", pages_}};
  const std::string title = "meshgate evidence: " + std::to_string(index_.rows()) + " files";
  write("references.js", "window.meshgateReferences = " + script_json(page_references().dump()) + ";\n");
  write("file_view.js", kFileViewScript);
  write("report.css", kReportStyle);
  return write("index.html", fill(kPagedIndexTemplate, {{"TITLE", html_text(title)},
                                                        {"SUMMARY", script_json(summary.dump())},
                                                        {"INDEX", script_json(index_.json())}}));
}

}  // namespace meshgate
