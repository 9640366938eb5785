// One row per format: everything meshgate does with a file of that format
// once its identity (parser/detect/format_detect.hpp) has named it. The tree
// walk, the round trip, inspect, diff and rebuild read a file only through
// its row, so no command branches on the format, and a new format is its
// parser and writer folders, its row file in pipeline/formats/ and one line
// in the table (format_rows.cpp). The registry test checks that every Format
// has a complete row.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "observe/invariant_recorder.hpp"
#include "observe/table_ref.hpp"
#include "observe/uv_range.hpp"
#include "parser/core/kaitai_spec.hpp"
#include "pipeline/parse_tree.hpp"
#include "pipeline/field_listing_groups.hpp"
#include "pipeline/in_place_edit.hpp"
#include "pipeline/leaf_info.hpp"
#include "pipeline/row_images.hpp"
#include "pipeline/row_scratch.hpp"
#include "pipeline/tree_budget.hpp"
#include "writer/core/member_edit.hpp"
#include "writer/core/write_result.hpp"

namespace meshgate {

struct RoundTripOutcome;
class FieldObserver;
struct GltfImporter;
struct EncodedTexture;
struct TextureEncodeOptions;
namespace gltf {
struct ExportOptions;
struct Exported;
}  // namespace gltf

// What a row's parse may use beyond the file: the run's options, the
// buffers of the models parsed before it (none outside a tree walk), and
// the input's budgets that admitting children draws on.
struct ParseContext {
  const ParseTreeOptions& options;
  unsigned depth;
  ScratchSet* scratch;
  TreeBudget& budget;
};

// The scratch of `format`'s row as the type its FormatRow::scratch makes
// (a row asks for its own, or for the format its parse makes the file);
// nullptr outside a tree walk.
template <class Scratch>
[[nodiscard]] Scratch* scratch_of(const ParseContext& c, Format format) {
  return c.scratch ? static_cast<Scratch*>(c.scratch->of(format)) : nullptr;
}

// A file laid out afresh (rebuild --canonical), with what the fresh layout
// could not carry and what it found, each line "path: what".
struct CanonicalLayout {
  std::vector<std::byte> bytes;
  std::vector<std::string> not_placed;
  std::vector<std::string> notes;
  std::optional<std::string> error;
};
// The bytes a container's rebuild places for the child that lies at
// `original` (its own rebuild, or its bytes as they were, with the reason
// in not_placed).
using ChildRebuild = std::function<std::vector<std::byte>(const NestedChild& child, CanonicalLayout& into)>;

// A volume member inflated for its visit: its bytes, or why it could not be.
struct InflatedChild {
  std::vector<std::byte> bytes;
  std::optional<Diagnostic> problem;
};

// A part of a file by its name after the file's address and its byte span.
struct FilePart {
  std::string name;
  uint64_t offset = 0, size = 0;
};

// A member of a container as an address names it (extract, replace, add,
// remove): every member, not only those the tree walk descends into.
struct ContainerMember {
  std::string name;      // "slot_0003", an NRes entry's name, a volume member's path, a PTX entry's index
  Bytes bytes;           // where it lies in the container; empty when `inflated`
  Origin origin;         // what the container says of it
  size_t index = 0;      // in the container's own table (MemberEdit::member)
  bool inflated = false;  // a volume member: its bytes come from the row's inflate_child
  uint64_t size = 0;     // its bytes' size (a volume member's as its directory declares)
  // A digest its container stores (a volume member's CRC-32, size and
  // method), compared instead of its bytes so that proving a rewrite never
  // inflates the untouched members; empty: its bytes are digested.
  std::string stored_digest = {};
};

// What a sweep learns from one parsed file beyond its round trip: the
// corpus's observations it adds to, its UV range, and its report path (a
// Texm entry's name is its last component).
struct FileObservation {
  FieldObserver& corpus;
  std::optional<UvRange>& uv_range;
  const std::string& path;
};

// A member's digest as its container stores it (a volume's central
// directory), for a member read or not.
struct StoredDigest {
  std::string name;    // as stored (a report path escapes it)
  uint64_t size = 0;   // declared uncompressed size
  uint32_t crc32 = 0;  // declared CRC-32 of the uncompressed bytes
};

// The invariants a sweep tallies on a format's files (analysis/
// invariant_tally.hpp numbers and reports them): structural ones (relations
// between bytes, offsets and counts) and semantic ones (between decoded
// values, each with its largest deviation), each list in declaration order.
// `tally` records a file's instances, parsed or rejected, into them by their
// positions in these lists.
struct RowInvariants {
  std::span<const DeclaredInvariant> (*structural)();
  std::span<const DeclaredInvariant> (*semantic)();
  void (*tally)(const ParsedView& v, const std::string& path, InvariantRecorder& into);
};

struct FormatRow {
  Format format;
  // Reads f.data into f.model (and f.format: an NRes archive of model
  // streams is a model), then lists and admits the children to descend into.
  void (*parse)(ParsedFile& f, ParseContext& context);
  // A volume member's bytes, inflated under `limit` into `buffer` (reused
  // from member to member); nullptr for formats whose children lie in place.
  InflatedChild (*inflate_child)(const ParsedFile& f, const NestedChild& child, uint64_t limit,
                                 std::vector<std::byte> buffer);
  // Writes the file from its model and compares it with its bytes
  // (compare_written); nullptr: the format is read, never written.
  void (*write_back)(ParsedFile& f, RoundTripOutcome& out);
  // Why a file of this format is never rewritten (nullptr when it is).
  const char* read_only_reason;
  // `inspect --json`: {format, size, xxh3_64, parse_ok, diagnostics,
  // summary, coverage, fields}; without "fields" when `fields` lists them.
  nlohmann::json (*inspect)(const ParsedFile& f);
  // The fields a group at a time, for formats whose listing is too large to
  // hold as one JSON DOM (an MSH model's ~700,000); nullptr: the report's
  // "fields". `outlives_file`: the listing keeps a copy of what it reads.
  FieldListing (*fields)(const ParsedFile& f, bool outlives_file);
  // The text report's summary lines ("  12 entries, ...\n"), from `inspect`'s
  // report of a parsed file.
  std::string (*summary_text)(const nlohmann::json& report);
  // rebuild --canonical of a parsed file; children come from `child`.
  CanonicalLayout (*rebuild)(const ParsedFile& f, const ChildRebuild& child);
  // What a coverage leaf of this format's maps holds, when it is not a
  // record field (a stream, an array, a payload); nullptr: none are.
  std::optional<LeafInfo> (*describe_mark)(std::string_view owner, std::string_view leaf);
  // A model export and view take, as glTF; nullptr for other formats.
  gltf::Exported (*export_gltf)(const ParsedFile& f, const gltf::ExportOptions& options);
  // The levels of detail view shows (an MSH model's slot groups); 1: the model as one.
  unsigned lods;
  // Its look is read from the game's libraries (Material.lib, Textures.lib, WEAR).
  bool reads_looks;
  // A texture, a material or a WEAR table: what a model's look reads.
  bool is_look;
  // The images `meshgate texture` writes from a parsed file, by the name
  // after its address: {""} for a texture that is one image, the entry
  // numbers of a companion; nullptr: the format holds none.
  std::vector<std::string> (*image_names)(const ParsedFile& f) = nullptr;
  // Image `name` (one of image_names) decoded, or why not.
  DecodedImage (*decode_image)(const ParsedFile& f, std::string_view name, const ImageRequest& request) = nullptr;
  // Parts of a parsed file that are not files of their own but have an
  // address (a companion's entries, "tex.ptx!3"): a lock digests each, so
  // the gate names the part that changed. nullptr: the format has none.
  std::vector<FilePart> (*parts)(const ParsedView& v) = nullptr;
  // The format as a Kaitai Struct spec (`meshgate spec FORMAT --kaitai`); nullptr: none yet.
  ksy::Spec (*kaitai)() = nullptr;
  // Every leaf describe_mark describes (the report's references list them,
  // so a page names every mark); nullptr when describe_mark is.
  std::vector<MarkLeaf> (*mark_leaves)() = nullptr;
  // A container's members in table order (ContainerMember); nullptr: the
  // format holds none an address can name.
  std::vector<ContainerMember> (*members)(const ParsedFile& f) = nullptr;
  // The container with one member replaced, added or removed, under the
  // format's rule (docs/spec/); set wherever `members` is. A kind not written
  // yet answers EditedContainer::unsupported.
  EditedContainer (*edit_member)(const ParsedFile& f, const MemberEdit& edit) = nullptr;
  // The import that builds a file of this format from a glTF (import/<format>/
  // <format>_importer.hpp): `import --as` its name, and what `replace`
  // converts a glTF put in place of such a member with (change/
  // gltf_conversion.hpp); nullptr: none.
  const GltfImporter* gltf_import = nullptr;
  // A container replace, add and remove open in place (a volume of any
  // size, never read whole): `f` parsed over positioned reads of `source`,
  // its members listed and f.data empty; false when it does not parse.
  // nullptr: the command reads the file whole. Set only where `members` is.
  bool (*open_in_place)(ParsedFile& f, std::shared_ptr<ByteSource> source) = nullptr;
  // An edit of a container open_in_place opened (`f`, over `source`),
  // planned (pipeline/in_place_edit.hpp): what is new made, every other
  // part to be copied from `source` as it lies. Set wherever open_in_place is.
  PlannedInPlace (*plan_in_place)(const ParsedFile& f, ByteSource& source, const MemberEdit& edit) = nullptr;
  // The read-back check of such an edit: why `written` does not hold every
  // part the edit leaves alone exactly as it lies in `was` (compared byte
  // for byte, a chunk at a time), or nothing. `edit` names the member edited
  // as the proof knows it (its kind, its index in `was`), not as the plan says.
  std::optional<std::string> (*check_in_place)(ByteSource& was, ByteSource& written, const MemberEdit& edit) = nullptr;

  // The field tables its parser reads, catalogued under its name: the
  // sweep's observations, the evidence report's field tables, the Markdown
  // doc tables and the report pages' references list them
  // (analysis/field_catalog.hpp). Empty: none of its own (a volume; a PNST
  // fills the PAC's, named in `fills_tables_of`).
  std::span<const TableRef> field_tables = {};
  // Where its tables stand in the catalogue, which lists them in the order
  // the formats joined it (reports print tables in this order, and a report
  // page's marks name tables by position): a new format takes the next number.
  unsigned catalogue_order = 0;
  // Other formats whose tables a parsed file of this one fills (an MSH
  // model's container records are NRes's; a PNST's are the PAC's): the
  // evidence report shows their tables when it shows this format's files.
  std::span<const Format> fills_tables_of = {};
  // A sweep's observations of a parsed file: its records into the corpus's
  // field statistics, its counts and versions, its UV range (a model).
  // nullptr: the file adds its round trip and coverage only (a volume,
  // whose members are observed).
  void (*observe)(const ParsedView& v, FileObservation& into) = nullptr;
  // The version a file declares, as the evidence prints it ("" when none);
  // nullptr: its format declares none.
  std::string (*declared_version)(const ParsedView& v) = nullptr;
  // The digests a container stores of its file members, every one read or
  // not (a volume's central directory, in its order): the evidence and a
  // lock record them, so the gate names an opaque member that changed
  // without meshgate inflating it. nullptr: it stores none.
  std::vector<StoredDigest> (*stored_digests)(const ParsedView& v) = nullptr;
  // The invariants a sweep tallies on its files; nullptr: none. Rows that
  // read one parser's files share them (PAC and PNST): the row with a place
  // in the catalogue declares them, and they are reported in its order.
  const RowInvariants* invariants = nullptr;
  // The buffers its parser refills from the models parsed before it
  // (pipeline/row_scratch.hpp): the tree walk keeps one per thread and
  // recycles each file of this format into it. nullptr: its parser
  // allocates its own each time.
  std::unique_ptr<RowScratch> (*scratch)() = nullptr;
  // Whether `asked`, not the name of one of its members as its table holds
  // it (`name`), names that member all the same (an NRes entry's name in
  // any case: the engine looks entries up with _strcmpi); nullptr: a member
  // is named by its bytes only.
  bool (*names_alike)(std::string_view name, std::string_view asked) = nullptr;
  // The codes of its findings that say a budget left some of its members
  // unread (a volume's zip.inflated-limit), beside the tree's own
  // (core.nested-file-limit, core.nesting-limit): an address that meets
  // one says a limit stopped the walk (pipeline/nested_address.hpp), not
  // that the file is not there. Empty: its members lie in place.
  std::span<const DiagnosticCode> reading_cuts = {};
  // A PNG `replace` puts in the file's place, encoded in the file's own
  // pixel format and mip count (writer/image/texture_encode.hpp: what the
  // encoding made, or why it refused); nullptr: a PNG does not go there.
  EncodedTexture (*encode_png)(Bytes file, Bytes png, const TextureEncodeOptions& options) = nullptr;
  // The same for its member `index`, which is no file of its own (a PTX
  // companion's entry); nullptr: its members take no PNG.
  EncodedTexture (*encode_member_png)(Bytes file, size_t index, Bytes png, const TextureEncodeOptions& options) = nullptr;

  [[nodiscard]] bool is_model() const { return export_gltf != nullptr; }
};

[[nodiscard]] const FormatRow& row_of(Format format);
[[nodiscard]] std::span<const FormatRow* const> format_rows();

}  // namespace meshgate
