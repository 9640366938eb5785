// `meshgate manifest`'s lock written from a sweep that keeps no file: each
// entry is made as the sweep hands its file over and waits, as compact JSON
// one per line, in a spill (a scratch file beside the lock, so memory does
// not grow with the corpus) until the seals are known. The lock begins with
// "files" (dump(2) sorts keys), but its lock_digest covers the fingerprint
// before the entries, and the fingerprint covers every input: neither is
// known before the last file.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <functional>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "analysis/sweep.hpp"
#include "parser/core/hashing.hpp"

namespace meshgate {

class LockWriter {
 public:
  // `spill`: empty, readable and writable, kept by the caller while this lives.
  explicit LockWriter(std::iostream& spill);
  // The file's entry, in sweep order (a SweptFileSink's order).
  void add(const SweptFile& f);
  [[nodiscard]] size_t entries() const { return entries_; }
  // Why an entry could not be spilled (a full disk), empty when every one was;
  // the lock is then not written.
  [[nodiscard]] const std::string& error() const { return error_; }
  // write_manifest_json() of the same files, byte for byte; may be called again
  // (streamed_size, then the write).
  void write(std::ostream& out);

 private:
  const nlohmann::json& head();
  void for_each_spilled(const std::function<void(const std::string& line)>& each);

  std::iostream& spill_;
  StreamingDigests fingerprint_;  // over every input's path, size and sha256 (input_fingerprint)
  size_t entries_ = 0;
  std::string error_;
  std::optional<nlohmann::json> head_;
};

}  // namespace meshgate
