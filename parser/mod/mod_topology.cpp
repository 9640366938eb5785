#include "parser/mod/mod_topology.hpp"

#include "parser/mod/mod_skin.hpp"

namespace meshgate::mod {

namespace {
bool continues(std::span<const uint16_t> words, size_t i) {
  return i > 1 && (words[i] & kTopologyBreakMask) == 0;
}
}  // namespace

std::vector<std::array<uint16_t, 3>> strip_triangles(std::span<const uint16_t> words) {
  std::vector<std::array<uint16_t, 3>> out;
  for (size_t i = 2; i < words.size(); ++i) {
    if (continues(words, i))
      out.push_back({static_cast<uint16_t>(i - 2), static_cast<uint16_t>(i - 1), static_cast<uint16_t>(i)});
  }
  return out;
}

std::vector<uint16_t> generate_postload_words(std::span<const uint16_t> words) {
  std::vector<uint16_t> out;
  bool in_run = false;
  bool earlier_run = false;
  uint16_t previous_run_last = 0;
  for (size_t i = 0; i < words.size(); ++i) {
    if (!continues(words, i)) {
      in_run = false;  // a non-continuing index ends the current run
      continue;
    }
    const auto idx = static_cast<uint16_t>(i);
    if (!in_run) {
      if (earlier_run) {
        out.push_back(previous_run_last);
        out.push_back(static_cast<uint16_t>(idx - 2));
      }
      out.push_back(static_cast<uint16_t>(idx - 2));
      out.push_back(static_cast<uint16_t>(idx - 1));
      in_run = true;
      earlier_run = true;
    }
    out.push_back(idx);
    previous_run_last = idx;
  }
  return out;
}

bool has_no_area(const std::array<float, 3>& a, const std::array<float, 3>& b, const std::array<float, 3>& c) {
  const double ux = b[0] - a[0], uy = b[1] - a[1], uz = b[2] - a[2];
  const double vx = c[0] - a[0], vy = c[1] - a[1], vz = c[2] - a[2];
  const double cx = uy * vz - uz * vy, cy = uz * vx - ux * vz, cz = ux * vy - uy * vx;
  return cx * cx + cy * cy + cz * cz == 0.0;
}

}  // namespace meshgate::mod
