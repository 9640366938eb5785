// Hand-built byte fixtures, LLVM style: each field poked at its file offset
// with a comment, independent of the field tables, so a table that names the
// wrong offset fails these tests instead of agreeing with itself.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <ostream>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include <unistd.h>

#include "parser/core/byte_reader.hpp"
#include "parser/core/diagnostics.hpp"
#include "synth/core/synth_file.hpp"

namespace meshgate {
// GoogleTest prints a DiagnosticCode parameter as its code, not as raw bytes.
inline void PrintTo(const DiagnosticCode& c, std::ostream* os) { *os << c.code; }
}  // namespace meshgate

namespace meshgate::testing {

// A folder of the running test's own under the system's temporary folder,
// removed with everything in it when the object goes. CTest runs the shards of
// one test binary side by side (16 on Linux, 2 under wine), processes that share
// %TEMP%, so a fixed name there is written by two tests at once: the process id
// and the test's name keep them apart.
class OwnTempDir {
 public:
  explicit OwnTempDir(std::string_view prefix) {
    const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
    std::string name(prefix);
    name += "_" + std::to_string(::getpid());
    if (test != nullptr) name += std::string("_") + test->test_suite_name() + "_" + test->name();
    for (char& c : name) {
      if (std::isalnum(static_cast<unsigned char>(c)) == 0 && c != '_' && c != '-') c = '_';
    }
    path_ = std::filesystem::temp_directory_path() / name;
    std::filesystem::create_directories(path_);
  }
  ~OwnTempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  OwnTempDir(const OwnTempDir&) = delete;
  OwnTempDir& operator=(const OwnTempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// "mod.transform_domain.table_range" -> "transform_domain_table_range": a test
// name per code for the parameterised negative tests.
inline std::string test_name_for_code(std::string_view code) {
  std::string name(code.substr(code.find('.') + 1));
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

inline void put(std::vector<std::byte>& b, size_t at, uint64_t v, size_t width) {
  for (size_t i = 0; i < width; ++i) b[at + i] = static_cast<std::byte>((v >> (8 * i)) & 0xFF);
}
inline void put_f32(std::vector<std::byte>& b, size_t at, float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  put(b, at, bits, 4);
}

// The canonical minimal valid MOD of spec §8: 0x260 bytes, zero-filled.
inline std::vector<std::byte> canonical_minimal_mod() {
  std::vector<std::byte> b(0x260);
  // Header.
  b[0] = std::byte{'M'}, b[1] = std::byte{'O'}, b[2] = std::byte{'D'}, b[3] = std::byte{' '};
  put_f32(b, 0x04, 1.01f);      // version
  put(b, 0x10, 1, 1);           // objects
  put(b, 0x11, 1, 1);           // nodes
  put(b, 0x12, 8, 1);           // texture mirror
  put(b, 0x13, 0x5A, 1);        // default joint
  put(b, 0x14, 0x12345678, 4);  // runtime metadata
  put(b, 0x20, 0x200, 8);       // node block offset
  // Object at 0x40.
  put(b, 0x40, 1, 1);           // mesh count
  put(b, 0x41, 0x90, 1);        // alpha
  put(b, 0x42, 1, 2);           // aggregate vertex count
  put(b, 0x48, 0x80, 8);        // mesh table
  put(b, 0x50, 0x00004000, 4);  // flags: nearest filtering
  put_f32(b, 0x70, 10), put_f32(b, 0x74, -20), put_f32(b, 0x78, 30), put_f32(b, 0x7C, 42.5f);
  // Mesh at 0x80.
  put(b, 0x80, 1, 2);  // n
  put(b, 0x82, 7, 2);  // texture slot
  put(b, 0x84, 1, 2), put(b, 0x86, 2, 2), put(b, 0x88, 3, 2), put(b, 0x8A, 4, 2);  // CLAMP
  put(b, 0x90, 0xD0, 8), put(b, 0x98, 0xE0, 8), put(b, 0xA0, 0xF0, 8), put(b, 0xA8, 0x100, 8), put(b, 0xB0, 0x110, 8);
  put(b, 0xC0, 0xA0, 8);  // workspace, record-relative -> 0x120
  // Streams.
  put_f32(b, 0xD0, 1), put_f32(b, 0xD4, 2), put_f32(b, 0xD8, 3);  // position
  put_f32(b, 0xE4, 1);                                             // normal (0, 1, 0)
  put(b, 0xF0, 4096, 2), put(b, 0xF2, 2048, 2);                    // UV
  put(b, 0x110, 0x001F, 2);                                        // one influence, bone 0, q0 = 31
  // Node block at 0x200.
  put(b, 0x200, 0x20, 4), put(b, 0x204, 0x24, 4), put(b, 0x208, 0x28, 4), put(b, 0x20C, 0x30, 4);
  put(b, 0x220, 0xFF, 1);  // parent of position 0: root
  return b;
}

// A format's malformed variant for `code` (from `cases`) raises it with its
// severity at a named field inside the file. An error rejects the file; a
// warning's file parses, is written back byte for byte (`writes_back`: the
// parse result and the bytes), and --strict refuses it. `parse(bytes, strict)`
// is the format's parser.
template <typename Parse, typename WritesBack>
void expect_variant_raises(const DiagnosticCode& code, const std::vector<MalformedCase>& cases, Parse parse,
                           WritesBack writes_back) {
  const auto it = std::find_if(cases.begin(), cases.end(), [&](const MalformedCase& c) { return c.expected_code == code.code; });
  ASSERT_NE(it, cases.end()) << "no malformed variant for " << code.code;
  const Bytes bytes(it->file.bytes);
  const auto r = parse(bytes, false);
  const auto d = std::find_if(r.diagnostics.begin(), r.diagnostics.end(), [&](const Diagnostic& x) { return x.code == code.code; });
  ASSERT_NE(d, r.diagnostics.end()) << code.code;
  EXPECT_FALSE(d->path.empty());
  EXPECT_LE(d->offset, bytes.size());
  EXPECT_EQ(d->severity, code.severity);
  if (code.severity == Severity::error) {
    EXPECT_FALSE(r.ok());
    return;
  }
  ASSERT_TRUE(r.ok()) << code.code;
  EXPECT_TRUE(writes_back(r, bytes)) << code.code << ": not written back byte for byte";
  EXPECT_FALSE(parse(bytes, true).ok()) << "--strict escalates " << code.code;
}

// Whether a writer's output is `bytes`, to the byte.
template <typename Written>
bool same_bytes(const Written& w, Bytes bytes) {
  return w.ok() && std::equal(w.bytes.begin(), w.bytes.end(), bytes.begin(), bytes.end());
}

}  // namespace meshgate::testing
