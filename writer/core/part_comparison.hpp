// Judges a write without an image (PartObserver::keep_image false): each part
// the writer hands over is compared with the input it should reproduce. One
// place for the round trip and the round-trip fuzzers' oracle.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <span>

#include "parser/core/byte_reader.hpp"
#include "writer/core/write_result.hpp"

namespace meshgate {

class PartComparison {
 public:
  explicit PartComparison(Bytes input) : input_(input) {}
  PartComparison(const PartComparison&) = delete;  // observer() captures `this`
  PartComparison& operator=(const PartComparison&) = delete;

  // The observer to pass the writer; valid while this object lives.
  [[nodiscard]] PartObserver observer() {
    return {[this](uint64_t offset, std::span<const std::byte> part) { see(offset, part); }, /*keep_image=*/false};
  }
  // Every part equal to the input's bytes at its offset, and the furthest
  // ending exactly at the input's end. With a write that succeeded (every
  // byte of the image emitted), that is an output identical to the input.
  [[nodiscard]] bool all_equal_to_the_end() const { return !differs_ && reach_ == input_.size(); }

 private:
  void see(uint64_t offset, std::span<const std::byte> part) {
    if (differs_ || part.empty()) return;
    differs_ = offset > input_.size() || part.size() > input_.size() - offset ||
               std::memcmp(part.data(), input_.data() + offset, part.size()) != 0;
    reach_ = std::max<uint64_t>(reach_, offset + part.size());
  }

  Bytes input_;
  bool differs_ = false;
  uint64_t reach_ = 0;  // end of the furthest part
};

}  // namespace meshgate
