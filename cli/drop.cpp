#include "cli/drop.hpp"

#include <chrono>
#include <filesystem>
#include <iostream>
#include <string>
#include <system_error>

#include "cli/commands.hpp"
#include "platform/launch.hpp"
#include "platform/process.hpp"
#include "platform/utf8_path.hpp"

namespace meshgate::cli {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kDropPrefix = "drop-";
constexpr auto kKeepPages = std::chrono::hours(24);
constexpr int kDefaultHoldSeconds = 60;

// Pages of earlier drops older than a day: each drop writes a new folder (the
// browser reads the page after meshgate has ended), so old ones are removed
// here rather than never. Only folders this code names are touched.
void remove_old_drops(const fs::path& root) {
  std::error_code error;
  const auto now = fs::file_time_type::clock::now();
  for (const fs::directory_entry& entry : fs::directory_iterator(root, error)) {
    const std::string name = platform::utf8_of(entry.path().filename());
    if (!name.starts_with(kDropPrefix) || entry.is_symlink(error) || !entry.is_directory(error)) continue;
    const auto written = entry.last_write_time(error);
    if (!error && now - written > kKeepPages) fs::remove_all(entry.path(), error);
  }
}

// A new folder TEMP/meshgate/drop-N, never one that exists (its page would be
// another drop's); empty when the temporary directory cannot take one.
fs::path new_drop_folder(std::string& error_text) {
  std::error_code error;
  const fs::path root = fs::temp_directory_path(error) / "meshgate";
  if (!error) fs::create_directories(root, error);
  if (error) {
    error_text = "no temporary folder for the page: " + error.message();
    return {};
  }
  remove_old_drops(root);
  const auto stamp = std::chrono::system_clock::now().time_since_epoch().count();
  for (int attempt = 0; attempt < 100; ++attempt) {
    const fs::path folder = root / (std::string(kDropPrefix) + std::to_string(stamp) + "-" + std::to_string(attempt));
    if (fs::create_directory(folder, error)) return folder;
    if (error) break;
  }
  error_text = "could not make a folder for the page in " + platform::utf8_of(root) +
               (error ? ": " + error.message() : "");
  return {};
}

int hold_seconds() {
  const std::optional<std::string> value = platform::environment("MESHGATE_DROP_HOLD");
  if (!value) return kDefaultHoldSeconds;
  try {
    return std::stoi(*value);
  } catch (const std::exception&) {
    return kDefaultHoldSeconds;
  }
}

int failed(int code) {
  std::cerr << "meshgate: this window closes when you press a key\n";
  platform::hold_console(hold_seconds());
  return code;
}

}  // namespace

bool is_dropped_path(const std::vector<std::string>& arguments) {
  if (arguments.size() != 2 || arguments[1].empty() || arguments[1].front() == '-') return false;
  std::error_code error;
  return fs::exists(platform::path_from_utf8(arguments[1]), error) && platform::started_with_own_console();
}

int open_dropped(const std::string& program, const std::string& path, const RunCommand& run) {
  std::error_code error;
  const bool folder = fs::is_directory(platform::path_from_utf8(path), error);
  std::string problem;
  const fs::path page_folder = new_drop_folder(problem);
  if (page_folder.empty()) {
    std::cerr << "meshgate: " << problem << "\n";
    return failed(kExitUsage);
  }
  const std::string page = platform::join_utf8(platform::utf8_of(page_folder), folder ? "report.html" : "view.html");
  const int code = run({program, folder ? "report" : "view", path, "-o", page});
  // A report whose files failed (exit 1) is still a page worth reading.
  if (!fs::exists(platform::path_from_utf8(page), error)) return failed(code == kExitOk ? kExitUsage : code);
  if (!platform::open_with_default_program(platform::path_from_utf8(page), problem)) {
    std::cerr << "meshgate: wrote " << page << " but could not open it: " << problem << "\n";
    return failed(kExitUsage);
  }
  std::cout << "meshgate: opened " << page << " in your browser\n";
  return code;
}

}  // namespace meshgate::cli
