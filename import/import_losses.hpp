// What an import could not carry from glTF into a format, counted by kind,
// the first place named ("meshes[0].primitives[1] vertex 17"): one warning
// line per kind, never one per vertex, and never silent.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace meshgate {

class ImportLosses {
 public:
  void add(const std::string& what, const std::string& where) {
    auto& [count, first] = seen_[what];
    if (count++ == 0) first = where;
  }
  // "WHAT (Nx, first at WHERE)", one line per kind.
  void into(std::vector<std::string>& out) const {
    for (const auto& [what, entry] : seen_)
      out.push_back(what + " (" + std::to_string(entry.first) + "x, first at " + entry.second + ")");
  }

 private:
  std::map<std::string, std::pair<uint64_t, std::string>> seen_;
};

}  // namespace meshgate
