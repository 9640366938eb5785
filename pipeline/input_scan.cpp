#include "pipeline/input_scan.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <map>
#include <set>
#include <thread>
#include <utility>

#include "parser/core/utf8_text.hpp"
#include "pipeline/file_reader.hpp"
#include "platform/file_status.hpp"
#include "platform/utf8_path.hpp"

namespace meshgate {

namespace fs = std::filesystem;

std::string escape_path_component(std::string_view name) { return utf8_or_escaped(name, "!"); }

std::pair<std::string, std::string> split_nested(const std::string& path) {
  if (platform::status_of(platform::path_from_utf8(path)).exists()) return {path, ""};
  for (size_t bang = path.rfind('!'); bang != std::string::npos && bang > 0; bang = path.rfind('!', bang - 1)) {
    if (platform::status_of(platform::path_from_utf8(path.substr(0, bang))).kind == platform::PathKind::regular)
      return {path.substr(0, bang), path.substr(bang + 1)};
  }
  return {path, ""};
}

namespace {

// A relative path as a report path: each component escaped, joined by "/".
std::string display_of(const fs::path& relative) {
  std::string out;
  for (const fs::path& part : relative) {
    if (!out.empty()) out += '/';
    out += escape_path_component(platform::utf8_of(part));
  }
  return out;
}

using Identity = platform::FileIdentity;

std::optional<Identity> identity_of(const fs::path& path) {
  const platform::FileStatus status = platform::status_of(path);
  if (!status.exists()) return std::nullopt;
  return status.identity;
}

// What a probe of a candidate file found.
enum class Probe : char { model, not_model, unreadable, not_regular };

// A file's format from its first bytes.
Probe probe(const fs::path& path) {
  std::array<std::byte, kMagicProbeBytes> prefix{};
  const PrefixRead read = read_prefix(path, prefix, platform::Reading::probe);
  if (read.status == ReadStatus::not_regular) return Probe::not_regular;
  if (read.status != ReadStatus::ok) return Probe::unreadable;
  return detect_format(Bytes(prefix.data(), read.length)) != Format::unknown ? Probe::model : Probe::not_model;
}

// Probes every path. A probe is an open, a read and a close, most of a
// directory scan's time (about 8 us a file here, 0.08 s of a 10,000-file
// sweep's 0.45 s at --jobs 2), and the sweep cannot start before the scan
// ends: so up to `jobs` threads probe, as many as the sweep will use, each
// taking the next unprobed file.
std::vector<Probe> probe_all(const std::vector<fs::path>& paths, unsigned jobs) {
  std::vector<Probe> found(paths.size());
  std::atomic<size_t> next{0};
  const auto work = [&] {
    for (size_t i = next++; i < paths.size(); i = next++) found[i] = probe(paths[i]);
  };
  constexpr size_t kFilesPerThread = 64;  // fewer files do not pay for a thread
  const auto helpers = static_cast<unsigned>(std::min<size_t>(std::max(jobs, 1u), paths.size() / kFilesPerThread + 1) - 1);
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < helpers; ++t) threads.emplace_back(work);
  work();
  for (std::thread& t : threads) t.join();
  return found;
}

// Walks `dir` (not following symlinks to directories, so no loop can form),
// collecting regular files (and symlinks to them) and naming what it cannot
// read or will not follow. A directory met a second time (a link the system
// does not report as one: wine shows a Unix symlink to a directory as the
// directory) is skipped by its identity.
void walk(const fs::path& dir, const fs::path& root, const std::string& label, std::vector<fs::path>& files,
          InputScan& scan, std::set<Identity>& walked) {
  if (const std::optional<Identity> id = identity_of(dir); id && !walked.insert(*id).second) {
    scan.skipped.push_back(platform::utf8_of(dir) + ": a directory already walked (a link loop), not followed");
    return;
  }
  std::error_code ec;
  fs::directory_iterator it(dir, ec);
  const auto shown = [&](const fs::path& p) {
    const std::string relative = display_of(p.lexically_relative(root));
    return label.empty() ? relative : relative == "." ? label : label + "/" + relative;
  };
  if (ec) {
    scan.unreadable.push_back(platform::utf8_of(dir) + ": " + ec.message());
    scan.unreadable_displays.push_back(shown(dir) + "/");
    return;
  }
  std::vector<fs::path> subdirs;
  for (; it != fs::directory_iterator(); it.increment(ec)) {
    if (ec) break;
    const fs::path& p = it->path();
    // The platform's lstat: std::filesystem on mingw-w64 sees no link (it
    // stats through it), and a directory link's loop would be walked forever.
    const platform::FileStatus own = platform::status_of(p, platform::Links::no_follow);
    if (!own.exists()) {
      scan.unreadable.push_back(platform::utf8_of(p) + ": " + own.error.message());
      continue;
    }
    if (own.kind == platform::PathKind::directory) {
      subdirs.push_back(p);
      continue;
    }
    const platform::FileStatus target = own.kind == platform::PathKind::symlink ? platform::status_of(p) : own;
    if (!target.exists()) {
      scan.skipped.push_back(platform::utf8_of(p) + ": dangling or looping symlink");
    } else if (target.kind == platform::PathKind::regular) {
      files.push_back(p);
    } else if (target.kind == platform::PathKind::directory) {
      scan.skipped.push_back(platform::utf8_of(p) + ": symlink to a directory, not followed");
    } else {
      scan.skipped.push_back(platform::utf8_of(p) + ": not a regular file");
    }
  }
  if (ec) {
    scan.unreadable.push_back(platform::utf8_of(dir) + ": " + ec.message());
    scan.unreadable_displays.push_back(shown(dir) + "/");
  }
  std::sort(subdirs.begin(), subdirs.end());
  for (const fs::path& sub : subdirs) walk(sub, root, label, files, scan, walked);
}

// The root label of a directory argument: its own name, however it was
// spelled ("." and "../x/" name the directory they resolve to).
std::string root_label(const fs::path& dir) {
  std::error_code ec;
  const fs::path canonical = fs::weakly_canonical(fs::absolute(dir, ec), ec);
  const std::string name = platform::utf8_of(canonical.filename());
  return name.empty() ? "root" : escape_path_component(name);
}

std::string ascii_lower(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return s;
}

}  // namespace

InputScan scan_inputs(const std::vector<std::string>& arguments, unsigned jobs) {
  InputScan scan;
  // Arguments by identity: the same file or directory (or the same address in
  // one file), however spelled, once.
  struct Root {
    std::string arg;
    fs::path path;
    std::string nested;  // an address's nested path
  };
  std::vector<Root> roots;
  std::set<std::pair<Identity, std::string>> seen_roots;
  for (const std::string& given : arguments) {
    const auto [arg, nested] = given.empty() ? std::pair<std::string, std::string>{} : split_nested(given);
    const fs::path root = platform::path_from_utf8(arg);
    const platform::FileStatus st = arg.empty() ? platform::FileStatus{} : platform::status_of(root);
    if (!st.exists()) {
      scan.errors.push_back((arg.empty() ? "''" : arg) + ": " +
                            (st.problem == platform::FileProblem::permission_denied ? "permission denied" : "no such file or directory"));
      continue;
    }
    if (st.kind != platform::PathKind::regular && st.kind != platform::PathKind::directory) {
      scan.errors.push_back(arg + ": not a regular file or directory");
      continue;
    }
    if (seen_roots.insert({st.identity, nested}).second) roots.push_back({arg, root, nested});
  }
  const bool labelled = roots.size() > 1;
  std::vector<InputFile> found;
  std::set<Identity> seen_files;  // across arguments: a file inside two of them is read once
  for (const auto& [arg, root, nested] : roots) {
    if (fs::is_regular_file(root)) {
      if (labelled && nested.empty() && !seen_files.insert(*identity_of(root)).second) continue;
      std::array<std::byte, kMagicProbeBytes> prefix{};
      const PrefixRead read = read_prefix(root, prefix, platform::Reading::probe);
      if (read.status != ReadStatus::ok) {
        scan.unreadable.push_back(arg + ": " + read_failure_text(read.status, read.error));
        scan.unreadable_displays.push_back(display_of(root.filename()));
        continue;
      }
      const std::string display = display_of(root.filename());
      found.push_back({root, nested.empty() ? display : display + "!" + nested, true, nested});
      continue;
    }
    std::vector<fs::path> regular;
    const std::string label = labelled ? root_label(root) : std::string();
    std::set<Identity> walked;
    walk(root, root, label, regular, scan, walked);
    const std::vector<Probe> probes = probe_all(regular, jobs);
    for (size_t i = 0; i < regular.size(); ++i) {
      const std::string relative = display_of(regular[i].lexically_relative(root));
      const std::string display = label.empty() ? relative : label + "/" + relative;
      switch (probes[i]) {
        case Probe::model:
          if (labelled) {
            const std::optional<Identity> id = identity_of(regular[i]);
            if (id && !seen_files.insert(*id).second) break;
          }
          found.push_back({regular[i], display, false});
          break;
        case Probe::unreadable:
          scan.unreadable.push_back(platform::utf8_of(regular[i]) + ": unreadable (permission denied or I/O error)");
          scan.unreadable_displays.push_back(display);
          break;
        case Probe::not_regular: scan.skipped.push_back(platform::utf8_of(regular[i]) + ": not a regular file"); break;
        case Probe::not_model: break;  // not a model: a directory may hold anything
      }
    }
  }
  std::stable_sort(found.begin(), found.end(), [](const InputFile& a, const InputFile& b) { return a.display < b.display; });
  for (size_t i = 1; i < found.size(); ++i)
    if (found[i].display == found[i - 1].display)
      scan.errors.push_back(platform::utf8_of(found[i - 1].path) + " and " + platform::utf8_of(found[i].path) + " would both be reported as " +
                            found[i].display + "; give them in directories of different names");
  // The games run on case-insensitive file systems: there, two of these are one file.
  std::map<std::string, std::vector<std::string>> by_folded;
  for (const InputFile& f : found) by_folded[ascii_lower(f.display)].push_back(f.display);
  for (const auto& [folded, displays] : by_folded)
    if (displays.size() > 1) {
      std::string names;
      for (const std::string& d : displays) names += (names.empty() ? "" : ", ") + d;
      scan.warnings.push_back("paths differ only by case (one file on a case-insensitive file system): " + names);
    }
  scan.files = std::move(found);
  return scan;
}

}  // namespace meshgate
