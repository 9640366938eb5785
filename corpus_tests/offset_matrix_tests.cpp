// The deterministic malformed-offset matrix (runs in CI without libFuzzer):
// for every offset, count, size and index field the parsers read in a set of
// synthetic seeds of every format, and every boundary value of
// fuzz/offset_fields.hpp (0, 1, size-1, size, size+1, next / earlier section,
// unaligned, 0xFFFF, 0xFFFFFFFF, 2^63), the parse must end in a clean coded
// error, or be a valid parse whose round trip is exact. Walks run on every
// accepted model. At least 10,000 cases; the outcome counts are printed.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>

#include "corpus_tests/fixtures.hpp"
#include "fuzz/offset_fields.hpp"
#include "parser/msh/msh_walks.hpp"
#include "pipeline/formats/msh_file.hpp"
#include "pipeline/roundtrip.hpp"
#include "synth/mod/mod_synth.hpp"
#include "synth/msh/msh_synth.hpp"
#include "synth/nres/nres_synth.hpp"

namespace meshgate {
namespace {

struct Seed {
  std::string name;
  std::vector<std::byte> bytes;
};

std::vector<Seed> matrix_seeds() {
  std::vector<Seed> seeds;
  seeds.push_back({"canonical.mod", testing::canonical_minimal_mod()});
  for (const SynthFile& f : mod::synth_mod_corpus(5, 12))
    if (f.bytes.size() < 24 * 1024 && seeds.size() < 4) seeds.push_back({f.name, f.bytes});
  for (const SynthFile& f : nres::synth_nres_corpus(5, 6))
    if (f.bytes.size() < 16 * 1024 && seeds.size() < 7) seeds.push_back({f.name, f.bytes});
  seeds.push_back({"base.msh", msh::export_msh(msh::malformed_base_model())});
  const auto models = msh::synth_msh_corpus(5, 20);
  size_t picked = 0;
  for (const SynthFile& f : models)
    if (f.name.ends_with(".msh") && f.bytes.size() < 12 * 1024 && picked < 3) seeds.push_back({f.name, f.bytes}), ++picked;
  for (const SynthFile& f : models)
    if (f.name.ends_with(".rlb")) {
      seeds.push_back({f.name, f.bytes});
      break;
    }
  return seeds;
}

TEST(OffsetMatrix, EveryBoundaryValueInEveryStructuralFieldFailsCleanlyOrRoundTrips) {
  std::map<std::string, uint64_t> outcomes;
  uint64_t cases = 0, fields = 0;
  for (const Seed& seed : matrix_seeds()) {
    const fuzzing::AttackSurface surface = fuzzing::attack_surface(seed.bytes);
    ASSERT_FALSE(surface.fields.empty()) << seed.name;
    fields += surface.fields.size();
    for (size_t k = 0; k < surface.fields.size(); ++k) {
      const fuzzing::TargetField& f = surface.fields[k];
      uint64_t current = 0;
      for (uint32_t i = 0; i < f.width; ++i) current |= static_cast<uint64_t>(seed.bytes[f.offset + i]) << (8 * i);
      for (uint64_t value : fuzzing::boundary_values(current, seed.bytes.size(), surface.section_starts)) {
        std::vector<std::byte> bytes = seed.bytes;
        fuzzing::poke(bytes, f.offset, f.width, value);
        ++cases;
        const std::string where = seed.name + " " + surface.paths[k] + " = " + std::to_string(value);
        bool any_model = false;
        const auto results = roundtrip_tree(seed.name, bytes, ParseProfile::compatible,
                                            [&](const RoundTripOutcome&, Bytes, const ParsedView& parsed) {
                                              const msh::ParseResult* model = msh_model(parsed);
                                              if (!model || !model->ok()) return;
                                              any_model = true;
                                              for (unsigned block = 0; block < 3; ++block)
                                                (void)msh::triangle_walk(*model->model, {block, 0}, {},
                                                                         [](const msh::TriangleVisit&) {});
                                            });
        const RoundTripOutcome& top = results.front();
        for (const RoundTripOutcome& o : results) {
          for (const Diagnostic& d : o.diagnostics) ASSERT_LE(d.offset, o.size) << where << ": " << d.code;
          if (o.parsed) {
            ASSERT_TRUE(o.identical) << where << " (" << o.path << ") parsed but did not round-trip";
          } else {
            ASSERT_FALSE(o.diagnostics.empty()) << where;
            ASSERT_EQ(o.diagnostics.back().severity, Severity::error) << where;
          }
        }
        const bool warned = std::any_of(top.diagnostics.begin(), top.diagnostics.end(),
                                        [](const Diagnostic& d) { return d.severity == Severity::warning; });
        outcomes[!top.parsed ? "rejected: " + std::string(top.diagnostics.back().code).substr(0, top.diagnostics.back().code.find('.'))
                 : warned   ? "accepted with warnings, identical"
                            : "accepted clean, identical"] += 1;
        outcomes["(models decoded and walked)"] += any_model;
      }
    }
  }
  std::printf("offset matrix: %llu cases over %llu structural fields\n", static_cast<unsigned long long>(cases),
              static_cast<unsigned long long>(fields));
  for (const auto& [outcome, n] : outcomes) std::printf("  %-40s %llu\n", outcome.c_str(), static_cast<unsigned long long>(n));
  EXPECT_GE(cases, 10000u);
  EXPECT_GT(outcomes["accepted clean, identical"] + outcomes["accepted with warnings, identical"], 100u);
}

TEST(OffsetMatrix, AttackSurfaceCoversEveryFormatsRangeFields) {
  auto has = [](const fuzzing::AttackSurface& s, std::string_view path) {
    return std::find(s.paths.begin(), s.paths.end(), path) != s.paths.end();
  };
  const auto mod = fuzzing::attack_surface(testing::canonical_minimal_mod());
  EXPECT_TRUE(has(mod, "header.document_offset"));
  EXPECT_TRUE(has(mod, "objects[0].meshes[0].positions_offset"));
  EXPECT_TRUE(has(mod, "objects[0].meshes[0].element_count"));
  EXPECT_FALSE(has(mod, "nodes.transforms[0].translation_length"));  // a float value, not a range
  const auto model = fuzzing::attack_surface(msh::export_msh(msh::malformed_base_model()));
  for (std::string_view path : {"header.entry_count", "entries[0].data_offset", "entries[0].size", "entries[0].attr1",
                                "res1[1].parent_or_link", "res1[0].slot_index_0", "res2[0].batch_start",
                                "res13[0].index_start", "res13[0].base_vertex", "res7[0].neighbour_0", "res10[0].length"})
    EXPECT_TRUE(has(model, path)) << path;
}

// Two surfaces offer the mutator the same fields and sections.
bool same(const fuzzing::AttackSurface& a, const fuzzing::AttackSurface& b) {
  if (a.section_starts != b.section_starts || a.fields.size() != b.fields.size()) return false;
  for (size_t i = 0; i < a.fields.size(); ++i)
    if (a.fields[i].offset != b.fields[i].offset || a.fields[i].width != b.fields[i].width) return false;
  return true;
}

// The mutator draws from runs, not from the listed fields: the k-th field and
// start over the runs must cover exactly the listed ones, and the section
// neighbours it computes per run must be the ones the sorted list gives, for
// every value from 0 past the end of the file.
TEST(OffsetMatrix, MutationSurfaceDrawsWhatTheListHolds) {
  size_t checked_values = 0, record_runs = 0;
  for (const Seed& seed : matrix_seeds()) {
    const fuzzing::MutationSurface& runs = fuzzing::attack_surface_for_mutation(seed.bytes);
    const fuzzing::AttackSurface listed = fuzzing::attack_surface(seed.bytes, false);
    for (const fuzzing::OffsetRun& r : runs.field_runs()) record_runs += r.count > 1;
    std::vector<std::pair<uint64_t, uint32_t>> drawn;
    for (uint64_t k = 0; k < runs.field_count(); ++k) drawn.emplace_back(runs.field(k).offset, runs.field(k).width);
    std::sort(drawn.begin(), drawn.end());
    drawn.erase(std::unique(drawn.begin(), drawn.end()), drawn.end());
    ASSERT_EQ(drawn.size(), listed.fields.size()) << seed.name;
    for (size_t i = 0; i < drawn.size(); ++i) {
      EXPECT_EQ(drawn[i].first, listed.fields[i].offset) << seed.name << " field " << i;
      EXPECT_EQ(drawn[i].second, listed.fields[i].width) << seed.name << " field " << i;
    }
    std::vector<uint64_t> starts;
    for (uint64_t k = 0; k < runs.start_count(); ++k) starts.push_back(runs.start(k));
    std::sort(starts.begin(), starts.end());
    starts.erase(std::unique(starts.begin(), starts.end()), starts.end());
    EXPECT_EQ(starts, listed.section_starts) << seed.name;
    const uint64_t size = seed.bytes.size();
    for (uint64_t value = 0; value <= size + 2; ++value, ++checked_values)
      ASSERT_EQ(fuzzing::boundary_values(value, size, runs), fuzzing::boundary_values(value, size, listed.section_starts))
          << seed.name << " value " << value;
    for (uint64_t value : {uint64_t{0xFFFF}, uint64_t{0xFFFFFFFF}, uint64_t{1} << 63, ~uint64_t{0}})
      EXPECT_EQ(fuzzing::boundary_values(value, size, runs), fuzzing::boundary_values(value, size, listed.section_starts));
  }
  EXPECT_GT(record_runs, 10u);  // record tables really are runs, not one field each
  EXPECT_GT(checked_values, 10000u);
}

// The fuzz targets hand their parse's marks to the mutator instead of letting
// it parse again; what the mutator then gets must be what its own parse gives,
// for accepted models, rejected models and rejected containers alike.
TEST(OffsetMatrix, RememberedSurfaceIsTheMutatorsOwn) {
  const std::vector<std::byte> model = msh::export_msh(msh::malformed_base_model());
  std::vector<std::vector<std::byte>> inputs = {model, std::vector<std::byte>(model.begin(), model.begin() + 40)};
  std::vector<std::byte> bad_stream = model;
  bad_stream[bad_stream.size() - 64 + 12] = std::byte{0xFF};  // a directory entry's size field: the container's own check
  inputs.push_back(bad_stream);
  for (size_t cut = 64; cut < model.size(); cut += model.size() / 7)
    inputs.emplace_back(model.begin(), model.begin() + static_cast<std::ptrdiff_t>(cut));
  size_t checked = 0;
  for (const auto& bytes : inputs) {
    nres::ParseResult container = nres::parse_nres(bytes, {.copy_payloads = false});
    msh::ParseResult parsed = msh::parse_msh_archive(bytes, container);
    fuzzing::remember_surface(bytes, std::move(fuzzing::mutator_coverage(container, parsed)));
    EXPECT_TRUE(same(fuzzing::list_surface(fuzzing::attack_surface_for_mutation(bytes)), fuzzing::attack_surface(bytes, false))) << bytes.size();
    ++checked;
  }
  auto mod_bytes = testing::canonical_minimal_mod();
  mod::ParseResult m = mod::parse_mod(mod_bytes);
  fuzzing::remember_surface(mod_bytes, std::move(m.coverage_map));
  EXPECT_TRUE(same(fuzzing::list_surface(fuzzing::attack_surface_for_mutation(mod_bytes)), fuzzing::attack_surface(mod_bytes, false)));
  EXPECT_GE(checked, 9u);
}

// A corpus unit the mutator comes back to is parsed once: later requests for
// the same bytes come from the built surfaces, and equal its own parse's; the
// same size with other bytes is another input.
TEST(OffsetMatrix, CorpusUnitsAreParsedOnceForTheMutator) {
  const std::vector<std::byte> model = msh::export_msh(msh::malformed_base_model());
  const std::vector<std::byte> mod_bytes = testing::canonical_minimal_mod();
  std::vector<std::byte> other_mod = mod_bytes;
  other_mod[0x10] ^= std::byte{0x01};  // same size, other bytes
  const std::vector<std::vector<std::byte>> units = {model, mod_bytes, other_mod};
  const fuzzing::MutationSurfaceStats before = fuzzing::mutation_surface_stats();
  const std::vector<std::byte> last_run(mod_bytes.begin(), mod_bytes.begin() + 0x48);
  for (int round = 0; round < 3; ++round)
    for (const auto& unit : units) {
      // What the target ran last is some other input.
      fuzzing::remember_surface(last_run, mod::parse_mod(last_run).coverage_map);
      EXPECT_TRUE(same(fuzzing::list_surface(fuzzing::attack_surface_for_mutation(unit)), fuzzing::attack_surface(unit, false))) << round;
    }
  const fuzzing::MutationSurfaceStats& after = fuzzing::mutation_surface_stats();
  EXPECT_EQ(after.remembered, before.remembered);
  EXPECT_LE(after.parsed - before.parsed, units.size());  // at most once each (earlier tests may have built some)
  EXPECT_EQ((after.parsed - before.parsed) + (after.cached - before.cached), 3 * units.size());
  EXPECT_GE(after.cached - before.cached, 2 * units.size());
  EXPECT_GT(after.cache_bytes, 0u);
}

}  // namespace
}  // namespace meshgate
