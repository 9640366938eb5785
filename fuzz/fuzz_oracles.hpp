// The checks every fuzz target applies, in one place. Each failure prints what
// broke before aborting (simdjson's habit), so a crash report is actionable.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "parser/core/coverage_map.hpp"
#include "parser/core/diagnostics.hpp"
#include "writer/core/part_comparison.hpp"
#include "writer/core/write_result.hpp"

namespace meshgate::fuzzing {

[[noreturn]] inline void fail(const char* what) {
  std::fprintf(stderr, "fuzz oracle: %s\n", what);
  std::abort();
}

// Diagnostics carry a code, a path or code-level location, and an offset inside the input (EOF at most).
inline void check_diagnostics(const std::vector<Diagnostic>& diagnostics, size_t size) {
  for (const Diagnostic& d : diagnostics) {
    if (d.offset > size) {
      std::fprintf(stderr, "%.*s at %s: offset %llu outside a %zu-byte input\n", static_cast<int>(d.code.size()),
                   d.code.data(), d.path.c_str(),
                   static_cast<unsigned long long>(d.offset), size);
      fail("diagnostic offset outside the input");
    }
    if (d.code.empty() || d.message.empty()) fail("diagnostic without code or message");
  }
}

// A rejected parse carries at least one error (a warning may follow it: the
// NRes parser finishes its sort-table and padding checks after a strict-profile error).
inline void check_rejected_with_error(const std::vector<Diagnostic>& diagnostics) {
  if (std::none_of(diagnostics.begin(), diagnostics.end(), [](const Diagnostic& d) { return d.severity == Severity::error; }))
    fail("rejected without an error");
}

// The parser read (marked) only bytes inside the input.
inline void check_marks_inside(const CoverageMap& coverage, size_t size) {
  for (const CoverageMark& m : coverage.marks())
    if (m.end > size || m.begin > m.end) fail("a field mark lies outside the input");
}

inline void check_identical(const WriteResult& written, const uint8_t* data, size_t size) {
  if (!written.ok()) {
    std::fprintf(stderr, "writer: %s\n", written.error->message.c_str());
    fail("the writer refused a model the parser accepted");
  }
  if (written.bytes.size() != size ||
      !std::equal(written.bytes.begin(), written.bytes.end(), reinterpret_cast<const std::byte*>(data)))
    fail("write(parse(x)) != x");
}

// The round trip first judges a model from the parts its writer hands over
// without an image (PartObserver::keep_image false), each compared with the
// input: for a model whose image is identical to the input, every part must
// be equal and the furthest must end exactly at the input's end.
template <typename Write>
void check_parts_without_image(Write&& write, const uint8_t* data, size_t size) {
  PartComparison parts(Bytes(reinterpret_cast<const std::byte*>(data), size));
  const PartObserver observer = parts.observer();
  const WriteResult written = write(&observer);
  if (!written.ok() || !parts.all_equal_to_the_end() || !written.bytes.empty())
    fail("without an image, the writer's parts do not give its identical image's verdict");
}

}  // namespace meshgate::fuzzing
