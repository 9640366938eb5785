// Every format has one identity (name, magic, size limit) and one complete
// row (what meshgate does with a parsed file): a format added to the enum
// without them, or with a row missing a part, fails here, not in a command.
#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis/field_catalog.hpp"
#include "analysis/invariant_tally.hpp"
#include "analysis/sweep.hpp"
#include "import/gltf_import.hpp"
#include "observe/field_observer.hpp"
#include "parser/detect/format_detect.hpp"
#include "parser/zip/zip_directory.hpp"
#include "pipeline/format_rows.hpp"
#include "pipeline/parse_tree.hpp"
#include "pipeline/row_scratch.hpp"
#include "pipeline/schema/dump_schema_text.hpp"
#include "pipeline/schema/evidence_schema_text.hpp"
#include "pipeline/schema/manifest_schema_text.hpp"
#include "synth/generators.hpp"
#include "synth/zip/zip_synth.hpp"

namespace meshgate {
namespace {

Format format_at(size_t i) { return static_cast<Format>(i); }

TEST(FormatRegistry, EveryFormatHasOneIdentityWithItsOwnName) {
  ASSERT_EQ(format_identities().size(), kFormatCount) << "a Format without an identity, or kFormatCount not moved";
  std::set<std::string_view> names;
  for (size_t i = 0; i < kFormatCount; ++i) {
    const FormatIdentity& id = identity_of(format_at(i));
    EXPECT_EQ(id.format, format_at(i)) << "format " << i << " has no identity";
    EXPECT_FALSE(id.name.empty());
    EXPECT_TRUE(names.insert(id.name).second) << "two formats are named " << id.name;
    EXPECT_GT(id.max_input_bytes, 0u) << id.name;
  }
}

TEST(FormatRegistry, DetectionNeverClaimsAFormatTheTreeAloneKnows) {
  // A model, a material and a WEAR table are told by their container, never by their first bytes.
  for (const Format f : {Format::nres_msh, Format::nikita_mat0, Format::nikita_wear, Format::unknown}) {
    EXPECT_EQ(identity_of(f).claims, nullptr) << format_name(f);
    EXPECT_EQ(identity_of(f).frames, nullptr) << format_name(f);
  }
  EXPECT_EQ(detect_format({}), Format::unknown);
}

// A format told by its bytes names what it looks for, and what it names is
// what it claims: each magic alone, at its offset in zero bytes, is that
// format, so the list core.unknown-format quotes is the one detection reads.
TEST(FormatRegistry, EveryMagicClaimsItsFormat) {
  for (const FormatIdentity& id : format_identities()) {
    SCOPED_TRACE(std::string(id.name));
    EXPECT_EQ(id.claims != nullptr, !id.magics.empty()) << "a claim without its magics, or magics nothing claims";
    for (const Magic& m : id.magics) {
      std::vector<std::byte> probe(kMagicProbeBytes);
      ASSERT_LE(m.offset + m.bytes.size(), probe.size()) << "detection does not read as far as " << magic_text(m);
      for (size_t i = 0; i < m.bytes.size(); ++i) probe[m.offset + i] = static_cast<std::byte>(m.bytes[i]);
      EXPECT_TRUE(id.claims(probe)) << magic_text(m);
      EXPECT_EQ(detect_format(probe), id.format) << magic_text(m);
    }
  }
}

// The message of a file no format takes lists every row's magic or marker.
TEST(FormatRegistry, TheUnknownFormatMessageNamesEveryMagicAndMarker) {
  const std::string text = "plain text that no format claims, and long enough to be probed";
  const std::vector<std::byte> bytes(reinterpret_cast<const std::byte*>(text.data()),
                                     reinterpret_cast<const std::byte*>(text.data()) + text.size());
  const ParsedFile f = parse_file("plain.txt", bytes);
  EXPECT_EQ(f.format, Format::unknown);
  const std::vector<Diagnostic> found = f.diagnostics();
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].code, "core.unknown-format");
  size_t named = 0;
  for (const FormatIdentity& id : format_identities())
    for (const Magic& m : id.magics) {
      EXPECT_NE(found[0].message.find(magic_text(m)), std::string::npos) << id.name << ": " << found[0].message;
      ++named;
    }
  EXPECT_GE(named, 12u);  // MOD, NRes, NL, PAC, PNST, two PK, Texm, SCM, MOT, TM2, DDS
  EXPECT_NE(found[0].message.find("\"MOT\\0\" at 0x4"), std::string::npos) << found[0].message;
}

TEST(FormatRegistry, AnEntryTypeNamesAtMostOneFormatAndOnlyOneWithoutAMagic) {
  std::set<uint32_t> types;
  for (const FormatIdentity& id : format_identities()) {
    if (id.nres_type_id == 0) continue;
    EXPECT_TRUE(types.insert(id.nres_type_id).second) << id.name;
    EXPECT_EQ(id.claims, nullptr) << id.name << " has a magic and an entry type";
    EXPECT_EQ(format_of_entry_type(id.nres_type_id), id.format);
  }
  EXPECT_EQ(format_of_entry_type(0), std::nullopt);
}

TEST(FormatRegistry, EveryFormatHasOneCompleteRow) {
  ASSERT_EQ(format_rows().size(), kFormatCount) << "a Format without a row";
  std::set<Format> seen;
  for (const FormatRow* row : format_rows()) EXPECT_TRUE(seen.insert(row->format).second) << format_name(row->format);
  for (size_t i = 0; i < kFormatCount; ++i) {
    const Format f = format_at(i);
    const FormatRow& row = row_of(f);
    SCOPED_TRACE(std::string(format_name(f)));
    EXPECT_EQ(row.format, f) << "no row";
    EXPECT_NE(row.parse, nullptr);
    EXPECT_NE(row.inspect, nullptr);
    EXPECT_NE(row.summary_text, nullptr);
    const bool read_only = row.read_only_reason != nullptr;
    if (f == Format::unknown) {
      EXPECT_EQ(row.write_back, nullptr);  // nothing parsed, nothing to write
      continue;
    }
    // Written and rebuilt, or read only and saying why: never neither.
    EXPECT_NE(row.write_back == nullptr, !read_only) << "a row that neither writes nor says why it cannot";
    EXPECT_EQ(row.rebuild == nullptr, read_only);
    // A volume's members are inflated by its row; others lie in place.
    EXPECT_EQ(row.inflate_child != nullptr, f == Format::zip_volume);
    // Its row inflates them under the input's --max-inflated, and names the
    // finding that says the budget ran out (an address then says a limit
    // stopped it, not that the file is missing).
    EXPECT_EQ(!row.reading_cuts.empty(), row.inflate_child != nullptr);
    // A row that says which names are alike names members.
    EXPECT_TRUE(!row.names_alike || row.members);
    // A model is exported with its levels of detail; nothing else is.
    EXPECT_EQ(row.is_model(), row.lods > 0);
    EXPECT_FALSE(row.is_model() && row.is_look);
    // A row that decodes images names them, and only a look holds images.
    EXPECT_EQ(row.image_names == nullptr, row.decode_image == nullptr);
    EXPECT_TRUE(!row.decode_image || row.is_look);
    EXPECT_TRUE(!row.reads_looks || row.is_model());
  }
}

// A file of each format a row opens in place (FormatRow::open_in_place):
// a row that can is given one here, or the test below fails.
std::optional<std::vector<std::byte>> in_place_sample(Format f) {
  if (f == Format::zip_volume)
    return zip::write_volume({{"dir/", {}, false, false},
                              {"dir/a.bin", std::vector<std::byte>(5000, std::byte{1}), true, false},
                              {"b.bin", std::vector<std::byte>(70, std::byte{2}), false, false}});
  return std::nullopt;
}

// replace/add/remove ask the row of the outer file's format (told by its
// magic) whether it opens in place: such a row is a container the command
// edits, told by its magic, and it lists over positioned reads the members
// its parse lists from the bytes, and refuses what is not one.
TEST(FormatRegistry, ARowThatOpensInPlaceListsWhatItsParseLists) {
  EXPECT_NE(row_of(Format::zip_volume).open_in_place, nullptr) << "a volume of any size is edited in place";
  for (const FormatRow* row : format_rows()) {
    if (!row->open_in_place) continue;
    SCOPED_TRACE(std::string(format_name(row->format)));
    EXPECT_NE(row->members, nullptr);
    EXPECT_NE(row->edit_member, nullptr);
    EXPECT_NE(identity_of(row->format).claims, nullptr) << "the command tells it by its magic";
    const std::optional<std::vector<std::byte>> sample = in_place_sample(row->format);
    ASSERT_TRUE(sample) << "no sample file for a row that opens in place";
    const ParsedFile whole = parse_file("sample", *sample);
    ASSERT_EQ(whole.format, row->format);
    ParsedFile in_place;
    in_place.format = row->format;
    ASSERT_TRUE(row->open_in_place(in_place, std::make_shared<zip::BytesSource>(Bytes(*sample))));
    EXPECT_TRUE(in_place.data.empty());
    const std::vector<ContainerMember> listed = row->members(whole), opened = row->members(in_place);
    ASSERT_EQ(opened.size(), listed.size());
    EXPECT_GE(listed.size(), 2u);  // its files (a directory names no member)
    for (size_t i = 0; i < listed.size(); ++i) {
      EXPECT_EQ(opened[i].name, listed[i].name);
      EXPECT_EQ(opened[i].size, listed[i].size);
      EXPECT_EQ(opened[i].index, listed[i].index);
    }
    const std::vector<std::byte> zeros(64);
    ParsedFile none;
    EXPECT_FALSE(row->open_in_place(none, std::make_shared<zip::BytesSource>(Bytes(zeros))));
  }
}

// Such a row also edits in place (plan_in_place, check_in_place: change/
// drives them without naming the format): the plan streamed over the
// positioned reads is the container its edit_member makes from the bytes,
// the read-back check passes it, and fails it once a byte the edit left
// alone (the file's first: the last member is the one replaced) differs.
TEST(FormatRegistry, ARowThatOpensInPlaceEditsInPlaceAsItsEditMemberDoes) {
  for (const FormatRow* row : format_rows()) {
    if (!row->open_in_place) continue;
    SCOPED_TRACE(std::string(format_name(row->format)));
    ASSERT_NE(row->plan_in_place, nullptr);
    ASSERT_NE(row->check_in_place, nullptr);
    const std::optional<std::vector<std::byte>> sample = in_place_sample(row->format);
    ASSERT_TRUE(sample);
    const ParsedFile whole = parse_file("sample", *sample);
    auto source = std::make_shared<BytesSource>(Bytes(*sample));
    ParsedFile in_place;
    in_place.format = row->format;
    ASSERT_TRUE(row->open_in_place(in_place, source));
    const std::vector<std::byte> put(333, std::byte{9});
    const MemberEdit edit{.kind = MemberEditKind::replace, .member = row->members(whole).back().index, .bytes = Bytes(put)};
    const EditedContainer made = row->edit_member(whole, edit);
    ASSERT_FALSE(made.error) << *made.error;
    const PlannedInPlace planned = row->plan_in_place(in_place, *source, edit);
    ASSERT_FALSE(planned.error) << *planned.error;
    ASSERT_NE(planned.plan, nullptr);
    std::ostringstream out;
    ASSERT_TRUE(planned.plan->write(*source, out));
    const std::string text = out.str();
    std::vector<std::byte> written(text.size());
    std::memcpy(written.data(), text.data(), text.size());
    EXPECT_EQ(planned.plan->size(), written.size());
    EXPECT_TRUE(written == made.bytes) << "the plan streams what edit_member makes";
    BytesSource back(written);
    EXPECT_EQ(row->check_in_place(*source, back, edit), std::nullopt);
    written[0] ^= std::byte{0x20};
    BytesSource wrong(written);
    EXPECT_NE(row->check_in_place(*source, wrong, edit), std::nullopt) << "a byte left alone differs";
  }
}

TEST(FormatRegistry, TheTexturesAreTheFormatsThatDecodeImages) {
  std::set<Format> textures;
  for (const FormatRow* row : format_rows())
    if (row->decode_image) textures.insert(row->format);
  EXPECT_EQ(textures, (std::set<Format>{Format::nikita_texm, Format::dmc3_ptx}));
}

// `replace` puts a PNG where `texture` takes one out: a row whose images are
// decoded encodes a PNG into them, as a file (a Texm) or into its members (a
// PTX companion's entries), and no other row takes a PNG.
TEST(FormatRegistry, ARowThatDecodesImagesEncodesAPngBack) {
  for (const FormatRow* row : format_rows()) {
    SCOPED_TRACE(std::string(format_name(row->format)));
    const int encoders = (row->encode_png ? 1 : 0) + (row->encode_member_png ? 1 : 0);
    EXPECT_EQ(encoders, row->decode_image ? 1 : 0);
    EXPECT_TRUE(!row->encode_member_png || row->members) << "its members are what the PNG goes into";
  }
}

// Every "format" enum anywhere in a schema, collected (a schema names it where its documents do).
void collect_format_enums(const nlohmann::json& node, std::vector<std::set<std::string>>& out) {
  if (node.is_object()) {
    for (const auto& [key, value] : node.items()) {
      if (key == "format" && value.is_object() && value.contains("enum")) {
        std::set<std::string> names;
        for (const auto& name : value["enum"]) names.insert(name.get<std::string>());
        out.push_back(std::move(names));
      }
      collect_format_enums(value, out);
    }
  } else if (node.is_array()) {
    for (const auto& value : node) collect_format_enums(value, out);
  }
}

// A lock or an evidence file holding any format must pass its schema (gate
// refused a lock with a motion), and `dump` of any written format must
// `build` back: each schema names the formats its documents can hold.
TEST(FormatRegistry, TheSchemasNameEveryFormat) {
  struct Schema {
    const char* name;
    std::string_view text;
    bool written_only;  // dump: a read-only format has no dump to build back
  };
  for (const Schema& schema : {Schema{"manifest", kManifestSchemaText, false}, Schema{"evidence", kEvidenceSchemaText, false},
                               Schema{"dump", kDumpSchemaText, true}}) {
    std::vector<std::set<std::string>> enums;
    collect_format_enums(nlohmann::json::parse(schema.text), enums);
    ASSERT_FALSE(enums.empty()) << schema.name;
    for (const std::set<std::string>& named : enums)
      for (const FormatRow* row : format_rows()) {
        if (schema.written_only && row->read_only_reason != nullptr) continue;
        EXPECT_TRUE(named.count(std::string(format_name(row->format)))) << schema.name << ": " << format_name(row->format);
      }
  }
}

TEST(FormatRegistry, ModelsAreTheModelFormats) {
  std::set<Format> models;
  for (const FormatRow* row : format_rows())
    if (row->is_model()) models.insert(row->format);
  EXPECT_EQ(models, (std::set<Format>{Format::dmc3_mod, Format::nres_msh, Format::dmc3_scm}));
}

// `import --as NAME` and `replace` with a glTF ask a row's importer
// (FormatRow::gltf_import) for its name, what a message calls the file it
// builds, whether it needs a like file, and its build; `import --help` lists
// the names in catalogue order. A row that imports has every one, a name no
// other row takes, and a place in the catalogue; its build reads the like
// file as its format (64 zero bytes are refused), and one that says it needs
// a like file refuses to build without one.
TEST(FormatRegistry, ARowThatImportsGltfHasEveryHookTheCommandsAsk) {
  std::set<std::string> names;
  size_t importers = 0;
  for (const FormatRow* row : format_rows()) {
    if (!row->gltf_import) continue;
    SCOPED_TRACE(std::string(format_name(row->format)));
    ++importers;
    const GltfImporter& importer = *row->gltf_import;
    ASSERT_NE(importer.as, nullptr) << "no import --as name";
    EXPECT_TRUE(names.insert(importer.as).second) << importer.as << ": two rows import as one name";
    EXPECT_FALSE(std::string(importer.as).empty());
    ASSERT_NE(importer.text, nullptr) << "no text for the messages";
    EXPECT_TRUE(std::string(importer.text).starts_with("a ") || std::string(importer.text).starts_with("an "))
        << importer.text << ": messages say \"not " << importer.text << " meshgate accepts\"";
    EXPECT_TRUE(importer.like_required == nullptr || std::string(importer.like_required).size() > 0);
    EXPECT_GT(row->catalogue_order, 0u) << "import --help lists importers in catalogue order";
    ASSERT_NE(importer.build, nullptr) << "no build";
    const std::vector<std::byte> zeros(64);
    EXPECT_TRUE(importer.build(tinygltf::Model{}, {.like = Bytes(zeros)}).like_refused) << "a like file of no format taken";
    if (importer.like_required) {
      EXPECT_TRUE(importer.build(tinygltf::Model{}, {.like = std::nullopt}).like_refused) << "built without its like file";
    }
  }
  EXPECT_GT(importers, 0u);
}

// A sweep asks each file's row for its observations and version, and the
// reports list the tables the rows name (FormatRow::field_tables) in their
// catalogue_order: a row that records tables lists them, each table once,
// at a place of its own in the catalogue.
TEST(FormatRegistry, ARowThatObservesCataloguesItsTables) {
  std::set<unsigned> orders;
  std::set<const void*> specs;
  for (const FormatRow* row : format_rows()) {
    SCOPED_TRACE(std::string(format_name(row->format)));
    if (row->field_tables.empty()) {
      EXPECT_EQ(row->catalogue_order, 0u) << "a place in the catalogue without tables";
    } else {
      EXPECT_NE(row->observe, nullptr) << "tables no sweep observes";
      EXPECT_GT(row->catalogue_order, 0u);
      EXPECT_TRUE(orders.insert(row->catalogue_order).second) << "two rows at one place in the catalogue";
    }
    for (const TableRef& t : row->field_tables) {
      EXPECT_TRUE(specs.insert(t.spec).second) << t.record << " catalogued twice";
      EXPECT_EQ(t.format, format_name(row->format)) << t.record << " catalogued under another format";
    }
    for (Format other : row->fills_tables_of)
      EXPECT_FALSE(row_of(other).field_tables.empty()) << format_name(other) << " has no tables to fill";
    // A container whose members are inflated to be read records the digests
    // it stores of them, so a lock's gate need not inflate an unchanged one.
    EXPECT_EQ(row->stored_digests != nullptr, row->inflate_child != nullptr) << "stored digests";
    if (row->declared_version) {
      EXPECT_NE(row->observe, nullptr) << "a version no sweep reads";
    }
  }
  EXPECT_EQ(specs.size(), field_catalog().size());
}

// Every file every generator makes, valid, malformed and nested.
std::vector<SynthFile> every_generated_file(uint64_t seed) {
  std::vector<SynthFile> files;
  for (const SynthGenerator& g : synth_generators()) {
    g.corpus(seed, 3, SortFold::lower, [&](SynthFile&& f) {
      files.push_back(std::move(f));
      return true;
    });
    for (MalformedCase& m : g.malformed(seed)) files.push_back(std::move(m.file));
    if (g.nested)
      for (SynthFile& f : g.nested(seed)) files.push_back(std::move(f));
  }
  return files;
}

// What a row's observations record is what its row catalogues: every table
// a sweep of every generated file reached is in the catalogue (else the
// reports would drop its fields), and every format whose row observes wrote
// counts or versions under its name, or filled its tables.
TEST(FormatRegistry, EveryTableASweepObservesIsCatalogued) {
  SweepResult swept;
  for (const SynthFile& f : every_generated_file(5)) sweep_file(f.name, f.bytes, ParseProfile::compatible, swept);
  const auto catalog = field_catalog();
  for (size_t id = 0; id < table_ids(); ++id) {
    const std::span<const FieldSpec> fields = table_fields(id);
    const bool listed = std::any_of(catalog.begin(), catalog.end(),
                                    [&](const TableRef& t) { return t.fields.data() == fields.data(); });
    EXPECT_TRUE(listed) << "a table whose first field is " << (fields.empty() ? "" : fields[0].name)
                        << " is observed but no row lists it in field_tables";
  }
  const nlohmann::json counts = swept.observations.counts_json();
  std::set<Format> swept_formats;
  for (const SweptFile& f : swept.files)
    if (f.parse_ok) swept_formats.insert(f.format);
  for (const FormatRow* row : format_rows()) {
    if (!row->observe || !swept_formats.contains(row->format)) continue;
    const std::string name(format_name(row->format));
    bool tables_seen = false;
    for (size_t t = 0; t < catalog.size(); ++t)
      if (catalog[t].format == name) tables_seen = tables_seen || swept.observations.stats(t, 0).count > 0;
    EXPECT_TRUE(counts.contains(name) || tables_seen) << name << " observes nothing of its files";
  }
}

// `inspect --json` prints a parsed file's fields from its report's "fields",
// or, where the report leaves them out (too many for one JSON DOM), from its
// row's listing (FormatRow::fields), which diff, set, dump and view read
// too: a row whose report leaves them out and that has no listing would
// print its files without fields. A volume has none: its members are files
// of their own.
TEST(FormatRegistry, AParsedFilesFieldsAreInItsReportOrItsRowsListing) {
  std::set<Format> parsed;
  const auto check = [&](ParsedFile& f) {
    if (!f.parsed()) return;
    parsed.insert(f.format);
    const FormatRow& row = row_of(f.format);
    SCOPED_TRACE(f.path + " (" + std::string(format_name(f.format)) + ")");
    const bool in_report = row.inspect(f).contains("fields");
    if (row.inflate_child) {
      EXPECT_FALSE(in_report || row.fields) << "a volume's members are files of their own, not its fields";
      return;
    }
    EXPECT_NE(in_report, row.fields != nullptr) << "its fields in its report and in its row's listing, or in neither";
    if (row.fields) {
      EXPECT_FALSE(row.fields(f, false).groups().empty()) << "a listing without a group";
    }
  };
  // Every file of each tree: a material or a WEAR table is only ever an NRes entry.
  for (const SynthFile& file : every_generated_file(5)) parse_tree(file.name, file.bytes, {}, check);
  for (const FormatRow* row : format_rows())
    EXPECT_TRUE(row->format == Format::unknown || parsed.contains(row->format))
        << format_name(row->format) << ": no generated file parses, so nothing here checks its listing";
}

// What a file of a row that keeps a scratch reads as (its report and its
// fields): the same whether its parse drew on buffers or not.
nlohmann::json read_as(const ParsedFile& f) {
  const FormatRow& row = row_of(f.format);
  nlohmann::json out = row.inspect(f);
  if (f.parsed() && row.fields) out["listing"] = row.fields(f, false).to_json();
  return out;
}

// The tree walk asks a file's row for its scratch (FormatRow::scratch) and
// recycles the file into it once its visitors are done: each generated file
// of a row that keeps one parses, with the buffers the files before it left,
// as it parses fresh, and leaves buffers of its own for the next.
TEST(FormatRegistry, ARowsScratchIsRefilledAndChangesNoParse) {
  ScratchSet scratch;
  std::set<Format> refilled;
  for (const SynthFile& file : every_generated_file(5)) {
    const ParsedFile fresh = parse_file(file.name, file.bytes);
    if (!row_of(fresh.format).scratch) continue;
    SCOPED_TRACE(file.name + " (" + std::string(format_name(fresh.format)) + ")");
    ParsedFile pooled = parse_file(file.name, file.bytes, {}, 0, &scratch);
    ASSERT_EQ(pooled.format, fresh.format);
    EXPECT_EQ(read_as(pooled), read_as(fresh));
    if (!pooled.parsed()) continue;
    RowScratch* own = scratch.of(pooled.format);
    ASSERT_NE(own, nullptr);
    const size_t before = own->held();
    scratch.recycle(pooled);
    if (own->held() > before) refilled.insert(pooled.format);
  }
  for (const FormatRow* row : format_rows())
    EXPECT_TRUE(!row->scratch || refilled.contains(row->format))
        << format_name(row->format) << ": no file gave its row's scratch a buffer (its recycle keeps none, "
        << "or no generated file of it parses)";
}

// A sweep asks each file's row for its invariants (FormatRow::invariants)
// and numbers every row's in catalogue order: a row that has them declares
// and tallies them, rows that share a parser share one set (declared by the
// row with a place in the catalogue, else they would have no place in the
// numbering and their files would tally nothing), and no id is declared twice.
TEST(FormatRegistry, ARowsInvariantsAreDeclaredOnceAndHaveAPlace) {
  std::set<const RowInvariants*> placed, sets;
  size_t declared = 0;
  for (const FormatRow* row : format_rows()) {
    if (!row->invariants) continue;
    SCOPED_TRACE(std::string(format_name(row->format)));
    const RowInvariants& set = *row->invariants;
    ASSERT_NE(set.structural, nullptr);
    ASSERT_NE(set.semantic, nullptr);
    EXPECT_NE(set.tally, nullptr) << "invariants nothing tallies";
    EXPECT_FALSE(set.structural().empty() && set.semantic().empty()) << "a set of no invariant";
    if (row->catalogue_order > 0) placed.insert(&set);
    if (sets.insert(&set).second) declared += set.structural().size() + set.semantic().size();
  }
  EXPECT_EQ(placed, sets) << "invariants only rows without a place in the catalogue carry";
  EXPECT_EQ(declared_invariants().size(), declared);
  std::set<std::string_view> ids;
  for (const NumberedInvariant& d : declared_invariants()) {
    EXPECT_TRUE(ids.insert(d.id).second) << d.id << " declared twice";
    EXPECT_FALSE(d.description.empty()) << d.id;
  }
}

// What a row declares it tallies: a sweep of every generated file records
// instances of some invariant of every row that has them, and of every
// invariant of them all (the generators make files that hold or break each).
TEST(FormatRegistry, EveryRowsInvariantsAreTalliedOnTheGeneratedFiles) {
  SweepResult swept;
  for (const SynthFile& f : every_generated_file(5)) sweep_file(f.name, f.bytes, ParseProfile::compatible, swept);
  std::map<std::string_view, uint64_t> instances;
  for (const InvariantTally& t : swept.invariants.items()) instances[t.id] = t.holds + t.violated;
  for (const FormatRow* row : format_rows()) {
    if (!row->invariants) continue;
    SCOPED_TRACE(std::string(format_name(row->format)));
    for (const auto list : {row->invariants->structural(), row->invariants->semantic()})
      for (const DeclaredInvariant& d : list) EXPECT_GT(instances[d.id], 0u) << d.id << " was never tallied";
  }
}

}  // namespace
}  // namespace meshgate
