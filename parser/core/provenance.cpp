#include "parser/core/provenance.hpp"

#include <array>

namespace meshgate {

namespace {
constexpr std::array<std::string_view, kStatusCount> kNames = {
    "EXE_CONFIRMED",        "CORPUS_CONFIRMED",    "EXE_AND_CORPUS_CONFIRMED", "STRUCTURAL_CONFIRMED",
    "SEMANTIC_CANDIDATE",   "PRESERVED_UNDECODED", "RESERVED_OBSERVED_ZERO",   "REJECTED",
};
}  // namespace

std::string_view status_name(Status s) { return kNames[static_cast<size_t>(s)]; }

std::string status_string(StatusSet set) {
  std::string out;
  for (int i = 0; i < kStatusCount; ++i) {
    auto s = static_cast<Status>(i);
    if (!set.has(s)) continue;
    if (!out.empty()) out += '+';
    out += status_name(s);
  }
  return out;
}

}  // namespace meshgate
