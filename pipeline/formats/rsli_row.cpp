// Nikita RsLi ("NL") libraries (docs/spec/nikita-rsli.md): the decrypted
// table as fields, each entry a member by its name whose decoded bytes are
// descended into like any container's, the lossless write and the §7.3
// rebuild for edits.
#include "pipeline/formats/rows.hpp"

#include <algorithm>
#include <array>
#include <utility>
#include <sstream>
#include <variant>

#include "parser/rsli/rsli_codecs.hpp"
#include "parser/rsli/rsli_kaitai.hpp"
#include "parser/rsli/rsli_parser.hpp"
#include "pipeline/field_listing.hpp"
#include "pipeline/formats/observing.hpp"
#include "pipeline/formats/row_parts.hpp"
#include "pipeline/json_fields.hpp"
#include "writer/rsli/rsli_member_edit.hpp"
#include "writer/rsli/rsli_writer.hpp"

namespace meshgate {

namespace rsli_row {

using nlohmann::json;

const rsli::Library& library_of(const ParsedFile& f) { return *f.as<rsli::ParseResult>()->library; }

uint64_t decoded_bytes(const rsli::Library& library) {
  uint64_t total = 0;
  for (const rsli::Entry& e : library.entries) total += e.decoded.size();
  return total;
}

// Entries whose decoded bytes a format claims: the files nested in the
// library, read where the parse decoded them.
void list_entries(ParsedFile& f, const rsli::Library& library, ParseContext& c) {
  for (size_t i = 0; i < library.entries.size(); ++i) {
    const Bytes decoded(library.entries[i].decoded);
    if (detect_format(decoded.first(std::min(decoded.size(), kMagicProbeBytes))) == Format::unknown) continue;
    f.children.push_back({.name = std::string(rsli::entry_name_view(library.entries[i].record)), .bytes = decoded, .origin = {},
                          .index = i});
  }
  admit_children(f, c.depth, "entries", c.budget);
}

// Decoding is inflating: what the entries decode to is drawn from the
// input's --max-inflated budget, whose rest bounds the parse's own limit.
void parse(ParsedFile& f, ParseContext& c) {
  rsli::ParseOptions options;
  options.strict = c.options.strict;
  const bool budget_bounds = c.budget.inflated_left < options.limits.unpacked_per_load;
  options.limits.unpacked_per_load = std::min(options.limits.unpacked_per_load, c.budget.inflated_left);
  const rsli::ParseResult& r = f.model.emplace<rsli::ParseResult>(rsli::parse_rsli(f.data, options));
  if (!r.ok()) {
    c.budget.exhausted = c.budget.exhausted || budget_bounds;
    return;
  }
  c.budget.inflated_left -= decoded_bytes(*r.library);
  list_entries(f, *r.library, c);
}

void write_back(ParsedFile& f, RoundTripOutcome& out) {
  const rsli::Library& library = library_of(f);
  compare_written(out, f.data, [&](const PartObserver*) { return rsli::write_rsli(library); });
}

json summary_json(const rsli::Library& library) {
  json methods = json::object();
  uint64_t packed = 0;
  for (size_t i = 0; i < library.entries.size(); ++i) {
    const rsli::Entry& e = library.entries[i];
    const auto method = rsli::method_of(e.record.get(rsli::entry::flags));
    const std::string name(method ? rsli::method_name(*method) : "unknown");
    methods[name] = methods.value(name, 0) + 1;
    packed += rsli::packed_bytes(library, i).size();
  }
  return {{"entries", library.entries.size()},
          {"methods", std::move(methods)},
          {"unpacked_bytes", decoded_bytes(library)},
          {"packed_bytes", packed},
          {"presorted", library.header.get(rsli::hdr::presorted) == rsli::kPresorted},
          {"ao_trailer", library.has_trailer},
          {"overlay", library.overlay}};
}

// Each row decrypted, at the offsets of its encrypted bytes, then each
// entry's packed stream as one extent.
json fields_json(const rsli::Library& library) {
  json fields = json::array();
  append_record(fields, "header", 0, library.header);
  for (size_t i = 0; i < library.entries.size(); ++i)
    append_record(fields, "entries[" + std::to_string(i) + "]", rsli::kHeaderSize + i * rsli::kEntrySize,
                  library.entries[i].record);
  for (size_t i = 0; i < library.entries.size(); ++i) {
    const rsli::EntryRecord& r = library.entries[i].record;
    const auto method = rsli::method_of(r.get(rsli::entry::flags));
    fields.push_back({{"path", "entries[" + std::to_string(i) + "].packed"},
                      {"offset", r.get(rsli::entry::data_offset) + library.overlay},
                      {"size", rsli::packed_bytes(library, i).size()},
                      {"type", "packed[" + std::string(method ? rsli::method_name(*method) : "unknown") + "]"},
                      {"value", rsli::entry_name(r)},
                      {"status", status_string(Status::exe_and_corpus_confirmed)}});
  }
  return fields;
}

json inspect(const ParsedFile& f) {
  const rsli::ParseResult& r = *f.as<rsli::ParseResult>();
  json out = inspect_envelope(rsli::kFormatName, f.data, r.ok(), r.diagnostics);
  out["notes"] = diagnostics_json(r.notes);  // §7.2's info observations
  if (!r.ok()) return out;
  out["summary"] = summary_json(*r.library);
  out["fields"] = fields_json(*r.library);
  out["coverage"] = coverage_json(r.coverage, f.data);
  return out;
}

std::string summary_text(const json& report) {
  const auto& s = report["summary"];
  std::ostringstream out;
  out << "  " << s["entries"] << " entries, methods " << s["methods"].dump() << ", " << s["packed_bytes"]
      << " packed bytes decode to " << s["unpacked_bytes"] << (s["ao_trailer"].get<bool>() ? ", AO trailer" : "")
      << "\n";
  return out.str();
}

// §7.3's rebuild with each nested file's own rebuild in place of what its
// entry decoded to (packed again with the entry's method).
CanonicalLayout rebuild(const ParsedFile& f, const ChildRebuild& child) {
  CanonicalLayout out;
  std::vector<std::vector<std::byte>> placed(f.children.size());
  std::vector<rsli::PlainBytes> plain;
  for (size_t k = 0; k < f.children.size(); ++k) {
    placed[k] = child(f.children[k], out);
    plain.push_back({f.children[k].index, placed[k]});
  }
  rsli::Rebuilt rebuilt = rsli::rebuild_rsli(library_of(f), plain);
  if (rebuilt.error) out.error = f.path + ": " + *rebuilt.error;
  else out.bytes = std::move(rebuilt.bytes);
  return out;
}

std::optional<LeafInfo> describe_mark(std::string_view owner, std::string_view leaf) {
  if (owner == "header")
    if (const FieldSpec* f = field_named(rsli::kHeaderSpec.fields, leaf)) return of_field(*f);
  if (leaf == "packed")
    return LeafInfo{Status::exe_and_corpus_confirmed,
                    "an entry's packed stream, in its row's method (§4); decoded, it is the nested file's own map",
                    "bytes", 1, nullptr};
  if (leaf == "ao_trailer")
    return LeafInfo{Status::exe_confirmed, "\"AO\" and the u32 overlay added to every data_offset (§5.2)", "bytes",
                    1, nullptr};
  return std::nullopt;
}

std::vector<MarkLeaf> mark_leaves() { return {{"entries[0]", "packed"}, {"trailer", "ao_trailer"}}; }

// Every entry by its name, in table order, with the bytes it decodes to.
std::vector<ContainerMember> members(const ParsedFile& f) {
  std::vector<ContainerMember> out;
  const rsli::Library& library = library_of(f);
  for (size_t i = 0; i < library.entries.size(); ++i) {
    const rsli::Entry& e = library.entries[i];
    out.push_back({.name = std::string(rsli::entry_name_view(e.record)), .bytes = Bytes(e.decoded), .origin = {},
                   .index = i, .size = e.decoded.size()});
  }
  return out;
}

EditedContainer edit_member(const ParsedFile& f, const MemberEdit& edit) { return rsli::edit_rsli(library_of(f), edit); }

// The tables the parser reads (field_tables).
constexpr std::array kTables = {
    table_ref<rsli::kHeaderSpec>(rsli::kFormatName),
    table_ref<rsli::kEntrySpec>(rsli::kFormatName),
};

const rsli::Library* parsed_library(const ParsedView& v) {
  const auto* r = v.as<rsli::ParseResult>();
  return r && r->ok() ? &*r->library : nullptr;
}

// Its header and rows, and counts: libraries, entries, method=NAME,
// presorted (0xABBA), ao_trailers.
void observe(const ParsedView& v, FileObservation& into) {
  const rsli::Library* library = parsed_library(v);
  if (!library) return;
  FieldObserver& o = into.corpus;
  const std::string_view f = rsli::kFormatName;
  o.observe(library->header);
  o.count(f, "libraries", 1);
  o.count(f, "entries", library->entries.size());
  o.count(f, "presorted", library->header.get(rsli::hdr::presorted) == rsli::kPresorted ? 1 : 0);
  o.count(f, "ao_trailers", library->has_trailer ? 1 : 0);
  // Literals: the observer keeps the keys it is given.
  static constexpr std::array<std::pair<rsli::Method, std::string_view>, 7> kMethodKeys{{
      {rsli::Method::stored, "method=stored"},     {rsli::Method::xor_only, "method=xor"},
      {rsli::Method::lzss, "method=lzss"},         {rsli::Method::xor_lzss, "method=xor+lzss"},
      {rsli::Method::lzhuf, "method=lzhuf"},       {rsli::Method::xor_lzhuf, "method=xor+lzhuf"},
      {rsli::Method::deflate, "method=deflate"},
  }};
  for (const rsli::Entry& e : library->entries) {
    o.observe(e.record);
    const auto method = rsli::method_of(e.record.get(rsli::entry::flags));
    for (const auto& [m, key] : kMethodKeys)
      if (method == m) o.count(f, key, 1);
  }
}

std::string declared_version(const ParsedView& v) {
  const rsli::Library* library = parsed_library(v);
  return library ? std::to_string(library->header.get(rsli::hdr::version)) : "";
}

}  // namespace rsli_row

const FormatRow kRsliRow{.format = Format::rsli,
                         .parse = rsli_row::parse,
                         .inflate_child = nullptr,
                         .write_back = rsli_row::write_back,
                         .read_only_reason = nullptr,
                         .inspect = rsli_row::inspect,
                         .fields = nullptr,
                         .summary_text = rsli_row::summary_text,
                         .rebuild = rsli_row::rebuild,
                         .describe_mark = rsli_row::describe_mark,
                         .export_gltf = nullptr,
                         .lods = 0,
                         .reads_looks = false,
                         .is_look = false,
                         .kaitai = rsli::kaitai_spec,
                         .mark_leaves = rsli_row::mark_leaves,
                         .members = rsli_row::members,
                         .edit_member = rsli_row::edit_member,
                         .field_tables = rsli_row::kTables,
                         .catalogue_order = 10,
                         .observe = rsli_row::observe,
                         .declared_version = rsli_row::declared_version};

}  // namespace meshgate
