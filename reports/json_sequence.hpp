// A JSON report written as nlohmann's dump(2) would write it, with one
// top-level array made a piece at a time in order and no count known
// beforehand (json_stream.hpp's ArrayDocument needs element(i)): `each`
// calls `element` once per element, `emit` receives the text in pieces, each
// whole JSON tokens, so a caller can escape it on the way into a page.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace meshgate {

using JsonElementSink = std::function<void(const nlohmann::json& element)>;
void write_json_sequence(const nlohmann::json& head, const std::string& key,
                         const std::function<void(const JsonElementSink& element)>& each,
                         const std::function<void(std::string_view text)>& emit);

// The same for several arrays, each a new member of `head` or of an object
// member of it, named by its keys from the top ({"coverage", "uncovered"}).
struct JsonSequence {
  std::vector<std::string> path;
  std::function<void(const JsonElementSink& element)> each;
};
void write_json_sequences(const nlohmann::json& head, const std::vector<JsonSequence>& sequences,
                          const std::function<void(std::string_view text)>& emit);

}  // namespace meshgate
