#include "reports/lock_writer.hpp"

#include <istream>
#include <ostream>
#include <stdexcept>
#include <string>

#include "reports/evidence.hpp"
#include "reports/json_sequence.hpp"
#include "reports/manifest.hpp"

namespace meshgate {

LockWriter::LockWriter(std::iostream& spill) : spill_(spill) {}

void LockWriter::add(const SweptFile& f) {
  if (!error_.empty()) return;
  // Called on the sweep's merging thread: nothing may escape it.
  try {
    const std::string line = manifest_entry(f).dump() + "\n";
    spill_.write(line.data(), static_cast<std::streamsize>(line.size()));
  } catch (const std::exception& e) {
    error_ = e.what();
    return;
  }
  if (!spill_) {
    error_ = "its scratch file could not be written";
    return;
  }
  ++entries_;
  if (f.nested) return;  // inside its archive's bytes, which the fingerprint covers
  std::string item;
  append_fingerprint_item(item, f.path, f.size, f.sha256);
  fingerprint_.update(lock_text_bytes(item));
}

void LockWriter::for_each_spilled(const std::function<void(const std::string& line)>& each) {
  spill_.flush();
  spill_.clear();
  spill_.seekg(0);
  std::string line;
  for (size_t i = 0; i < entries_; ++i) {
    if (!std::getline(spill_, line)) throw std::runtime_error("the manifest's scratch file could not be read back");
    each(line);
  }
}

const nlohmann::json& LockWriter::head() {
  if (head_) return *head_;
  const nlohmann::json tool = tool_json();
  const std::string fingerprint = fingerprint_.sha256_hex();
  StreamingDigests digest;
  digest.update(lock_text_bytes(lock_digest_header(tool, fingerprint)));
  for_each_spilled([&digest](const std::string& line) {
    digest.update(lock_text_bytes(line));
    digest.update(lock_text_bytes("\n"));
  });
  head_ = nlohmann::json{{"schema", std::string(kManifestSchema)},
                         {"tool", tool},
                         {"fingerprint", fingerprint},
                         {"lock_digest", digest.sha256_hex()}};
  return *head_;
}

void LockWriter::write(std::ostream& out) {
  write_json_sequence(
      head(), "files",
      [this](const JsonElementSink& element) {
        for_each_spilled([&element](const std::string& line) { element(nlohmann::json::parse(line)); });
      },
      [&out](std::string_view text) { out.write(text.data(), static_cast<std::streamsize>(text.size())); });
}

}  // namespace meshgate
