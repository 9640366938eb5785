#include "writer/core/staged_directory.hpp"

#include <chrono>

#include "platform/file_status.hpp"
#include "platform/utf8_path.hpp"

namespace meshgate {

namespace {

// A name no other run picks at the same time: the clock's ticks, then a count.
std::filesystem::path staging_name(const std::filesystem::path& destination, uint64_t attempt) {
  const auto ticks = static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  const std::string leaf = "." + platform::utf8_of(destination.filename()) + ".partial-" + std::to_string(ticks % 1000000007) +
                           "-" + std::to_string(attempt);
  return destination.parent_path() / platform::path_from_utf8(leaf);
}

// "a/b/" names the folder b: its last component is empty.
std::filesystem::path without_trailing_separator(std::filesystem::path p) {
  return p.has_filename() ? p : p.parent_path();
}

}  // namespace

std::string staged_destination_problem(const std::filesystem::path& destination) {
  const platform::FileStatus st = platform::status_of(destination, platform::Links::no_follow);
  if (!st.exists()) return {};
  if (st.kind == platform::PathKind::symlink) return "is a symlink; not writing through it";
  if (st.kind != platform::PathKind::directory) return "exists and is not a directory";
  std::error_code ec;
  if (!std::filesystem::is_empty(destination, ec) || ec) return "exists and is not empty";
  return {};
}

StagedDirectory::StagedDirectory(std::filesystem::path destination)
    : destination_(without_trailing_separator(std::move(destination))) {
  std::error_code ec;
  for (uint64_t attempt = 0; attempt < 100; ++attempt) {
    staging_ = staging_name(destination_, attempt);
    if (std::filesystem::create_directory(staging_, ec)) return;
    if (ec) break;  // not "it exists": the parent is missing or unwritable
  }
  error_ = platform::utf8_of(staging_) + ": " + (ec ? ec.message() : std::string("no free staging name"));
  staging_.clear();
}

StagedDirectory::~StagedDirectory() {
  if (committed_ || staging_.empty()) return;
  std::error_code ec;
  std::filesystem::remove_all(staging_, ec);
}

bool StagedDirectory::commit(bool replace) {
  if (!ok()) return false;
  const platform::FileStatus st = platform::status_of(destination_, platform::Links::no_follow);
  const std::string problem = staged_destination_problem(destination_);
  if (!problem.empty() && !(replace && st.kind == platform::PathKind::directory)) {
    error_ = platform::utf8_of(destination_) + " " + problem;
    return false;
  }
  std::error_code ec;
  // The former folder goes aside (beside, hidden) until the new one is in.
  std::filesystem::path aside;
  if (st.exists()) {
    const std::filesystem::path away = staging_name(destination_, 1000);
    std::filesystem::rename(destination_, away, ec);
    if (!ec) aside = away;
  }
  if (!ec) std::filesystem::rename(staging_, destination_, ec);
  if (ec) {
    error_ = platform::utf8_of(destination_) + ": " + ec.message();
    std::error_code ignored;
    if (!aside.empty()) std::filesystem::rename(aside, destination_, ignored);
    return false;
  }
  committed_ = true;
  if (!aside.empty()) std::filesystem::remove_all(aside, ec);
  return true;
}

}  // namespace meshgate
