// One negative test per MOD diagnostic code: each registry entry has a
// malformed variant that must raise it, with the severity the registry states.
// Errors reject the file; warnings leave a model whose round trip is exact.
#include <gtest/gtest.h>

#include <set>

#include "corpus_tests/fixtures.hpp"
#include "parser/mod/mod_diagnostic_codes.hpp"
#include "parser/mod/mod_parser.hpp"
#include "synth/mod/mod_synth.hpp"
#include "writer/mod/mod_writer.hpp"

namespace meshgate::mod {
namespace {

constexpr uint64_t kSeeds[] = {1, 7, 20261202};

class Malformed : public ::testing::TestWithParam<DiagnosticCode> {};

TEST_P(Malformed, VariantRaisesItsCode) {
  const DiagnosticCode& code = GetParam();
  for (uint64_t seed : kSeeds) {
    const auto cases = malformed_mod_cases(seed);
    auto it = std::find_if(cases.begin(), cases.end(), [&](const MalformedCase& c) { return c.expected_code == code.code; });
    ASSERT_NE(it, cases.end()) << "no malformed variant for " << code.code;
    const ParseResult r = parse_mod(it->file.bytes);
    auto d = std::find_if(r.diagnostics.begin(), r.diagnostics.end(),
                          [&](const Diagnostic& x) { return x.code == code.code; });
    ASSERT_NE(d, r.diagnostics.end()) << code.code << " not raised for seed " << seed;
    EXPECT_EQ(d->severity, code.severity);
    EXPECT_FALSE(d->message.empty());
    EXPECT_FALSE(d->path.empty());
    EXPECT_LE(d->offset, it->file.bytes.size());
    if (code.severity == Severity::error) {
      EXPECT_FALSE(r.ok());
      EXPECT_EQ(&*d, &r.diagnostics.back()) << "parsing must stop at the first error";
    } else if (r.ok()) {
      const WriteResult w = write_mod(*r.model);
      ASSERT_TRUE(w.ok()) << w.error->message;
      EXPECT_EQ(w.bytes, it->file.bytes) << "warning-only file " << code.code << " must round-trip exactly";
    }
  }
}

INSTANTIATE_TEST_SUITE_P(EveryCode, Malformed, ::testing::ValuesIn(codes::kAll),
                         [](const ::testing::TestParamInfo<DiagnosticCode>& p) {
                           return testing::test_name_for_code(p.param.code);
                         });

TEST(DiagnosticRegistry, CodesAreUniqueStableAndCoveredByVariants) {
  std::set<std::string_view> seen;
  for (const DiagnosticCode& c : codes::kAll) {
    EXPECT_TRUE(seen.insert(c.code).second) << "duplicate " << c.code;
    EXPECT_EQ(c.code.substr(0, 4), "mod.");
    EXPECT_FALSE(c.summary.empty());
  }
  std::set<std::string_view> planted;
  for (const MalformedCase& c : malformed_mod_cases(1)) planted.insert(c.expected_code);
  EXPECT_EQ(planted, seen) << "every registry code needs exactly one malformed variant";
}

TEST(DiagnosticRegistry, ErrorMessagesNameFieldAndOffset) {
  for (const MalformedCase& c : malformed_mod_cases(1)) {
    const ParseResult r = parse_mod(c.file.bytes);
    for (const Diagnostic& d : r.diagnostics) {
      const std::string line = format_diagnostic(c.file.name, d);
      EXPECT_NE(line.find(c.file.name), std::string::npos);
      EXPECT_NE(line.find(d.code), std::string::npos);
      EXPECT_NE(line.find(hex_offset(d.offset)), std::string::npos);
    }
  }
}

}  // namespace
}  // namespace meshgate::mod
