// A JSON report written as nlohmann's dump(2) would write it, with its one
// big array made and written an element at a time: the evidence report and
// the manifest of a 10,000-file corpus list every file, and holding that list
// as a DOM, then as text, took 600 MB where the sweep itself needs 40.
#pragma once

#include <cstddef>
#include <functional>
#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

namespace meshgate {

// A JSON object whose top-level member `key` is an array made on demand:
// element(i) for i < count. `head` holds every other member.
struct ArrayDocument {
  nlohmann::json head;
  std::string key;
  size_t count = 0;
  std::function<nlohmann::json(size_t)> element;
};

// The whole document as a DOM.
[[nodiscard]] nlohmann::json to_json(const ArrayDocument& doc);
// to_json(doc).dump(2) + "\n", byte for byte, holding one element at a time.
void write_json(std::ostream& out, const ArrayDocument& doc);

}  // namespace meshgate
