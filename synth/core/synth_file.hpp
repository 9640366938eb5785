// A generated fixture file and a malformed variant that must raise one code.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace meshgate {

struct SynthFile {
  std::string name;  // relative path inside the output directory
  std::vector<std::byte> bytes;
};

// Receives generated files one at a time (so a corpus of any size costs the
// memory of one file); returns false to stop the generator.
using SynthSink = std::function<bool(SynthFile&& file)>;

// The largest --count a generator accepts: 1,000,000 files is far past any
// test corpus, and a typo'd count (-1, 2^64-1) is a usage error, not a run.
inline constexpr uint64_t kMaxSynthCount = 1'000'000;

// `synth --sort-fold`: how a generator that writes sort tables folds names
// for them (SynthGenerator::takes_sort_fold): as _strcmpi does (lower, what
// the engine expects) or to upper case (what another reader of NRes archives
// does). They differ only for names holding one of [ \ ] ^ _ `.
enum class SortFold { lower, upper };

struct MalformedCase {
  std::string_view expected_code;  // the diagnostic this corruption must raise
  SynthFile file;
};

// A file whose stored values break one semantic invariant (a bound that does
// not contain its vertices, a normal that is not unit length): it parses, and
// the sweep must count the violation.
struct ViolationCase {
  std::string_view invariant;  // the id the sweep must count as violated
  SynthFile file;
};

}  // namespace meshgate
