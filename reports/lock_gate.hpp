// `meshgate gate` against a lock read an entry at a time and a sweep that
// keeps no file: each swept file is compared with its entry as the sweep
// hands it over, and forgotten. The lock is never a DOM (the gate of a
// 10,000-file install held the lock's text, its DOM, a copy of every entry
// and every swept file at once: 283 MB). Its entries wait, as compact JSON
// one per line, in a spill (a scratch file); what stays in memory is an
// index of their paths, where each is in the spill and whether a file met
// it, and the differences found.
//
// Only a sound lock is read this way; for one that is not (or cannot be
// read), open_lock_gate() gives nothing and the caller reads it whole, as
// gate_differences does, so that every message stays what it was.
#pragma once

#include <cstdint>
#include <istream>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "analysis/sweep.hpp"

namespace meshgate {

class LockGate {
 public:
  struct Slot {
    uint64_t at = 0;   // where the entry's line begins in the spill
    bool met = false;  // a swept file of this path was checked
  };
  using Index = std::map<std::string, Slot, std::less<>>;
  LockGate(Index index, std::iostream& spill) : index_(std::move(index)), spill_(spill) {}

  // The swept file, in sweep order (a SweptFileSink).
  void check(const SweptFile& got);
  // gate_differences(the lock, the sweep) for the files check() met: by path,
  // then the files the lock lacks, then the sweep's errors.
  [[nodiscard]] std::vector<std::string> differences(const SweepResult& rest) const;

 private:
  Index index_;
  std::iostream& spill_;
  std::map<std::string, std::vector<std::string>, std::less<>> found_;  // entries that differ
  std::set<std::string> added_;  // swept files the lock does not list
};

// The lock's index when lock_problems() would find nothing in it (schema,
// unique paths, fingerprint, lock_digest), read as a stream; nullopt when it
// is not, or is not JSON read_json accepts. `spill`: empty, readable and
// writable, kept by the caller while the gate lives.
[[nodiscard]] std::optional<LockGate> open_lock_gate(std::istream& lock, std::iostream& spill);

}  // namespace meshgate
