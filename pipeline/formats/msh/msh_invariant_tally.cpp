// An MSH model's structural invariants: spec §4's items, tallied from the
// parser's diagnostics (a rejected model counts only the item its error
// belongs to), and two observations of OP's on the parsed model.
#include "pipeline/formats/msh/msh_invariant_tally.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include "parser/msh/msh_diagnostic_codes.hpp"
#include "parser/msh/msh_fields.hpp"
#include "parser/msh/msh_parser.hpp"
#include "parser/msh/msh_streams.hpp"
#include "pipeline/formats/msh_file.hpp"

namespace meshgate::msh_row {

namespace {

constexpr std::array kObserved{
    DeclaredInvariant{"msh.batches-tile-res6", "batches cover Res6 contiguously from index 0 to its end (OP)"},
    DeclaredInvariant{"msh.fallback-is-last-key",
                      "an animated node's fallback_key is the last key its frame run names (OP 817/817)"},
};

// Positions fixed at compile time: the §4 items first, then OP's observations.
consteval size_t observed(std::string_view id) {
  for (size_t i = 0; i < kObserved.size(); ++i)
    if (kObserved[i].id == id) return msh::codes::kInvariants.size() + i;
  throw "an undeclared invariant id";
}

// "msh.4.N" and "§4.N text" for each item, made once per process.
std::span<const DeclaredInvariant> structural_invariants() {
  struct Texts {
    std::vector<std::string> ids, descriptions;
    std::vector<DeclaredInvariant> declared;
  };
  static const Texts texts = [] {
    Texts t;
    for (const auto& inv : msh::codes::kInvariants) {
      t.ids.push_back("msh.4." + std::to_string(inv.item));
      t.descriptions.push_back("§4." + std::to_string(inv.item) + " " + std::string(inv.text));
    }
    for (size_t i = 0; i < t.ids.size(); ++i) t.declared.push_back({t.ids[i], t.descriptions[i]});
    t.declared.insert(t.declared.end(), kObserved.begin(), kObserved.end());
    return t;
  }();
  return texts.declared;
}

// Each §4 item: violated where one of its codes fired.
void tally_items(const std::string& file, const msh::ParseResult& r, InvariantRecorder& into) {
  for (size_t item = 0; item < msh::codes::kInvariants.size(); ++item) {
    const auto& inv = msh::codes::kInvariants[item];
    const Diagnostic* hit = nullptr;
    for (const Diagnostic& d : r.diagnostics) {
      for (const DiagnosticCode* c : inv.codes)
        if (c && c->code == d.code) hit = &d;
      if (hit) break;
    }
    // A rejected model was not checked past its error: only the failing item counts.
    if (!r.ok() && !hit) continue;
    into.record(item, hit == nullptr, [&] { return InvariantViolation{file + "!" + hit->path, hit->offset}; });
  }
}

// OP's observations: the batches tile Res6, and an animated node's fallback key is its run's last.
void tally_observed(const std::string& file, const msh::Model& m, InvariantRecorder& into) {
  using msh::BatchStream;
  constexpr size_t kIndexStart = field_index<msh::kBatchSpec>("index_start");
  constexpr size_t kIndexCount = field_index<msh::kBatchSpec>("index_count");
  if (const auto* batches = m.get<BatchStream>(msh::stream_type::batches)) {
    uint64_t next = 0;
    bool contiguous = true;
    for (const msh::BatchRecord& b : batches->batches) {
      contiguous = contiguous && b.get(kIndexStart) == next;
      next = b.get(kIndexStart) + b.get(kIndexCount);
    }
    const uint64_t res13 = m.find(msh::stream_type::batches)->record.get(nres::entry::data_offset);
    into.record(observed("msh.batches-tile-res6"), contiguous && next == msh::model_counts(m).indices,
                [&] { return InvariantViolation{file + "!res13", res13}; });
  }
  const auto* map = m.get<msh::WordStream>(msh::stream_type::frame_map);
  const uint64_t frames = msh::model_counts(m).frames;
  const auto nodes = msh::node_views(m);
  for (size_t n = 0; n < nodes.size(); ++n) {
    const msh::NodeView& v = nodes[n];
    if (v.anim_map_start == msh::kNone || !map || frames == 0 || v.anim_map_start + frames > map->words.size()) continue;
    uint16_t last = 0;
    for (uint64_t f = 0; f < frames; ++f) last = std::max(last, map->words[v.anim_map_start + f]);
    const nres::EntryRecord& res1 = m.find(msh::stream_type::nodes)->record;
    const uint64_t where =
        res1.get(nres::entry::data_offset) + n * res1.get(nres::entry::attr3) + msh::kNodeSpec.fields[3].offset;
    into.record(observed("msh.fallback-is-last-key"), last == v.fallback_key, [&] {
      return InvariantViolation{file + "!res1[" + std::to_string(n) + "].fallback_key", where};
    });
  }
}

// A model, parsed or rejected (one whose container its profile rejected has none to tally).
void tally(const ParsedView& v, const std::string& path, InvariantRecorder& into) {
  const msh::ParseResult* r = msh_model(v);
  if (!r) return;
  tally_items(path, *r, into);
  if (!r->ok()) return;
  tally_semantics(path, *r->model, into);
  tally_observed(path, *r->model, into);
}

}  // namespace

const RowInvariants kInvariants{structural_invariants, semantic_invariants, tally};

}  // namespace meshgate::msh_row
