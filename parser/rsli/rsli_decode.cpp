// Method dispatch (docs/spec/nikita-rsli.md §4.1-§4.3): the masked flags pick
// the decoder; the XOR methods decrypt the packed stream first with a fresh
// state keyed by the row's effective sort field (FP's reading, §4.3).
#include "parser/rsli/rsli_cipher.hpp"
#include "parser/rsli/rsli_codecs.hpp"

namespace meshgate::rsli {

std::optional<Method> method_of(uint64_t flags) {
  switch (static_cast<Method>(flags & kMethodMask)) {
    case Method::stored: case Method::xor_only: case Method::lzss: case Method::xor_lzss:
    case Method::lzhuf: case Method::xor_lzhuf: case Method::deflate:
      return static_cast<Method>(flags & kMethodMask);
  }
  return std::nullopt;
}

std::string_view method_name(Method m) {
  switch (m) {
    case Method::stored: return "stored";
    case Method::xor_only: return "xor";
    case Method::lzss: return "lzss";
    case Method::xor_lzss: return "xor+lzss";
    case Method::lzhuf: return "lzhuf";
    case Method::xor_lzhuf: return "xor+lzhuf";
    case Method::deflate: return "deflate";
  }
  return "?";
}

bool uses_xor(Method m) { return m == Method::xor_only || m == Method::xor_lzss || m == Method::xor_lzhuf; }

namespace {
// Stored and XOR-only: the bytes themselves, packed_size == unpacked_size (FP).
DecodeResult copy_exact(Bytes packed, uint64_t unpacked_size, std::optional<uint16_t> key16) {
  DecodeResult r;
  if (packed.size() != unpacked_size) {
    r.status = DecodeStatus::stored_size_mismatch;
    r.detail = "packed_size " + std::to_string(packed.size()) + " differs from unpacked_size " +
               std::to_string(unpacked_size) + " (a stored or XOR entry is its own bytes)";
    return r;
  }
  r.bytes.assign(packed.begin(), packed.end());
  if (key16) xor_in_place(r.bytes, *key16);
  r.consumed = packed.size();
  return r;
}
}  // namespace

DecodeResult decode_entry(Method method, Bytes packed, uint64_t unpacked_size, uint16_t key16) {
  switch (method) {
    case Method::stored: return copy_exact(packed, unpacked_size, std::nullopt);
    case Method::xor_only: return copy_exact(packed, unpacked_size, key16);
    case Method::lzss: return decode_lzss(packed, unpacked_size);
    case Method::xor_lzss: return decode_lzss(xor_copy(packed, key16), unpacked_size);
    case Method::lzhuf: return decode_lzhuf(packed, unpacked_size);
    case Method::xor_lzhuf: return decode_lzhuf(xor_copy(packed, key16), unpacked_size);
    case Method::deflate: return decode_deflate(packed, unpacked_size);
  }
  return {};
}

}  // namespace meshgate::rsli
