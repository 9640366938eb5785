// A folder of outputs written beside its destination and moved into place
// once whole (`synth install`, `report -o DIR/`): a reader never sees half a
// tree, and a run that stops leaves no partial folder at the destination.
// The staging folder is a hidden sibling (".NAME.partial-N") on the same file
// system, so the move is one rename.
#pragma once

#include <filesystem>
#include <string>

namespace meshgate {

class StagedDirectory {
 public:
  // Creates the staging folder beside `destination` (whose parent must
  // exist); ok() says whether it could, error() why not.
  explicit StagedDirectory(std::filesystem::path destination);
  ~StagedDirectory();  // removes the staging folder unless committed
  StagedDirectory(const StagedDirectory&) = delete;
  StagedDirectory& operator=(const StagedDirectory&) = delete;

  [[nodiscard]] bool ok() const { return error_.empty(); }
  [[nodiscard]] const std::string& error() const { return error_; }
  [[nodiscard]] const std::filesystem::path& path() const { return staging_; }
  // Moves the staging folder to the destination: refused (false, error())
  // when the destination exists and is not an empty directory, so a tree is
  // never merged into another. `replace`: an existing directory is moved
  // aside first and removed once the new one is in place (report --force
  // over a former report; the caller checked it holds no input).
  [[nodiscard]] bool commit(bool replace = false);

 private:
  std::filesystem::path destination_, staging_;
  std::string error_;
  bool committed_ = false;
};

// Why `destination` cannot receive a staged folder (it is a file, a symlink,
// or a directory that is not empty), or an empty string.
[[nodiscard]] std::string staged_destination_problem(const std::filesystem::path& destination);

}  // namespace meshgate
