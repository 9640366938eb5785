// The provenance vocabulary of docs/spec/provenance.md. A field carries one
// primary status, optionally combined with others as the DMC3 docs write them
// ("EXE_CONFIRMED + RESERVED_OBSERVED_ZERO + PRESERVED_UNDECODED"), so a field's
// status is a small set whose first member (in declaration order) is primary.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace meshgate {

enum class Status : uint8_t {
  exe_confirmed,
  corpus_confirmed,
  exe_and_corpus_confirmed,
  structural_confirmed,
  semantic_candidate,
  preserved_undecoded,
  reserved_observed_zero,
  rejected,
};
inline constexpr int kStatusCount = 8;

[[nodiscard]] std::string_view status_name(Status s);

class StatusSet {
 public:
  constexpr StatusSet() = default;
  constexpr StatusSet(Status s) : bits_(static_cast<uint8_t>(1u << static_cast<unsigned>(s))) {}  // NOLINT implicit

  [[nodiscard]] constexpr bool has(Status s) const { return (bits_ >> static_cast<unsigned>(s)) & 1u; }
  [[nodiscard]] constexpr bool empty() const { return bits_ == 0; }
  [[nodiscard]] constexpr uint8_t bits() const { return bits_; }

  // Writer policy (provenance.md): the bytes of anything not positively decoded
  // are carried raw. Typed fields are re-encoded from their values.
  [[nodiscard]] constexpr bool keeps_raw_bytes() const {
    return has(Status::preserved_undecoded) || has(Status::reserved_observed_zero) ||
           has(Status::semantic_candidate);
  }

  friend constexpr StatusSet operator|(StatusSet a, StatusSet b) {
    StatusSet r;
    r.bits_ = static_cast<uint8_t>(a.bits_ | b.bits_);
    return r;
  }
  friend constexpr bool operator==(StatusSet, StatusSet) = default;

 private:
  uint8_t bits_ = 0;
};

constexpr StatusSet operator|(Status a, Status b) { return StatusSet(a) | StatusSet(b); }

// "EXE_CONFIRMED+RESERVED_OBSERVED_ZERO+PRESERVED_UNDECODED": members in declaration order.
[[nodiscard]] std::string status_string(StatusSet set);

}  // namespace meshgate
