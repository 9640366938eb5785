#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "platform/utf8_path.hpp"
#include "cli/commands.hpp"
#include "parser/core/utf8_text.hpp"
#include "pipeline/file_reader.hpp"
#include "pipeline/json_input.hpp"
#include "platform/file_status.hpp"
#include "reports/json_stream.hpp"
#include "reports/lock_gate.hpp"
#include "reports/lock_writer.hpp"
#include "reports/manifest.hpp"
#include "writer/core/scratch_file.hpp"

namespace meshgate::cli {

namespace {

// The largest lock the gate reads (a sound one an entry at a time; one it
// cannot trust whole, text and DOM, to say why), and so the largest
// `manifest` writes: a lock is a few hundred bytes per file, so 256 MiB is
// about half a million files.
constexpr uint64_t kMaxLockBytes = uint64_t{256} << 20;

struct ManifestOptions {
  std::vector<std::string> paths;
  std::string out, manifest;
  bool force = false;
  ParseProfile profile = ParseProfile::compatible;
  unsigned jobs = 1;
  SizeLimits limits;
  uint64_t max_lock = kMaxLockBytes;
  bool allow_empty = false;
};

void add_max_lock_option(CLI::App* cmd, uint64_t& bytes) {
  add_size_option(cmd, "--max-lock", [&bytes](uint64_t size) { bytes = size; }, {1, uint64_t{1} << 36, "64 GiB"},
                  "largest lock that manifest writes and gate reads (default 256 MiB)");
}

// The lock as JSON, or nullopt after saying why it cannot be used (exit 2).
std::optional<nlohmann::json> read_lock(const std::string& path, uint64_t max_lock) {
  FileReader reader;
  const FileRead read = reader.read(platform::path_from_utf8(path), {.override_bytes = max_lock});
  if (read.status == ReadStatus::too_large) {
    std::cerr << "meshgate gate: " << path << ": the lock is " << read.file_size << " bytes, over the " << max_lock
              << " a gate reads (--max-lock raises it)\n";
    return std::nullopt;
  }
  if (!read) {
    std::cerr << "meshgate gate: " << path << ": " << read_failure_text(read) << "\n";
    return std::nullopt;
  }
  JsonRead parsed = read_json(std::string_view(reinterpret_cast<const char*>(read->data()), read->size()));
  if (!parsed.value) {
    std::cerr << "meshgate gate: " << path << ": not a usable JSON document: " << parsed.error << "\n";
    return std::nullopt;
  }
  nlohmann::json lock = std::move(*parsed.value);
  const std::vector<std::string> problems = lock_problems(lock);
  if (problems.empty()) return lock;
  for (const std::string& p : problems) std::cerr << "meshgate gate: " << path << ": " << p << "\n";
  const bool edited = problems.back().starts_with("/fingerprint") || problems.back().starts_with("/lock_digest");
  std::cerr << "meshgate gate: " << path
            << (edited ? ": the lock was edited by hand; re-run manifest\n"
                       : ": is not a meshgate.manifest.v1 lock (pipeline/schema/manifest.v1.schema.json); re-run manifest\n");
  return std::nullopt;
}

// The files are not kept: each becomes its lock entry as it is swept
// (reports/lock_writer.hpp), so memory does not grow with the corpus.
int run_manifest(const ManifestOptions& options) {
  // The entries wait beside the lock; in memory where no file can be made
  // there (writing the lock will then say why).
  ScratchFile scratch(platform::path_from_utf8(options.out));
  std::stringstream in_memory;
  LockWriter lock(scratch.is_open() ? static_cast<std::iostream&>(scratch.stream()) : in_memory);
  SweepRequest request{options.paths, options.jobs, options.profile, options.limits, true, {options.out}};
  request.overwrite = overwrite_rule(options.force);
  request.allow_empty = options.allow_empty;
  request.stream = [&lock](SweptFile&& f) { lock.add(f); };
  int failure = kExitUsage;
  if (!run_sweep(request, "manifest", failure)) return failure;
  if (!lock.error().empty()) {
    std::cerr << "meshgate manifest: cannot write " << options.out << ": " << lock.error() << "\n";
    return kExitUsage;
  }
  const auto write_lock = [&lock](std::ostream& out) { lock.write(out); };
  // Never a lock the gate would refuse to read: measured before it is written.
  if (const uint64_t bytes = streamed_size(write_lock); bytes > options.max_lock) {
    std::fprintf(stderr,
                 "meshgate manifest: the lock of %zu entries would be %llu bytes, over the %llu a gate reads "
                 "(--max-lock); nothing written: lock each folder on its own, or pass the same --max-lock to "
                 "manifest and gate\n",
                 lock.entries(), static_cast<unsigned long long>(bytes),
                 static_cast<unsigned long long>(options.max_lock));
    return kExitUsage;
  }
  if (!write_file(options.out, write_lock, "manifest", request.overwrite)) return kExitUsage;
  std::printf("manifest: %zu entries written to %s\n", lock.entries(), display_text(options.out).c_str());
  return kExitOk;
}

int print_gate_outcome(const std::vector<std::string>& differences, size_t checked) {
  for (const std::string& d : differences) std::printf("gate: %s\n", display_text(d).c_str());
  std::printf("gate: %s (%zu entries checked, %zu differences)\n", differences.empty() ? "PASS" : "FAIL", checked,
              differences.size());
  return differences.empty() ? kExitOk : kExitFailed;
}

SweepRequest gate_request(const ManifestOptions& options) {
  SweepRequest request{options.paths, options.jobs, options.profile, options.limits, true, {}, false};
  request.unreadable_is_finding = true;
  request.allow_empty = options.allow_empty;
  return request;
}

// A lock that is not sound, or cannot be read: read whole, so that the gate
// says why as it always did.
int run_gate_on_whole_lock(const ManifestOptions& options) {
  const std::optional<nlohmann::json> manifest = read_lock(options.manifest, options.max_lock);
  if (!manifest) return kExitUsage;
  const SweepRequest request = gate_request(options);
  int failure = kExitUsage;
  auto result = run_sweep(request, "gate", failure);
  if (!result) return failure;
  return print_gate_outcome(gate_differences(*manifest, *result), result->files.size());
}

// A sound lock within --max-lock, read an entry at a time (reports/lock_gate.hpp).
std::optional<LockGate> open_gate(const ManifestOptions& options, std::iostream& spill) {
  const std::filesystem::path path = platform::path_from_utf8(options.manifest);
  const platform::FileStatus status = platform::status_of(path);
  if (status.kind != platform::PathKind::regular || status.size > options.max_lock) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  return open_lock_gate(in, spill);
}

// Each swept file is compared with its entry and forgotten.
int run_gate(const ManifestOptions& options) {
  // The lock's entries wait in the system's temporary folder (the gate
  // writes nothing beside the lock or the corpus), in memory where no file
  // can be made there.
  std::error_code no_temp;
  const std::filesystem::path temp = std::filesystem::temp_directory_path(no_temp);
  ScratchFile scratch(no_temp ? std::filesystem::path() : temp / "meshgate-gate");
  std::stringstream in_memory;
  std::optional<LockGate> gate =
      open_gate(options, scratch.is_open() ? static_cast<std::iostream&>(scratch.stream()) : in_memory);
  if (!gate) return run_gate_on_whole_lock(options);
  SweepRequest request = gate_request(options);
  size_t checked = 0;
  request.stream = [&gate, &checked](SweptFile&& f) {
    gate->check(f);
    ++checked;
  };
  int failure = kExitUsage;
  auto result = run_sweep(request, "gate", failure);
  if (!result) return failure;
  return print_gate_outcome(gate->differences(*result), checked);
}

}  // namespace

void add_manifest(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<ManifestOptions>();
  CLI::App* cmd = app.add_subcommand("manifest", "Record a corpus and its expected outcomes (corpus.lock.json)");
  cmd->add_option("PATH", options->paths, "files or directories")->required();
  add_output_option(cmd, "-o,--output", options->out, "manifest file to write")->required();
  add_force_option(cmd, options->force);
  add_jobs_option(cmd, options->jobs);
  add_profile_option(cmd, options->profile);
  add_max_size_option(cmd, options->limits);
  add_max_lock_option(cmd, options->max_lock);
  add_allow_empty_option(cmd, options->allow_empty);
  cmd->callback([options, &exit_code] { exit_code = run_manifest(*options); });
}

void add_gate(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<ManifestOptions>();
  CLI::App* cmd = app.add_subcommand("gate", "Check a corpus against its manifest: exit 0 when nothing changed");
  cmd->add_option("MANIFEST", options->manifest, "corpus.lock.json written by `meshgate manifest`")->required();
  cmd->add_option("PATH", options->paths, "files or directories (as given to `meshgate manifest`)")->required();
  add_jobs_option(cmd, options->jobs);
  add_profile_option(cmd, options->profile);
  add_max_size_option(cmd, options->limits);
  add_max_lock_option(cmd, options->max_lock);
  add_allow_empty_option(cmd, options->allow_empty);
  cmd->callback([options, &exit_code] { exit_code = run_gate(*options); });
}

}  // namespace meshgate::cli
