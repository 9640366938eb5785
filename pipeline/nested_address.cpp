#include "pipeline/nested_address.hpp"

#include <algorithm>
#include <stdexcept>

#include "parser/nres/nres_parser.hpp"

namespace meshgate {

namespace {

bool same_path(const std::string& a, const std::string& b) {
  return a == b || (a.size() == b.size() && nres::compare_names_lowercase(a, b) == 0);
}

// Whether `path` is `target` or a file on the way to it ("a!b" on the way to "a!b!c").
bool on_the_way(const std::string& path, const std::string& target) {
  return target.size() > path.size() && target[path.size()] == '!' && same_path(path, target.substr(0, path.size()));
}

std::optional<uint64_t> offset_in(Bytes outer, Bytes inner) {
  const std::byte* begin = outer.data();
  const std::byte* end = outer.data() + outer.size();
  if (inner.data() < begin || inner.data() + inner.size() > end) return std::nullopt;  // inflated from a volume
  return static_cast<uint64_t>(inner.data() - begin);
}

}  // namespace

NestedLookup find_nested(const std::string& outer_display, Bytes outer, const std::string& nested,
                         const ParseTreeOptions& options) {
  const std::string target = outer_display + "!" + nested;
  NestedLookup out;
  std::vector<std::string> children;  // of the deepest file on the way, for the message
  std::string deepest = outer_display;
  parse_tree(outer_display, outer, options, [&](ParsedFile& f) {
    if (same_path(f.path, target)) {
      out.file = NestedFile{f.path, std::vector<std::byte>(f.data.begin(), f.data.end()), f.origin, offset_in(outer, f.data)};
      f.stop_walk = true;
      return;
    }
    if (f.depth == 0 || on_the_way(f.path, target)) {
      deepest = f.path;
      children.clear();
      return;
    }
    if (f.path.size() > deepest.size() && f.path.compare(0, deepest.size() + 1, deepest + "!") == 0 &&
        f.path.find('!', deepest.size() + 1) == std::string::npos && children.size() < 8)
      children.push_back(f.path.substr(deepest.size() + 1));
    f.descend = false;
  });
  if (out.file) return out;
  out.error = "no file \"" + target + "\" in its tree";
  if (!children.empty()) {
    out.error += " (" + deepest + " holds";
    for (size_t i = 0; i < children.size(); ++i) out.error += (i ? ", " : " ") + children[i];
    out.error += children.size() == 8 ? ", ...)" : ")";
  }
  return out;
}

std::vector<std::byte> splice_nested(Bytes outer, uint64_t offset, Bytes edited) {
  if (offset > outer.size() || edited.size() > outer.size() - offset)
    throw std::logic_error("splice_nested: the edited file does not fit where the nested file lay");
  std::vector<std::byte> out(outer.begin(), outer.end());
  std::copy(edited.begin(), edited.end(), out.begin() + static_cast<std::ptrdiff_t>(offset));
  return out;
}

}  // namespace meshgate
