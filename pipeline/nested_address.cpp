#include "pipeline/nested_address.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "parser/core/core_diagnostic_codes.hpp"
#include "pipeline/format_rows.hpp"

namespace meshgate {

namespace {

std::optional<uint64_t> offset_in(Bytes outer, Bytes inner) {
  const std::byte* begin = outer.data();
  const std::byte* end = outer.data() + outer.size();
  if (inner.data() < begin || inner.data() + inner.size() > end) return std::nullopt;  // inflated from a volume
  return static_cast<uint64_t>(inner.data() - begin);
}

std::vector<std::string> split_address(const std::string& nested) {
  std::vector<std::string> names;
  for (size_t start = 0;;) {
    const size_t bang = nested.find('!', start);
    names.push_back(nested.substr(start, bang - start));
    if (bang == std::string::npos) return names;
    start = bang + 1;
  }
}

// The walk toward an address: which files lie on the way (and whether they
// were spelled exactly), what matched at the end, and what the deepest file
// on the way holds instead, for the message.
class AddressWalk {
 public:
  AddressWalk(const std::string& outer_display, const std::string& nested, Bytes outer)
      : names_(split_address(nested)), outer_(outer) {
    deepest_ = outer_display;
  }

  void visit(ParsedFile& f) {
    if (f.depth == 0) {
      on_the_way_[f.path] = {true, f.format};
      return note_cut(f);
    }
    const size_t cut = f.path.rfind('!');
    const auto parent = cut == std::string::npos ? on_the_way_.end() : on_the_way_.find(f.path.substr(0, cut));
    if (parent == on_the_way_.end() || f.depth > names_.size()) {
      f.descend = false;
      return;
    }
    const NameMatch match = match_name(parent->second.format, f, names_[f.depth - 1]);
    if (match == NameMatch::none) {
      if (parent->first == deepest_ && children_.size() < 8) children_.push_back(f.path.substr(cut + 1));
      f.descend = false;
      return;
    }
    const bool exact = parent->second.exact && match == NameMatch::exact;
    if (f.depth < names_.size()) {
      on_the_way_[f.path] = {exact, f.format};
      if (f.depth > deepest_depth_) {
        deepest_ = f.path;
        deepest_depth_ = f.depth;
        children_.clear();
        note_cut(f);
      }
      return;
    }
    f.descend = false;
    if (exact) {
      exact_ = found(f);
      f.stop_walk = true;  // nothing can match better
    } else {
      folded_.push_back(f.path);
      if (folded_.size() == 1) first_folded_ = found(f);
    }
  }

  NestedLookup result(const std::string& target) {
    NestedLookup out;
    if (exact_) out.file = std::move(exact_);
    else if (folded_.size() == 1) out.file = std::move(first_folded_);
    if (out.file) return out;
    if (folded_.size() > 1) {
      out.ambiguous = true;
      out.error = "\"" + target + "\" names no file exactly and " + std::to_string(folded_.size()) +
                  " in another case (NRes names are compared in any case):";
      for (const std::string& p : folded_) out.error += " " + p;
      out.error += "; give one of them exactly";
      return out;
    }
    if (cut_) {  // a limit stopped the walk on the way: whether the file is there is not known
      out.limited = true;
      out.error = cut_address_text(target, deepest_, *cut_);
      return out;
    }
    out.error = "no file \"" + target + "\" in its tree";
    if (!children_.empty()) {
      out.error += " (" + deepest_ + " holds";
      for (size_t i = 0; i < children_.size(); ++i) out.error += (i ? ", " : " ") + children_[i];
      out.error += children_.size() == 8 ? ", ...)" : ")";
    }
    return out;
  }

 private:
  // The deepest file on the way's reading_cut: then nothing is said of what it holds.
  void note_cut(const ParsedFile& f) {
    const Diagnostic* c = reading_cut(f);
    cut_ = c ? std::optional<Diagnostic>(*c) : std::nullopt;
  }

  NestedFile found(const ParsedFile& f) const {
    return NestedFile{f.path, std::vector<std::byte>(f.data.begin(), f.data.end()), f.origin, offset_in(outer_, f.data)};
  }

  std::vector<std::string> names_;  // the nested names asked, outermost first
  Bytes outer_;
  struct OnTheWay {
    bool exact;     // spelled exactly as asked
    Format format;  // its row names its members (match_name)
  };
  std::map<std::string, OnTheWay> on_the_way_;  // by report path
  std::optional<NestedFile> exact_, first_folded_;
  std::vector<std::string> folded_;  // every file the address names only in another case
  std::string deepest_;
  unsigned deepest_depth_ = 0;
  std::vector<std::string> children_;  // of the deepest file on the way, for the message
  std::optional<Diagnostic> cut_;
};

}  // namespace

bool leads_to(const std::string& path, const std::string& target) {
  if (target.size() <= path.size() || target[path.size()] != '!') return false;
  const std::string_view prefix = std::string_view(target).substr(0, path.size());
  if (prefix == path) return true;
  const std::span<const FormatRow* const> rows = format_rows();
  return std::any_of(rows.begin(), rows.end(),
                     [&](const FormatRow* row) { return row->names_alike && row->names_alike(prefix, path); });
}

namespace {

bool cuts_reading(std::string_view code) {
  if (code == core_codes::nested_file_limit.code || code == core_codes::nesting_limit.code) return true;
  for (const FormatRow* row : format_rows())
    for (const DiagnosticCode& cut : row->reading_cuts)
      if (cut.code == code) return true;
  return false;
}

}  // namespace

const Diagnostic* reading_cut(const ParsedFile& f) {
  for (const Diagnostic& d : f.tree_diagnostics)
    if (cuts_reading(d.code)) return &d;
  return nullptr;
}

std::string cut_address_text(const std::string& target, const std::string& holder, const Diagnostic& cut) {
  return "\"" + target + "\" was not read: a limit stopped the walk in " + holder + " before it (" +
         format_diagnostic(holder, cut) + ")";
}

NameMatch match_name(Format container, const ParsedFile& f, std::string_view asked) {
  const size_t cut = f.path.rfind('!');
  const std::string_view name = cut == std::string::npos ? std::string_view(f.path) : std::string_view(f.path).substr(cut + 1);
  if (name == asked) return NameMatch::exact;
  // Only some containers' lookups fold case (FormatRow::names_alike); a
  // volume member or a container slot is named by its bytes.
  if (const auto alike = row_of(container).names_alike; alike && alike(name, asked)) return NameMatch::folded;
  return NameMatch::none;
}

NestedLookup find_nested(const std::string& outer_display, Bytes outer, const std::string& nested,
                         const ParseTreeOptions& options) {
  AddressWalk walk(outer_display, nested, outer);
  parse_tree(outer_display, outer, options, [&](ParsedFile& f) { walk.visit(f); });
  return walk.result(outer_display + "!" + nested);
}

InputBytes read_input_bytes(const InputFile& input, FileReader& reader, const ParseTreeOptions& options) {
  InputBytes in{reader.read(input.path, options.limits), input.display, {}, {}, std::nullopt, {}};
  if (!in.read.ok()) return in;
  if (input.nested.empty()) {
    in.bytes = in.read.bytes;
    return in;
  }
  const std::string outer = input.display.substr(0, input.display.size() - input.nested.size() - 1);
  NestedLookup found = find_nested(outer, in.read.bytes, input.nested, options);
  if (!found.file) {
    in.address_error = std::move(found.error);
    in.address_limited = found.limited;
    return in;
  }
  in.display = found.file->display;
  in.origin = found.file->origin;
  in.bytes = Bytes(in.nested.emplace(std::move(*found.file)).bytes);
  return in;
}

std::vector<std::byte> splice_nested(Bytes outer, uint64_t offset, Bytes edited) {
  if (offset > outer.size() || edited.size() > outer.size() - offset)
    throw std::logic_error("splice_nested: the edited file does not fit where the nested file lay");
  std::vector<std::byte> out(outer.begin(), outer.end());
  std::copy(edited.begin(), edited.end(), out.begin() + static_cast<std::ptrdiff_t>(offset));
  return out;
}

}  // namespace meshgate
