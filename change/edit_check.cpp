#include "change/edit_check.hpp"

#include <algorithm>
#include <set>

namespace meshgate {

namespace {

// A nested file of the tree before the edit, where its bytes lie in the file.
struct NestedRange {
  std::string path;
  Origin origin;
  uint64_t offset = 0, size = 0;
};

bool touched(const NestedRange& r, const std::vector<FieldEdit>& edits) {
  return std::any_of(edits.begin(), edits.end(),
                     [&](const FieldEdit& e) { return e.offset < r.offset + r.size && r.offset < e.offset + e.size; });
}

// The nested files of `before` whose bytes lie in it (a volume's inflated
// members do not: a volume is never rewritten) and that an edit touches.
std::vector<NestedRange> touched_files(const std::string& name, Bytes before, const std::vector<FieldEdit>& edits,
                                       ParseProfile profile, const Origin& origin) {
  std::vector<NestedRange> out;
  const std::byte* begin = before.data();
  parse_tree(name, before, {.profile = profile, .origin = origin}, [&](ParsedFile& f) {
    if (f.depth == 0 || f.data.data() < begin || f.data.data() + f.data.size() > begin + before.size()) return;
    NestedRange r{f.path, f.origin, static_cast<uint64_t>(f.data.data() - begin), f.data.size()};
    if (touched(r, edits)) out.push_back(std::move(r));
    else f.descend = false;  // nothing under an untouched file is touched
  });
  return out;
}

}  // namespace

std::vector<RoundTripOutcome> edit_outcomes(const std::string& name, Bytes before, Bytes after,
                                            const std::vector<FieldEdit>& edits, ParseProfile profile,
                                            const Origin& origin) {
  std::vector<RoundTripOutcome> out;
  std::set<std::string> own;  // paths round-tripped on their own
  for (const NestedRange& r : touched_files(name, before, edits, profile, origin)) {
    if (r.offset + r.size > after.size()) continue;  // set keeps the layout: cannot happen
    roundtrip_each(r.path, after.subspan(r.offset, r.size), {.profile = profile, .descend = false, .origin = r.origin},
                   [&](const RoundTripOutcome& o, Bytes, const ParsedView&) { out.push_back(o); }, /*hashes=*/false);
    own.insert(r.path);
  }
  roundtrip_each(name, after, {.profile = profile, .origin = origin}, [&](const RoundTripOutcome& o, Bytes, const ParsedView&) {
    if (!own.contains(o.path)) out.push_back(o);
  }, /*hashes=*/false);
  return out;
}

std::vector<FieldEdit> edits_in_outer(std::vector<FieldEdit> edits, uint64_t offset) {
  for (FieldEdit& e : edits) e.offset += offset;
  return edits;
}

}  // namespace meshgate
