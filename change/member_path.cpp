#include "change/member_path.hpp"

#include <algorithm>

#include "parser/nres/nres_parser.hpp"
#include "pipeline/input_scan.hpp"
#include "pipeline/nested_address.hpp"

namespace meshgate {

namespace {

// Levenshtein distance, for naming the members nearest to a missing one.
size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

constexpr size_t kNearestNamed = 5;

std::string nearest_text(const std::vector<ContainerMember>& members, const std::string& asked) {
  if (members.empty()) return " (it holds no member)";
  std::vector<std::pair<size_t, std::string>> ranked;
  for (const ContainerMember& m : members) {
    std::string name = address_name(m);
    ranked.emplace_back(edit_distance(name, asked), std::move(name));
  }
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  std::string text = " (nearest of its " + std::to_string(members.size()) + " members:";
  for (size_t i = 0; i < std::min(ranked.size(), kNearestNamed); ++i) text += (i ? ", " : " ") + ranked[i].second;
  return text + ")";
}

AddressPath stopped(AddressPath path, std::string error, bool limited = false) {
  path.error = std::move(error);
  path.limited = limited;
  return path;
}

}  // namespace

std::string address_name(const ContainerMember& m) { return escape_path_component(m.name); }

std::vector<std::string> address_names(const std::string& nested) {
  std::vector<std::string> names;
  for (size_t start = 0;;) {
    const size_t bang = nested.find('!', start);
    names.push_back(nested.substr(start, bang == std::string::npos ? std::string::npos : bang - start));
    if (bang == std::string::npos) return names;
    start = bang + 1;
  }
}

ParsedFile parse_level(const AddressLevel& level, const ParseTreeOptions& options) {
  ParseTreeOptions own = options;
  own.descend = false;
  own.origin = level.origin;
  return parse_file(level.display, Bytes(level.bytes), own);
}

namespace {
// "a dmc3-pac", "an nres-archive", "an unknown": the format's name after its article.
std::string with_article(std::string_view name) {
  const bool vowel = !name.empty() && std::string_view("aeiou").find(name.front()) != std::string_view::npos;
  return std::string(vowel || name.starts_with("nres") ? "an " : "a ") + std::string(name);
}
}  // namespace

LevelMembers members_of(const ParsedFile& f) {
  LevelMembers out;
  const FormatRow& row = row_of(f.format);
  if (!row.members) {
    out.error = with_article(format_name(f.format)) + " file, not a container: it holds no members";
    return out;
  }
  if (!f.parsed()) {
    out.error = with_article(format_name(f.format)) + " container that does not parse (inspect it for why)";
    return out;
  }
  out.members = row.members(f);
  return out;
}

MemberBytes member_bytes(const ParsedFile& container, const ContainerMember& m, uint64_t limit) {
  MemberBytes out;
  if (!m.inflated) {
    out.bytes.assign(m.bytes.begin(), m.bytes.end());
    return out;
  }
  NestedChild child{.name = m.name, .bytes = {}, .origin = m.origin, .index = m.index, .inflated = true};
  InflatedChild inflated = row_of(container.format).inflate_child(container, child, limit, {});
  if (inflated.problem) out.error = inflated.problem->message;
  else out.bytes = std::move(inflated.bytes);
  return out;
}

const ContainerMember* find_member(const std::vector<ContainerMember>& members, const std::string& asked,
                                   const std::string& container, std::string& error) {
  for (const ContainerMember& m : members)
    if (address_name(m) == asked) return &m;
  std::vector<const ContainerMember*> folded;
  for (const ContainerMember& m : members) {
    const std::string name = address_name(m);
    if (m.origin.nres_type_id && name.size() == asked.size() && nres::compare_names_lowercase(name, asked) == 0)
      folded.push_back(&m);
  }
  if (folded.size() == 1) return folded.front();
  if (folded.size() > 1) {
    error = "\"" + container + "!" + asked + "\" names no member exactly and " + std::to_string(folded.size()) +
            " in another case (NRes names are compared in any case):";
    for (const ContainerMember* m : folded) error += " " + container + "!" + address_name(*m);
    error += "; give one of them exactly";
    return nullptr;
  }
  error = "no member \"" + container + "!" + asked + "\"" + nearest_text(members, asked);
  return nullptr;
}

namespace {

// The walk down `names` from path's last level; `first`: that level already
// parsed (the outer volume read from its file), else it is parsed from its bytes.
AddressPath walk_from(AddressPath path, const ParsedFile* first, const std::vector<std::string>& names,
                      const ParseTreeOptions& options) {
  if (names.size() > options.limits.nested_files)
    return stopped(std::move(path), "the address is " + std::to_string(names.size()) + " files deep, past --max-nested " +
                                        std::to_string(options.limits.nested_files), true);
  uint64_t inflated_left = options.limits.inflated_bytes;
  for (const std::string& name : names) {
    std::optional<ParsedFile> own;
    const ParsedFile& f = first ? *first : own.emplace(parse_level(path.levels.back(), options));
    first = nullptr;
    path.levels.back().format = f.format;
    const std::string& holder = path.levels.back().display;
    const LevelMembers held = members_of(f);
    if (!held.error.empty()) return stopped(std::move(path), holder + " is " + held.error);
    std::string error;
    const ContainerMember* m = find_member(held.members, name, holder, error);
    if (!m) return stopped(std::move(path), error);
    if (m->inflated && m->size > inflated_left)
      return stopped(std::move(path), "\"" + holder + "!" + address_name(*m) + "\" was not read: its " + std::to_string(m->size) +
                                          " bytes would pass --max-inflated", true);
    MemberBytes bytes = member_bytes(f, *m, inflated_left);
    if (!bytes.error.empty()) return stopped(std::move(path), holder + "!" + address_name(*m) + ": " + bytes.error);
    if (m->inflated) inflated_left -= bytes.bytes.size();
    AddressLevel next{.display = holder + "!" + address_name(*m), .bytes = std::move(bytes.bytes), .origin = m->origin,
                      .member = m->index, .inflated = m->inflated};
    next.format = detect_format(Bytes(next.bytes).first(std::min(next.bytes.size(), kMagicProbeBytes)));
    if (next.bytes.size() > options.limits.for_format(next.format))
      return stopped(std::move(path), "\"" + next.display + "\" is " + std::to_string(next.bytes.size()) +
                                          " bytes, past its format's size limit (--max-size)", true);
    path.levels.push_back(std::move(next));
  }
  if (first) {
    path.levels.back().format = first->format;
    return path;
  }
  const ParsedFile last = parse_level(path.levels.back(), options);
  path.levels.back().format = last.format;
  return path;
}

}  // namespace

AddressPath walk_address(const std::string& outer_display, Bytes outer, const std::vector<std::string>& names,
                         const ParseTreeOptions& options) {
  AddressPath path;
  path.levels.push_back({.display = outer_display, .bytes = {outer.begin(), outer.end()}, .origin = options.origin});
  return walk_from(std::move(path), nullptr, names, options);
}

std::shared_ptr<const OuterVolume> open_outer_volume(const std::string& display, const FormatRow& row,
                                                     std::shared_ptr<ByteSource> source,
                                                     const ParseTreeOptions& options, std::string& error) {
  auto outer = std::make_shared<OuterVolume>();
  outer->source = source;
  outer->parsed.path = display;
  outer->parsed.format = row.format;
  outer->parsed.origin = options.origin;
  if (!row.open_in_place || !row.open_in_place(outer->parsed, std::move(source))) {
    error = display + " is a " + std::string(format_name(row.format)) + " container that does not parse (inspect it for why)";
    return nullptr;
  }
  return outer;
}

AddressPath walk_address(const std::string& outer_display, std::shared_ptr<const OuterVolume> outer,
                         const std::vector<std::string>& names, const ParseTreeOptions& options) {
  AddressPath path;
  path.levels.push_back({.display = outer_display, .bytes = {}, .origin = options.origin, .format = outer->parsed.format});
  const ParsedFile* parsed = &outer->parsed;  // held by the path, whatever order the arguments below are made in
  path.outer_volume = std::move(outer);
  return walk_from(std::move(path), parsed, names, options);
}

ParsedFile parse_path_level(const AddressPath& path, size_t j, const ParseTreeOptions& options) {
  if (j == 0 && path.outer_volume) return path.outer_volume->parsed;
  return parse_level(path.levels[j], options);
}

}  // namespace meshgate
