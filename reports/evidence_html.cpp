#include "reports/evidence_html.hpp"

#include <string_view>

#include "reports/evidence.hpp"
#include "reports/file_page.hpp"
#include "reports/html_text.hpp"
#include "reports/report/evidence_report_template.hpp"
#include "reports/report/file_view_script.hpp"
#include "reports/report/report_style.hpp"

namespace meshgate {

using nlohmann::json;

void write_evidence_html(std::ostream& out, const SweepResult& r, uint64_t detail_budget) {
  json paths = json::array(), rows = json::array();
  for (const SweptFile& f : r.files) {
    paths.push_back(f.path);
    // "identical": yes / no, or "read-only" for a volume (read, never rewritten).
    const json identical = f.read_only && f.parse_ok ? json("read-only") : json(f.roundtrip_identical);
    rows.push_back({std::string(format_name(f.format)), f.size, f.parse_ok, identical, f.diagnostic_codes,
                    f.invariants_violated});
  }
  const json corpus = {{"evidence", evidence_without_files(r)},
                       {"references", page_references()},
                       {"files", std::move(paths)},
                       {"file_rows", std::move(rows)},
                       {"details_dropped", r.page_details_dropped},
                       {"detail_budget", detail_budget}};
  // The template is written around its @@PAGES@@ marker, so the pages go
  // straight to the stream: the report of a large corpus is never one string.
  const std::string_view text = kEvidenceReportTemplate;
  const size_t pages_at = text.find("@@PAGES@@");
  const std::string title = "meshgate evidence: " + std::to_string(r.files.size()) + " files";
  out << fill(text.substr(0, pages_at), {{"TITLE", html_text(title)}, {"STYLE", kReportStyle}, {"CORPUS", script_json(corpus.dump())}});
  for (size_t i = 0; i < r.files.size(); ++i) {
    const SweptFile& f = r.files[i];
    out << "<script type=\"application/json\" id=\"m" << i << "\">" << script_json(f.page) << "</script>\n";
    if (!f.page_detail.empty())
      out << "<script type=\"application/json\" id=\"d" << i << "\">" << script_json(f.page_detail) << "</script>\n";
  }
  out << fill(text.substr(pages_at + std::string_view("@@PAGES@@").size()),
              {{"FILE_VIEW", script_safe(std::string(kFileViewScript))}});
}

}  // namespace meshgate
