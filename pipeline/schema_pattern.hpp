// The `pattern` keyword of meshgate's JSON Schemas: whether a string holds a
// match of an ECMAScript regular expression, as std::regex_search says.
//
// Our patterns are anchored ("^[0-9a-f]{64}$", "^0x[0-9a-f]{8}$", an
// alternation of status words joined by "+"), and libstdc++'s std::regex ran
// each match through an executor that allocates per step: 25-110 us a short
// string under ASan, most of a docs_fuzzer run on an input carrying evidence
// and most of model_change_fuzzer's dump check. A pattern of the subset below
// is compiled into a small automaton and run over the string once, one state
// set per character (time linear in the string, memory bounded by the
// pattern, no recursion: a 200 MB string is safe). Any other pattern is left
// to std::regex with its breadth-first executor.
//
// The subset: "^" first, "$" last (or not: a prefix match), literal
// characters, escaped punctuation ("\.", "\+"), classes of characters and
// ranges ("[a-z0-9._-]"), groups with alternatives ("(A|B)"), and the
// quantifiers *, +, ? and {n}.
#pragma once

#include <bitset>
#include <cstdint>
#include <memory>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

namespace meshgate {

class SchemaPattern {
 public:
  explicit SchemaPattern(const std::string& pattern);

  // std::regex_search(text, std::regex(pattern, ECMAScript)).
  [[nodiscard]] bool search(std::string_view text) const;
  // True when the pattern runs on the automaton, false when on std::regex.
  [[nodiscard]] bool compiled() const { return fallback_ == nullptr; }

  struct Step {  // one instruction of the automaton
    enum Kind : uint8_t { kByte, kSplit, kJump, kMatch } kind = kMatch;
    std::bitset<256> bytes;  // kByte: the bytes it takes
    uint32_t next = 0, other = 0;  // kJump: next; kSplit: both
  };

 private:
  std::vector<Step> program_;
  bool to_end_ = false;  // the pattern ends with "$"
  std::unique_ptr<std::regex> fallback_;
};

}  // namespace meshgate
