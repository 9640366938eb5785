// The evidence report as a folder (`meshgate report PATH -o DIR/`), for a
// corpus too large for one page: index.html (totals, invariants, the file
// list with format, verdict and coverage, filtered and searched in the
// browser) and files/N.html, the page of entry N (its byte map, what explains
// each byte, its diagnostics), written only for the files that have
// something to show (or every file, --all-pages). The pages share
// references.js (the field tables), file_view.js (the single page's file
// view) and report.css. Files arrive from a streamed sweep one at a time:
// a page is written and forgotten, so memory holds one row per file, not
// the pages. The caller writes into a staging folder and moves it into
// place (writer/core/staged_directory.hpp); the index is written last.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <set>
#include <string>

#include "analysis/sweep.hpp"
#include "reports/first_violators.hpp"
#include "reports/paged_index.hpp"

namespace meshgate {

// Whether a file has something to show on a page of its own: it is not
// clean (rejected, not round-tripping, overlaps), raised a diagnostic, or
// holds uncovered non-zero bytes. The first file to violate each invariant
// gets a page too (the index links to it); the others that violate one do
// not: most invariants are builder hypotheses (a centre that is the
// centroid or the box midpoint), which half of a corpus may break.
[[nodiscard]] bool has_something_to_show(const SweptFile& f);

class PagedReport {
 public:
  PagedReport(std::filesystem::path folder, bool all_pages) : folder_(std::move(folder)), all_pages_(all_pages) {}

  // A swept file, in report order: its row is kept and its page (when the
  // renderer made one) written. False once a write failed (error()).
  bool add(SweptFile&& f);
  // file_page for every file that may get a page (all of them with
  // `all_pages`): those above, and any violator of an invariant that may be
  // its first (reports/first_violators.hpp). The others get an empty page:
  // no time goes into a byte map nobody opens. Each page's map is drawn once.
  [[nodiscard]] PageRenderer renderer() const;
  // The sweep's inputs in input order, before it starts: they order the renderer's claims.
  void set_inputs(const std::vector<InputFile>& inputs) { first_violators_->set_inputs(inputs); }
  // references.js, file_view.js, report.css, then index.html.
  bool finish(const SweepResult& r);

  [[nodiscard]] uint64_t rows() const { return index_.rows(); }
  [[nodiscard]] uint64_t pages() const { return pages_; }
  [[nodiscard]] const std::string& error() const { return error_; }

 private:
  bool write(const std::filesystem::path& relative, std::string_view text);
  bool gets_page(const SweptFile& f);

  std::filesystem::path folder_;
  bool all_pages_;
  std::shared_ptr<FirstViolators> first_violators_ = std::make_shared<FirstViolators>();  // shared with the renderer's copies
  std::set<std::string_view, std::less<>> first_violations_;  // invariant ids whose first violator has its page
  PagedIndex index_;
  uint64_t pages_ = 0;
  std::string error_;
};

}  // namespace meshgate
