#include "pipeline/parse_tree.hpp"

#include <algorithm>

#include "parser/core/core_diagnostic_codes.hpp"
#include "parser/core/reuse_pool.hpp"
#include "pipeline/format_rows.hpp"
#include "pipeline/input_scan.hpp"
#include "pipeline/row_scratch.hpp"
#include "pipeline/tree_walk.hpp"

namespace meshgate {

bool ParsedFile::parsed() const { return model.facts().ok; }

const CoverageSummary* ParsedFile::coverage() const { return model.facts().coverage; }

bool ParsedFile::ok() const {
  // A file whose nested files were not all read (a budget ran out, a member
  // could not be inflated) did not pass, however well its own bytes parsed.
  return parsed() && std::none_of(tree_diagnostics.begin(), tree_diagnostics.end(),
                                  [](const Diagnostic& d) { return d.severity == Severity::error; });
}

std::vector<Diagnostic> ParsedFile::diagnostics() const {
  const ResultFacts facts = model.facts();
  std::vector<Diagnostic> out = facts.diagnostics ? *facts.diagnostics : std::vector<Diagnostic>{};
  out.insert(out.end(), tree_diagnostics.begin(), tree_diagnostics.end());
  return out;
}

ParsedView ParsedFile::view() const { return {&model}; }

std::string ParsedFile::child_path(const NestedChild& child) const {
  return path + "!" + escape_path_component(child.name);
}

bool at_nesting_limit(unsigned depth) { return depth + 1 >= kMaxNestingDepth; }

void note_nesting_cut(ParsedFile& f, const char* where) {
  f.nesting_cut = true;
  f.tree_diagnostics.push_back({core_codes::nesting_limit.code, Severity::warning, where, 0,
                                "archives nested deeper than " + std::to_string(kMaxNestingDepth) +
                                    " levels are kept as bytes, not descended into"});
}

void note_nested_limit(ParsedFile& f, TreeBudget& budget, const char* where) {
  budget.exhausted = true;
  f.tree_diagnostics.push_back({core_codes::nested_file_limit.code, Severity::error, where, 0,
                                "the input holds more than " + std::to_string(budget.nested_total) +
                                    " nested files (--max-nested); the rest of this table is not read"});
}

void admit_children(ParsedFile& f, unsigned depth, const char* where, TreeBudget& budget) {
  if (f.children.empty()) return;
  if (at_nesting_limit(depth)) return note_nesting_cut(f, where);
  if (f.children.size() > budget.nested_left) {
    f.children.resize(static_cast<size_t>(budget.nested_left));
    note_nested_limit(f, budget, where);
  }
  budget.nested_left -= f.children.size();
}

std::string inflated_limit_text(const TreeBudget& budget, const char* doing) {
  return std::string(doing) + " would take the bytes inflated from the input past " +
         std::to_string(budget.inflated_total) + " (--max-inflated); it is not read";
}

namespace {

// An NRes entry's type names the formats that have no magic (MAT0, WEAR).
Format format_of(Bytes data, const Origin& origin) {
  if (origin.nres_type_id)
    if (const std::optional<Format> typed = format_of_entry_type(*origin.nres_type_id)) return *typed;
  return detect_format(data.first(std::min(data.size(), kMagicProbeBytes)));
}

ParsedFile parse_one(std::string path, Bytes data, const ParseTreeOptions& options, unsigned depth, ScratchSet* scratch,
                     TreeBudget& budget, const Origin& origin) {
  ParsedFile f;
  f.path = std::move(path);
  f.depth = depth;
  f.data = data;
  f.origin = origin;
  f.format = format_of(data, origin);
  ParseContext context{options, depth, scratch, budget};
  row_of(f.format).parse(f, context);
  return f;
}

// What a file's admitted children reserved, given back when a visitor
// chose not to descend into them (a lookup walks one branch only).
void refund_children(TreeBudget& budget, const ParsedFile& f) {
  if (f.nesting_cut) return;  // nothing was reserved
  budget.nested_left += f.children.size();
  for (const NestedChild& c : f.children) budget.inflated_left += c.reserved;
}

}  // namespace

namespace tree_walk {

std::vector<std::byte> walk_inflated(Walk& w, const ParsedFile& container, const NestedChild& child,
                                     std::vector<std::byte> buffer) {
  InflatedChild inflated = row_of(container.format)
                               .inflate_child(container, child, w.options.limits.for_format(child.format), std::move(buffer));
  const unsigned depth = container.depth + 1;
  if (inflated.problem) {
    ParsedFile f;
    f.path = container.child_path(child);
    f.depth = depth;
    f.format = child.format;
    f.tree_diagnostics.push_back(*inflated.problem);
    if (w.enter) w.enter(f);
    if (w.leave) w.leave(f);
    return std::move(inflated.bytes);
  }
  walk(w, container.child_path(child), Bytes(inflated.bytes), depth, child.origin);
  return std::move(inflated.bytes);
}

namespace {

void walk_children(Walk& w, const ParsedFile& f) {
  if (walk_members_on_threads(w, f)) return;
  std::vector<std::byte> buffer;  // one buffer for inflated children in turn (a fresh one each cost page faults)
  for (size_t i = 0; i < f.children.size() && !w.stopped; ++i) {
    const NestedChild& child = f.children[i];
    if (child.inflated)
      buffer = walk_inflated(w, f, child, std::move(buffer));
    else
      walk(w, f.child_path(child), child.bytes, f.depth + 1, child.origin);
  }
}

// The buffers of the models parsed before, on any thread: a walk leases one
// set for its file (parser/core/reuse_pool.hpp).
ReusePool<ScratchSet>& scratch_sets() {
  static ReusePool<ScratchSet> sets;
  return sets;
}

}  // namespace

void walk(Walk& w, std::string path, Bytes data, unsigned depth, const Origin& origin) {
  const ReusePool<ScratchSet>::Lease scratch = scratch_sets().lease();
  ParsedFile f = parse_one(std::move(path), data, w.options, depth, scratch.get(), w.budget, origin);
  if (w.enter) w.enter(f);
  w.stopped = w.stopped || f.stop_walk;
  if (!f.descend) {
    w.note_low_water();
    refund_children(w.budget, f);
  }
  if (w.options.descend && f.descend && !f.nesting_cut) walk_children(w, f);
  if (w.leave) w.leave(f);
  scratch->recycle(f);
}

}  // namespace tree_walk

void release_stream_buffers() { tree_walk::scratch_sets().clear(); }

ParsedFile parse_file(std::string path, Bytes data, const ParseTreeOptions& options, unsigned depth, ScratchSet* scratch) {
  TreeBudget budget = budget_of(options.limits);
  return parse_one(std::move(path), data, options, depth, scratch, budget, options.origin);
}

void parse_tree(const std::string& path, Bytes data, const ParseTreeOptions& options, const ParsedFileVisitor& enter,
                const ParsedFileVisitor& leave) {
  tree_walk::Walk w{options, enter, leave, budget_of(options.limits)};
  tree_walk::walk(w, path, data, 0, options.origin);
}

ParsedCoverage parsed_coverage(const ParsedView& parsed) {
  return parsed.model ? parsed.model->facts().described : ParsedCoverage{};
}

}  // namespace meshgate
