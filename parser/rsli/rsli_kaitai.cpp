#include "parser/rsli/rsli_kaitai.hpp"

#include "parser/rsli/rsli_fields.hpp"

namespace meshgate::rsli {

ksy::Spec kaitai_spec() {
  ksy::Spec s = ksy::spec_named("rsli", "Nikita engine RsLi library", "rsli", "rlb",
                                "Nikita engine RsLi (\"NL\") library: a 32-byte header, a table of 32-byte rows "
                                "encrypted as one stream keyed by the header's seed, and each row's packed stream "
                                "(docs/spec/nikita-rsli.md).");
  s.root.seq = {ksy::attr("header", std::string(kHeaderSpec.name), "magic, counts, the sort flag, the total and the seed")};
  s.types = {ksy::record_type(kHeaderSpec, "The library header (§2), stored in plain text.")};
  // Every field of a row and the stream it places: meshgate's reading, not the .ksy's.
  s.unread = {"entries[].name",          "entries[].service",     "entries[].flags", "entries[].sort_to_original",
              "entries[].unpacked_size", "entries[].data_offset", "entries[].packed_size", "entries[].packed"};
  s.not_expressed = {
      "the table (§3.1): 32 bytes a row, XORed with a keystream of two state bytes seeded by the seed's low 16 "
      "bits (lo = hi ^ (lo << 1), hi = lo ^ (hi >> 1), one byte of lo a data byte), one stream over all rows. "
      "Kaitai's process: xor takes a constant or a repeating key, not a running state; a custom process would "
      "be code in every target language. So no row is read here, nor anything a row places",
      "the streams: stored, XOR (the same keystream, keyed by the row's sort field), LZSS (Okumura, ring from "
      "0xFEE), LZHUF (lzhuf.c's adaptive Huffman), and raw Deflate, which Kaitai's process: zlib does not read "
      "(it expects the zlib header)",
      "the sort field under 0xABBA (a permutation into strcmp order; else rebuilt by the loader), data_offset "
      "plus the overlay of an \"AO\" trailer in the last 6 bytes, and the one Deflate stream that may end one "
      "byte past the file (§5.3)",
  };
  return s;
}

}  // namespace meshgate::rsli
