#include "reports/lock_gate.hpp"

#include <string_view>

#include "parser/core/hashing.hpp"
#include "pipeline/json_input.hpp"
#include "pipeline/json_schema_check.hpp"
#include "reports/evidence.hpp"
#include "reports/manifest.hpp"

namespace meshgate {

using nlohmann::json;

namespace {

// A lock around one entry, valid but for it: an entry is checked as the
// first of a lock's files, against the built-in schema compiled once (a
// sub-schema would be compiled, its patterns too, at every check: a fifth
// of a gate's time).
json lock_around_one_entry() {
  return {{"schema", std::string(kManifestSchema)},
          {"tool", {{"name", "meshgate"}, {"version", ""}, {"git_commit", ""}}},
          {"fingerprint", std::string(64, '0')},
          {"lock_digest", std::string(64, '0')},
          {"files", json::array({nullptr})}};
}

// What lock_problems() checks, an entry at a time: each against the
// schema's "files" items, once by path, with the fingerprint's material fed
// as seals_of() feeds it; the head and lock_digest once the entries are read.
class LockReading {
 public:
  LockReading(LockGate::Index& index, std::iostream& spill) : index_(index), spill_(spill) {}

  bool entry(json&& f) {
    json& slot = probe_["files"][0];
    slot = std::move(f);
    const bool valid = schema_violations(manifest_schema(), probe_, 1).empty();
    f = std::move(slot);
    if (!valid) return false;
    const std::string& path = f.at("path").get_ref<const std::string&>();
    // An entry is an input when the file holding it has no entry before it (seals_of()).
    const size_t bang = path.rfind('!');
    if (bang == std::string::npos || !index_.contains(std::string_view(path).substr(0, bang))) {
      std::string item;
      append_fingerprint_item(item, path, f.at("size").get<uint64_t>(), f.at("sha256").get<std::string>());
      fingerprint_.update(lock_text_bytes(item));
    }
    if (!index_.emplace(path, LockGate::Slot{spilled_}).second) return false;
    const std::string line = f.dump() + "\n";
    spill_.write(line.data(), static_cast<std::streamsize>(line.size()));
    spilled_ += line.size();
    return static_cast<bool>(spill_);
  }

  // Whether the head (its array emptied) is valid and the seals match the entries.
  bool sealed(const json& head) {
    if (!schema_violations(manifest_schema(), head, 1).empty()) return false;
    const std::string& fingerprint = head.at("fingerprint").get_ref<const std::string&>();
    if (fingerprint_.sha256_hex() != fingerprint) return false;
    StreamingDigests digest;
    digest.update(lock_text_bytes(lock_digest_header(head.at("tool"), fingerprint)));
    spill_.flush();
    spill_.seekg(0);
    std::string line;
    for (size_t i = 0; i < index_.size(); ++i) {
      if (!std::getline(spill_, line)) return false;
      digest.update(lock_text_bytes(line));
      digest.update(lock_text_bytes("\n"));
    }
    return digest.sha256_hex() == head.at("lock_digest").get_ref<const std::string&>();
  }

 private:
  LockGate::Index& index_;
  std::iostream& spill_;
  uint64_t spilled_ = 0;
  StreamingDigests fingerprint_;
  json probe_ = lock_around_one_entry();
};

}  // namespace

std::optional<LockGate> open_lock_gate(std::istream& lock, std::iostream& spill) {
  LockGate::Index index;
  LockReading reading(index, spill);
  try {
    const JsonRead head = read_json_diverting(lock, "files", [&reading](json&& f) { return reading.entry(std::move(f)); });
    if (!head.value || !reading.sealed(*head.value)) return std::nullopt;
  } catch (const std::exception&) {
    return std::nullopt;  // read whole, it says why
  }
  return LockGate(std::move(index), spill);
}

void LockGate::check(const SweptFile& got) {
  const auto it = index_.find(got.path);
  if (it == index_.end()) {
    added_.insert(got.path);
    return;
  }
  it->second.met = true;
  spill_.clear();
  spill_.seekg(static_cast<std::streamoff>(it->second.at));
  std::string line;
  std::getline(spill_, line);
  // Called on the sweep's merging thread: nothing may escape it.
  const json want = json::parse(line, nullptr, /*allow_exceptions=*/false);
  // A path swept twice is compared once, as its last file (gate_differences keeps the last).
  std::vector<std::string> found;
  const LockListing listed = [this](const std::string& path) { return index_.contains(path); };
  if (want.is_discarded()) found.push_back(got.path + ": its lock entry could not be read back from the gate's scratch file");
  else entry_differences(want, got, listed, found);
  if (found.empty()) found_.erase(got.path);
  else found_[got.path] = std::move(found);
}

std::vector<std::string> LockGate::differences(const SweepResult& rest) const {
  std::vector<std::string> out;
  for (const auto& [path, slot] : index_) {
    if (!slot.met) {
      out.push_back(absent_entry_difference(path, rest.unreadable));
    } else if (const auto it = found_.find(path); it != found_.end()) {
      out.insert(out.end(), it->second.begin(), it->second.end());
    }
  }
  for (const std::string& path : added_) out.push_back(path + ": added (not in the manifest)");
  out.insert(out.end(), rest.errors.begin(), rest.errors.end());
  return out;
}

}  // namespace meshgate
