#include <cstdio>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/sweep_cli.hpp"
#include "parser/core/utf8_text.hpp"
#include "platform/file_status.hpp"
#include "platform/utf8_path.hpp"
#include "reports/paged_report.hpp"
#include "writer/core/staged_directory.hpp"

namespace meshgate::cli {

namespace {

bool is_regular(const std::filesystem::directory_entry& e) {
  return platform::status_of(e.path(), platform::Links::no_follow).kind == platform::PathKind::regular;
}

// Whether `files` holds only pages (files/N.html).
bool holds_only_pages(const std::filesystem::path& files) {
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(files, ec))
    if (!is_regular(e) || e.path().extension() != ".html") return false;
  return !ec;
}

// What may be replaced with --force: a former report, and nothing else a
// folder holding an index.html may be (a web site, someone's notes beside
// a report): index.html, its scripts and styles, and files/ of pages.
bool is_former_report(const std::filesystem::path& dir) {
  if (platform::status_of(dir / "index.html", platform::Links::no_follow).kind != platform::PathKind::regular) return false;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
    const std::filesystem::path name = e.path().filename();
    const bool page_or_script = is_regular(e) && (name == "index.html" || name.extension() == ".js" || name.extension() == ".css");
    const bool pages = name == "files" && platform::status_of(e.path(), platform::Links::no_follow).kind == platform::PathKind::directory &&
                       holds_only_pages(e.path());
    if (!page_or_script && !pages) return false;
  }
  return !ec;
}

// Whether the destination can take the report; printed when not. An
// existing non-empty folder is replaced only with --force, only when it is
// a former report, and never when an input lies inside it.
bool destination_is_usable(const std::filesystem::path& dir, const std::string& shown, bool force) {
  const std::string problem = staged_destination_problem(dir);
  if (problem.empty()) return true;
  const bool replaceable = force && platform::status_of(dir, platform::Links::no_follow).kind == platform::PathKind::directory &&
                           is_former_report(dir);
  if (replaceable) return true;
  std::cerr << "meshgate report: " << display_text(shown) << " " << problem
            << (force ? " and is not a former report (index.html, its .js and .css, files/ of pages); not replacing it\n"
                      : " (use --force to replace a former report)\n");
  return false;
}

// No input may lie inside a folder the report replaces.
bool no_input_inside(const std::vector<InputFile>& inputs, const std::filesystem::path& dir) {
  std::error_code ec;
  const std::filesystem::path folder = std::filesystem::weakly_canonical(dir, ec);
  if (ec) return true;  // it does not exist: nothing inside it
  for (const InputFile& in : inputs) {
    const std::filesystem::path file = std::filesystem::weakly_canonical(in.path, ec);
    const auto [end, _] = std::mismatch(folder.begin(), folder.end(), file.begin(), file.end());
    if (!ec && end == folder.end()) {
      std::cerr << "meshgate report: the input " << display_text(in.display) << " lies inside the report folder "
                << display_text(platform::utf8_of(dir)) << "; not replacing it\n";
      return false;
    }
  }
  return true;
}

}  // namespace

bool names_a_folder(const std::string& output) {
  if (!output.empty() && (output.back() == '/' || output.back() == std::filesystem::path::preferred_separator)) return true;
  return platform::status_of(platform::path_from_utf8(output)).kind == platform::PathKind::directory;
}

int run_report_folder(SweepRequest request, const std::string& out, bool force, bool all_pages) {
  const std::filesystem::path dir = platform::path_from_utf8(out);
  if (!destination_is_usable(dir, out, force)) return kExitUsage;
  StagedDirectory staged(dir);
  if (!staged.ok()) {
    std::cerr << "meshgate report: cannot create a folder beside " << display_text(out) << ": "
              << display_text(staged.error()) << "\n";
    return kExitUsage;
  }
  PagedReport report(staged.path(), all_pages);
  uint64_t not_clean = 0;
  // The index cites no file's digest: none is computed (SHA-256 alone takes longer than the rest of a sweep).
  request.digests = false;
  request.renderer = report.renderer();
  request.accept_inputs = [&dir, &report](const std::vector<InputFile>& inputs) {
    report.set_inputs(inputs);
    return no_input_inside(inputs, dir);
  };
  request.stream = [&](SweptFile&& f) {
    not_clean += print_if_not_clean(f);
    (void)report.add(std::move(f));
  };
  int failure = kExitUsage;
  const auto result = run_sweep(request, "report", failure);
  if (!result) return failure;
  const int outcome = print_sweep_summary(*result, not_clean);
  if (!report.finish(*result) || !staged.commit(/*replace=*/force)) {
    std::cerr << "meshgate report: " << display_text(report.error().empty() ? staged.error() : report.error()) << "\n";
    return kExitUsage;
  }
  std::printf("report: wrote %s (index.html, %llu of %llu files with a page)\n", display_text(out).c_str(),
              static_cast<unsigned long long>(report.pages()), static_cast<unsigned long long>(report.rows()));
  return outcome;
}

}  // namespace meshgate::cli
