// Every malformed variant of every generator (`synth FORMAT --malformed`),
// read as the gate reads a file: it is told as a format its generator's
// valid files are (never core.unknown-format), and the code the generator
// planted is raised in its tree, rejecting the file that raises it when the
// code is an error. A corruption that made a file "unknown" would hide the
// format's own diagnostic from every command. The one exception is the
// variant whose magic itself was broken: no format's file any more, it is
// unknown, with a message that names the magic it lacks.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "corpus_tests/fixtures.hpp"
#include "parser/detect/format_detect.hpp"
#include "parser/mot/mot_channels.hpp"
#include "parser/mot/mot_diagnostic_codes.hpp"
#include "parser/mot/mot_parser.hpp"
#include "pipeline/format_rows.hpp"
#include "pipeline/parse_tree.hpp"
#include "synth/generators.hpp"
#include "synth/mod/mod_synth.hpp"

namespace meshgate {
namespace {

constexpr uint64_t kSeeds[] = {7, 20261207};

Format detected(Bytes bytes) { return detect_format(bytes.first(std::min(bytes.size(), kMagicProbeBytes))); }

// The formats a generator's valid files are told as, at every depth of
// their trees (a PNST corpus holds PACs; an MSH is an NRes archive by its
// bytes); unknown is never one (a WEAR table beside a model is known only
// from its container).
std::set<Format> corpus_formats(const SynthGenerator& g, uint64_t seed) {
  std::set<Format> formats;
  g.corpus(seed, 3, SortFold::lower, [&](SynthFile&& file) {
    formats.insert(detected(file.bytes));
    parse_tree(file.name, file.bytes, {}, [&](ParsedFile& f) { formats.insert(f.format); });
    return true;
  });
  formats.erase(Format::unknown);
  return formats;
}

// `f` is one of `formats`, or read by the same parser as one.
bool is_one_of(Format f, const std::set<Format>& formats) {
  return std::any_of(formats.begin(), formats.end(), [&](Format g) { return f == g || row_of(f).parse == row_of(g).parse; });
}

// The variants that are made to be another format's file: NRes's
// unsupported-container is an RsLi header, which the walk reads as the
// RsLi library it is (the NRes parser's refusal of it is NresMalformed's).
Format other_formats_file(std::string_view code) {
  return code == "nres.unsupported-container" ? Format::rsli : Format::unknown;
}

// Whether the file holds a magic or marker of one of `formats`.
bool holds_a_magic_of(Bytes bytes, const std::set<Format>& formats) {
  for (const Format f : formats)
    for (const Magic& m : identity_of(f).magics)
      if (has_magic(bytes, m)) return true;
  return false;
}

struct Raised {
  Diagnostic diagnostic;
  bool file_ok;  // the file of the tree that raised it parsed
};

// Every diagnostic of the file's tree, as the gate's walk finds them.
std::vector<Raised> tree_diagnostics(const SynthFile& file) {
  std::vector<Raised> out;
  parse_tree(file.name, file.bytes, {}, [&](ParsedFile& f) {
    if (f.depth == 0) {
      EXPECT_NE(f.format, Format::unknown) << f.path << " is reported as core.unknown-format";
    }
    for (Diagnostic& d : f.diagnostics()) out.push_back({std::move(d), f.ok()});
  });
  return out;
}

bool is_binding_code(std::string_view code) {
  return std::any_of(mot::codes::kBinding.begin(), mot::codes::kBinding.end(),
                     [&](const DiagnosticCode& c) { return c.code == code; });
}

// A MOT x MOD code is the pair's: the motion parses alone, and binding it to
// the first model of the seed's actor corpus (what malformed_actor_cases
// builds it against) raises the code.
void expect_binding_code(const MalformedCase& c, uint64_t seed) {
  const mot::ParseResult parsed = mot::parse_mot(c.file.bytes);
  ASSERT_TRUE(parsed.ok()) << c.file.name;
  const std::vector<Diagnostic> bound = mot::bind_diagnostics(*parsed.motion, mod::random_mod_description(seed, 0).nodes.size());
  EXPECT_TRUE(std::any_of(bound.begin(), bound.end(), [&](const Diagnostic& d) { return d.code == c.expected_code; }))
      << c.file.name << " does not raise " << c.expected_code;
}

void expect_planted_code(const MalformedCase& c) {
  const std::vector<Raised> raised = tree_diagnostics(c.file);
  const auto it = std::find_if(raised.begin(), raised.end(), [&](const Raised& r) { return r.diagnostic.code == c.expected_code; });
  ASSERT_NE(it, raised.end()) << c.file.name << " does not raise " << c.expected_code << "; it raises "
                              << (raised.empty() ? std::string("nothing") : std::string(raised.front().diagnostic.code));
  if (it->diagnostic.severity == Severity::error) {
    EXPECT_FALSE(it->file_ok) << c.file.name << ": an error that rejects nothing";
  }
}

// A variant whose magic is what was broken ("MOD " made "XOD ") is no
// format's file: core.unknown-format, whose message names the magic it
// lacks. Its parser's own code for it is the per-format suites' (a MOD read
// as one raises mod.header-fields).
void expect_unknown_naming_the_magic(const MalformedCase& c, const std::set<Format>& formats) {
  const ParsedFile f = parse_file(c.file.name, c.file.bytes);
  ASSERT_EQ(f.format, Format::unknown);
  const std::vector<Diagnostic> d = f.diagnostics();
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].code, "core.unknown-format");
  for (const Format g : formats)
    for (const Magic& m : identity_of(g).magics)
      EXPECT_NE(d[0].message.find(magic_text(m)), std::string::npos) << d[0].message;
}

class MalformedVariants : public ::testing::TestWithParam<const SynthGenerator*> {};

TEST_P(MalformedVariants, AreToldAsTheirFormatAndRaiseTheirCode) {
  const SynthGenerator& g = *GetParam();
  for (const uint64_t seed : kSeeds) {
    const std::set<Format> formats = corpus_formats(g, seed);
    ASSERT_FALSE(formats.empty()) << g.name;
    const std::vector<MalformedCase> cases = g.malformed(seed);
    ASSERT_FALSE(cases.empty()) << g.name;
    for (const MalformedCase& c : cases) {
      SCOPED_TRACE(std::string(g.name) + " seed " + std::to_string(seed) + ": " + c.file.name);
      const Format f = detected(c.file.bytes);
      if (const Format other = other_formats_file(c.expected_code); other != Format::unknown) {
        EXPECT_EQ(f, other) << "told as " << format_name(f);
        EXPECT_EQ(parse_file(c.file.name, c.file.bytes).format, other);
        continue;
      }
      if (f == Format::unknown && !holds_a_magic_of(c.file.bytes, formats)) {
        expect_unknown_naming_the_magic(c, formats);
        continue;
      }
      EXPECT_TRUE(is_one_of(f, formats)) << "told as " << format_name(f) << ", not as a " << g.name << " file";
      if (is_binding_code(c.expected_code)) expect_binding_code(c, seed);
      else expect_planted_code(c);
    }
  }
}

std::vector<const SynthGenerator*> every_generator() {
  std::vector<const SynthGenerator*> out;
  for (const SynthGenerator& g : synth_generators()) out.push_back(&g);
  return out;
}

INSTANTIATE_TEST_SUITE_P(EveryGenerator, MalformedVariants, ::testing::ValuesIn(every_generator()),
                         [](const ::testing::TestParamInfo<const SynthGenerator*>& p) { return std::string(p.param->name); });

}  // namespace
}  // namespace meshgate
