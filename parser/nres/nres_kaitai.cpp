#include "parser/nres/nres_kaitai.hpp"

#include "parser/nres/nres_fields.hpp"

namespace meshgate::nres {

namespace {

// An entry: its 64-byte record, and its payload where data_offset places it.
ksy::Type entry_type() {
  ksy::Type t = ksy::record_type(kEntrySpec, "A directory entry (64 bytes) and the payload it places.");
  ksy::Attr payload;
  payload.id = "payload";
  payload.io = "_root._io";
  payload.pos = "data_offset";
  payload.size = "size";
  payload.doc = "the entry's bytes: a Texm, MAT0, WEAR, an MSH stream or another resource, told by type_id";
  t.instances.push_back(std::move(payload));
  return t;
}

}  // namespace

ksy::Spec kaitai_spec() {
  ksy::Spec s = ksy::spec_named("nres", "Nikita engine NRes archive", "nres", "rlb",
                                "Nikita engine (AniMesh.dll) resource archive: a 16-byte header, the payloads, and a "
                                "directory of 64-byte entries at the end of the file (docs/spec/nres.md).");
  ksy::Attr entries = ksy::attr("entries", std::string(kEntrySpec.name),
                                "the directory: entry_count entries of 64 bytes ending at total_size",
                                "header.entry_count");
  entries.pos = "header.total_size - header.entry_count * " + std::to_string(kEntrySpec.size);
  s.root.seq = {ksy::attr("header", std::string(kHeaderSpec.name), "magic, version, entry count and total size")};
  s.root.instances = {std::move(entries)};
  s.types = {ksy::record_type(kHeaderSpec, "The archive header."), entry_type()};
  s.not_expressed = {
      "version is 0x100 and total_size is the file's size; payloads are 8-byte aligned, between the header and "
      "the directory, and do not overlap",
      "sort_index is a permutation giving the entries in case-folded (_strcmpi) name order; names are C strings "
      "of at most 35 characters (bytes after the NUL are kept)",
      "what a payload holds: its format by type_id (Texm, MAT0, WEAR) or, inside a model archive, the MSH "
      "stream types; the .ksy reads each payload as bytes",
  };
  return s;
}

}  // namespace meshgate::nres
