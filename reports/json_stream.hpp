// A JSON report written as nlohmann's dump(2) would write it, with its one
// big array made and written an element at a time: the evidence report and
// the manifest of a 10,000-file corpus list every file, and holding that list
// as a DOM, then as text, took 600 MB where the sweep itself needs 40.
#pragma once

#include <cstddef>
#include <cstdint>
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

// j.dump(2), except that a string holding bytes that are not UTF-8 prints
// them as U+FFFD instead of throwing. Names from disk and archives are made
// UTF-8 where they enter (utf8_or_escaped); this is the last guard, for any
// text that reaches a report some other way, so a report never aborts.
[[nodiscard]] std::string dump_for_report(const nlohmann::json& j);

// The whole document as a DOM.
[[nodiscard]] nlohmann::json to_json(const ArrayDocument& doc);
// dump_for_report(to_json(doc)) + "\n", byte for byte, holding one element at a time.
void write_json(std::ostream& out, const ArrayDocument& doc);

// How many bytes `write` streams, counted without holding them: a document's
// size, known before it is written for real.
[[nodiscard]] uint64_t streamed_size(const std::function<void(std::ostream&)>& write);

}  // namespace meshgate
