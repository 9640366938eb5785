#include "parser/msh/msh_kaitai.hpp"

#include "parser/msh/msh_fields.hpp"
#include "parser/msh/msh_parser.hpp"
#include "parser/msh/msh_streams.hpp"
#include "parser/nres/nres_fields.hpp"
#include "parser/nres/nres_kaitai.hpp"

namespace meshgate::msh {

namespace {

using ksy::Attr;
using ksy::attr;
using ksy::Type;

// A stream's element count is its entry's attr1 (the parser checks it against size / stride).
const std::string kCount = "_parent.attr1";

// The type of the stream `type_id` names, at meshgate's path of that stream ("res13").
Type stream_type(uint32_t type_id, std::string doc) {
  Type t;
  t.id = "msh_" + stream_path(type_id);
  t.doc = std::move(doc);
  t.path = stream_path(type_id);
  return t;
}

// A catalogued stream's doc: "Res3 (positions): float32 x, y, z; Z up".
std::string catalogue_doc(const StreamType& s) {
  return "Res" + std::to_string(s.type_id) + " (" + std::string(s.name) + "): " + std::string(s.note);
}

// A run of `count` records of a table, listed by meshgate one by one (res13[k]): `id` is transparent.
Attr records(const char* id, std::string type, const char* doc) {
  return attr(id, std::move(type), doc, kCount);
}

// Res1: 38-byte nodes, or 24-byte ones (MTCHECK.MSH), by the entry's attr3 (the stride).
Type nodes_stream() {
  Type t = stream_type(stream_type::nodes, "Res1: one node record per node, of the stride attr3 names.");
  Attr nodes = records("nodes", "", "the nodes, attr1 of them");
  nodes.switch_on = "_parent.attr3";
  nodes.cases = {{std::to_string(kNodeSpec.size), std::string(kNodeSpec.name)},
                 {std::to_string(kNodeShortSpec.size), std::string(kNodeShortSpec.name)}};
  t.seq.push_back(std::move(nodes));
  return t;
}

// Res2: the model header, then attr1 slots.
Type header_slots_stream() {
  Type t = stream_type(stream_type::header_slots, "Res2: the 0x8C-byte model header, then the 68-byte slots.");
  t.seq.push_back(attr("header", std::string(kModelHeaderSpec.name), "bounds of the whole model"));
  t.seq.push_back(records("slots", std::string(kSlotSpec.name), "the slots, attr1 of them"));
  return t;
}

// Res10: one record per node, u32 length then length + 1 bytes (the text and its NUL) when length > 0.
Type strings_stream(const StreamType& strings) {
  Type t = stream_type(stream_type::strings, catalogue_doc(strings));
  t.seq.push_back(records("strings", "res10_string", "one record per node"));
  return t;
}
Type string_record(const StreamType& strings) {
  Type t{"res10_string", "A node's string: Windows-1251 text, NUL-terminated when not empty.", {}, {}};
  Attr length = attr("length", "u4", "the text's length, its NUL not counted");
  Attr text = attr("text", "", "the text and its NUL; nothing when length is 0");
  text.size = "length == 0 ? 0 : length + 1";
  length.status = text.status = status_string(strings.status);
  t.seq = {std::move(length), std::move(text)};
  return t;
}

// A stream of fixed-stride elements meshgate lists whole (res3.positions):
// bytes, attr1 x stride of them when the catalogue counts by stride, else the
// payload. Res7's triangles are read as their records.
Type element_stream(const StreamType& s) {
  Type t = stream_type(s.type_id, catalogue_doc(s));
  const bool triangles = s.type_id == stream_type::triangles;
  Attr a = attr(std::string(s.name), triangles ? std::string(kTriangleSpec.name) : "", std::string(s.note));
  if (triangles)
    a.repeat_expr = kCount;
  else if (s.count_rule == CountRule::size_over_stride)
    a.size = kCount + " * " + std::to_string(s.stride);
  else
    a.size_eos = true;
  if (!triangles) a.status = status_string(s.status);
  t.seq.push_back(std::move(a));
  return t;
}

// A type id 1..20 the catalogue does not hold (terrain types among them): its bytes, as meshgate keeps them.
Type raw_stream(uint32_t type_id) {
  Type t = stream_type(type_id, "A stream type meshgate does not catalogue: kept exactly.");
  Attr raw = attr("raw", "", "the payload");
  raw.size_eos = true;
  raw.status = status_string(Status::preserved_undecoded);
  t.seq.push_back(std::move(raw));
  return t;
}

// Res8, Res13: records meshgate lists one at a time (res13[k]), attr1 of them.
Type record_stream(const StreamType& s, const char* id, std::string_view record) {
  Type t = stream_type(s.type_id, catalogue_doc(s));
  t.seq.push_back(records(id, std::string(record), "the stream's records, attr1 of them"));
  return t;
}

// One type per stream type id 1..20, each a case of the directory entry's switch.
std::vector<Type> stream_types(std::vector<std::pair<std::string, std::string>>& cases) {
  std::vector<Type> types;
  for (uint32_t id = 1; id <= kMaxCataloguedType; ++id) {
    const StreamType* s = find_stream_type(id);
    if (!s)
      types.push_back(raw_stream(id));
    else if (id == stream_type::nodes)
      types.push_back(nodes_stream());
    else if (id == stream_type::header_slots)
      types.push_back(header_slots_stream());
    else if (id == stream_type::strings)
      types.push_back(strings_stream(*s));
    else if (id == stream_type::batches)
      types.push_back(record_stream(*s, "batches", kBatchSpec.name));
    else if (id == stream_type::keys)
      types.push_back(record_stream(*s, "keys", kKeySpec.name));
    else
      types.push_back(element_stream(*s));
    cases.emplace_back(std::to_string(id), types.back().id);
  }
  return types;
}

// Each directory entry's payload as the stream its type_id names.
Attr stream_switch() {
  Attr stream = attr("stream", "", "the payload as the model stream its type_id names");
  stream.io = "_root._io";
  stream.pos = std::string(nres::kEntrySpec.fields[nres::entry::data_offset].name);
  stream.size = std::string(nres::kEntrySpec.fields[nres::entry::size].name);
  stream.switch_on = std::string(nres::kEntrySpec.fields[nres::entry::type_id].name);
  return stream;
}

}  // namespace

ksy::Spec kaitai_spec() {
  ksy::Spec s = ksy::spec_named(
      "nres_msh", "Nikita engine MSH model (AniMesh)", std::string(kFormatName), "msh",
      "Nikita engine (AniMesh.dll) model: an NRes archive whose entries are model streams, each told by its "
      "type_id (1..20), never by name or position (docs/spec/nres-msh.md §2, §3).");
  // The container is NRes's own spec; each entry's payload becomes the stream its type_id names.
  const ksy::Spec container = nres::kaitai_spec();
  s.root.seq = container.root.seq;
  s.root.instances = container.root.instances;
  s.types = container.types;
  Attr stream = stream_switch();
  std::vector<Type> streams = stream_types(stream.cases);
  for (Type& t : s.types)
    if (t.id == nres::kEntrySpec.name) t.instances = {stream};
  streams.push_back(string_record(*find_stream_type(stream_type::strings)));
  for (Type& t : streams) s.types.push_back(std::move(t));
  for (Type t : {ksy::record_type(kNodeSpec, "A 38-byte node (§3.1)."),
                 ksy::record_type(kNodeShortSpec, "A 24-byte node, MTCHECK.MSH's variant (§3.1)."),
                 ksy::record_type(kModelHeaderSpec, "The model header (§3.2)."),
                 ksy::record_type(kSlotSpec, "A slot (§3.2)."),
                 ksy::record_type(kTriangleSpec, "A triangle descriptor (§3.4)."),
                 ksy::record_type(kBatchSpec, "A batch (§3.5)."), ksy::record_type(kKeySpec, "An animation key (§3.6).")})
    s.types.push_back(std::move(t));
  s.transparent = {"nodes", "slots", "strings", "batches", "keys"};
  s.not_expressed = {
      "the container's rules, as nres.ksy states them: version, total size, payload placement and the sort table",
      "which streams a model holds: 1, 2, 3, 6 and 13 required, 4, 5, 8 and 19 expected, each type once (of a "
      "repeated type the first is used); an archive with a terrain type (11, 14) is no model",
      "each stream's attributes: attr1 its element count (size / stride; Res2: (size - 0x8C) / 68; Res10: Res1's "
      "count), attr2 zero or Res19's frame count, attr3 the stride (Res8: 4)",
      "the references between streams: slots to triangles and batches, batches to indices and vertices, nodes to "
      "parents, slots, the frame map and keys, triangle neighbours; the bounds a slot or the model states",
      "what elements mean and the [CONFLICT]s: slot word a/b, batch material words, UV signedness, quaternion order; "
      "normals / 127, UVs / 1024; Res10's text is Windows-1251 (meshgate shows it as UTF-8)",
  };
  return s;
}

}  // namespace meshgate::msh
