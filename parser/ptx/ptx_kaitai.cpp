#include "parser/ptx/ptx_kaitai.hpp"

#include <cstdio>

#include "parser/ptx/dds_fields.hpp"
#include "parser/ptx/ptx_fields.hpp"

namespace meshgate::ptx {

namespace {

using ksy::Attr;
using ksy::attr;
using ksy::Type;

std::string field_name(const auto& spec, size_t field) { return std::string(spec.fields[field].name); }
std::string hex(uint32_t v) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%X", v);
  return text;
}

// Bytes meshgate keeps whole (a header rest, the bytes before a DDS, padding), sized by `size` ("" to the end).
Attr bytes(const char* id, std::string size, const char* doc, Status status) {
  Attr a = attr(id, "", doc);
  a.size = std::move(size);
  a.size_eos = a.size.empty();
  a.status = status_string(status);
  return a;
}

// The root: the count, the table, the header rest up to 0x800 (or the end of a shorter file of no texture),
// the entries over their blocks and what follows the last one.
Type root_type() {
  Type root{"dmc3_ptx", "", {}, {}};
  const std::string count = "header." + field_name(kHeaderSpec, hdr::texture_count);
  const std::string table_end = std::to_string(kHeaderSpec.size) + " + " + std::to_string(kBlockCountSpec.size) + " * " + count;
  const std::string start = std::to_string(kEntriesStart);
  root.seq.push_back(attr("header", std::string(kHeaderSpec.name), "the texture count K"));
  root.seq.push_back(attr("block_counts", std::string(kBlockCountSpec.name), "each entry's length in 0x800-byte blocks", count));
  root.seq.push_back(bytes("header_rest", "(_io.size < " + start + " ? _io.size : " + start + ") - (" + table_end + ")",
                           "opaque bytes after the table up to 0x800", Status::preserved_undecoded));
  // Entry i spans block_count x 0x800 bytes; a final 0 extends it to the end of the file (§2).
  const std::string blocks = "block_counts[_index]." + field_name(kBlockCountSpec, block_count);
  Attr entries = attr("entries", "ptx_entry", "the entries, back to back from 0x800", count);
  entries.size = blocks + " == 0 ? _io.size - _io.pos : " + blocks + " * " + std::to_string(kBlockSize);
  root.seq.push_back(std::move(entries));
  root.seq.push_back(bytes("trailing", "", "bytes after the last entry", Status::preserved_undecoded));
  return root;
}

// An entry: its first word tells the framing (§3); `framed` is transparent, its fields are the entry's.
Type entry_type() {
  Type t{"ptx_entry", "An entry over its blocks: a texture object or a TM2 head, its DDS and padding (§3).", {}, {}};
  Attr framed = attr("framed", "", "the entry as its framing reads it");
  framed.size_eos = true;
  framed.switch_on = "framing_word";
  framed.cases = {{std::to_string(kTm2Magic), "ptx_tm2_entry"}, {"_", "ptx_object_entry"}};
  t.seq.push_back(std::move(framed));
  Attr word = attr("framing_word", "u4", "the entry's first word, read only to choose the framing: " + hex(kTm2Magic) +
                                             " (\"TM2\\0\") or a texture object");
  word.pos = "0";
  t.instances.push_back(std::move(word));
  return t;
}

// A DDS: the 0x80-byte header, then its payload (the mip chain, and a DX10 header's 20 bytes) to its end (§4).
Type dds_type() {
  Type t = ksy::record_type(kDdsHeaderSpec, "A DDS: its header and its payload, carried whole (§4).");
  t.id = "ptx_dds";
  t.seq.push_back(bytes("payload", "", "everything after the header: the pixels as stored", Status::exe_confirmed));
  return t;
}

// §3.1: the texture object, the bytes up to where its DDS delta points, the DDS, the padding.
Type object_entry_type() {
  Type t{"ptx_object_entry", "A texture object (0x70 bytes) and the DDS its descriptor points at (§3.1).", {}, {}};
  const std::string delta = "head." + field_name(kObjectHeadSpec, obj::dds_delta);
  t.seq.push_back(attr("head", std::string(kObjectHeadSpec.name), "the serialized texture object"));
  t.seq.push_back(bytes("pre_dds",
                        std::to_string(kObjectHeadSpec.fields[obj::dds_delta].offset) + " + " + delta + " - " +
                            std::to_string(kObjectHeadSize),
                        "between the object and its DDS (none when the DDS delta is 8)", Status::preserved_undecoded));
  Attr dds = attr("dds", "ptx_dds", "the DDS, dds_size bytes");
  dds.size = "head." + field_name(kObjectHeadSpec, obj::dds_size);
  t.seq.push_back(std::move(dds));
  t.seq.push_back(bytes("padding", "", "after the image to the end of the entry's blocks", Status::reserved_observed_zero));
  return t;
}

// §3.2: the TM2 head, the bytes up to dds_offset, the DDS when dds_size is not 0, the padding.
Type tm2_entry_type() {
  Type t{"ptx_tm2_entry", "A \"TM2\\0\" head and, for a non-zero dds_size, the DDS at dds_offset (§3.2).", {}, {}};
  const std::string size = "head." + field_name(kTm2HeadSpec, tm2::dds_size);
  const std::string head = std::to_string(kTm2HeadSpec.size);
  t.seq.push_back(attr("head", std::string(kTm2HeadSpec.name), "the TM2 head"));
  t.seq.push_back(bytes("pre_dds", size + " == 0 ? _io.size - " + head + " : head." +
                                       field_name(kTm2HeadSpec, tm2::dds_offset) + " - " + head,
                        "between the head and the DDS; the whole rest when there is no DDS", Status::preserved_undecoded));
  Attr dds = attr("dds", "ptx_dds", "the DDS, dds_size bytes");
  dds.size = size;
  dds.if_expr = size + " != 0";
  t.seq.push_back(std::move(dds));
  t.seq.push_back(bytes("padding", "", "after the image to the end of the entry's blocks", Status::reserved_observed_zero));
  return t;
}

}  // namespace

ksy::Spec kaitai_spec() {
  ksy::Spec s = ksy::spec_named(
      "dmc3_ptx", "DMC3 HD texture companion (.ptx)", "dmc3-ptx", "ptx",
      "Devil May Cry 3 HD (PC) texture companion: a texture count, a table of entry lengths in 0x800-byte blocks, "
      "then the entries, each a serialized texture object or a TM2 head with an embedded DDS "
      "(docs/spec/dmc3-textures.md).");
  s.root = root_type();
  s.types = {ksy::record_type(kHeaderSpec, "The texture count."),
             ksy::record_type(kBlockCountSpec, "An entry's length in blocks."),
             entry_type(),
             object_entry_type(),
             tm2_entry_type(),
             ksy::record_type(kObjectHeadSpec, "The serialized texture object (§3.1)."),
             ksy::record_type(kTm2HeadSpec, "The TM2 head (§3.2)."),
             dds_type()};
  s.transparent = {"framed"};
  s.lookahead = {"framing_word"};
  s.not_expressed = {
      "K is at most 511 (the table ends by 0x800; more than 64 is warned); a block count of 0 only for the last "
      "entry; the block counts are minimal and 0x800 x (1 + their sum) is the file's size; zero header rest, "
      "padding and tail",
      "the texture object's deltas: the descriptor at +0x20 + descriptor_delta and the DDS at +0x68 + dds_delta, "
      "inside the entry (0x40 and 8 canonical); its width, height, payload size and format word against its DDS",
      "the DDS loader's rules (magic, header and pixel-format sizes, at most 16,384 pixels and 15 levels) and the "
      "profile every game image follows; the mip chain's size against the payload",
      "how pixels decode (DXT1, DXT5, uncompressed masks), and which MOD or SCM mesh takes which entry",
  };
  return s;
}

}  // namespace meshgate::ptx
