// A JSON report written as nlohmann's dump(2) would write it, with its one
// big array made and written an element at a time: the evidence report and
// the manifest of a 10,000-file corpus list every file, and holding that list
// as a DOM, then as text, took 600 MB where the sweep itself needs 40.
#pragma once

#include <cstddef>
#include <functional>
#include <ostream>
#include <string_view>

#include <nlohmann/json.hpp>

namespace meshgate {

// Writes `doc` plus the top-level member `key` (not in `doc`), an array whose
// element i is element(i) for i < count, and a final newline: byte for byte
// what (doc with that member).dump(2) + "\n" would be.
void write_json_streaming_array(std::ostream& out, nlohmann::json doc, std::string_view key, size_t count,
                                const std::function<nlohmann::json(size_t)>& element);

}  // namespace meshgate
