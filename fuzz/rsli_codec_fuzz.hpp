// What the RsLi codec targets share (rsli_{lzss,lzhuf,xor,deflate}_fuzzer):
// byte 0 picks the direction, bytes 1-3 a declared size (under 16 MiB),
// bytes 4-5 the XOR key, the rest the data. Even byte 0: the data is a
// packed stream, decoded under the declared size: never more bytes than
// declared, never past the stream, exactly the size when it succeeds, and
// what it gave packs again and decodes back to itself. Odd: the data is
// plain bytes, packed by meshgate's encoder, decoded back exactly,
// consuming exactly the stream (§7.3's validity).
#pragma once

#include <cstdint>
#include <vector>

#include "fuzz/fuzz_oracles.hpp"
#include "parser/core/byte_reader.hpp"
#include "parser/rsli/rsli_codecs.hpp"
#include "writer/rsli/rsli_encode.hpp"

namespace meshgate::fuzzing {

inline void check_packs_back(rsli::Method method, Bytes plain, uint16_t key) {
  const std::vector<std::byte> packed = rsli::encode_entry(method, plain, key);
  const rsli::DecodeResult back = rsli::decode_entry(method, packed, plain.size(), key);
  if (!back.ok() || back.bytes.size() != plain.size() || !std::equal(back.bytes.begin(), back.bytes.end(), plain.begin()))
    fail("decode(encode(x)) != x");
  if (back.consumed != packed.size() || back.match_cut) fail("an encoded stream is not consumed exactly, or cuts a match");
}

inline int run_codec(rsli::Method method, const uint8_t* data, size_t size) {
  if (size < 6) return 0;
  const bool encode = (data[0] & 1) != 0;
  const uint64_t declared = load_uint_le(Bytes(reinterpret_cast<const std::byte*>(data + 1), 3), 3);
  const auto key = static_cast<uint16_t>(data[4] | (data[5] << 8));
  const Bytes rest(reinterpret_cast<const std::byte*>(data + 6), size - 6);
  if (encode) {
    check_packs_back(method, rest, key);
    return 0;
  }
  const rsli::DecodeResult r = rsli::decode_entry(method, rest, declared, key);
  if (r.bytes.size() > declared) fail("a decoder wrote more than the declared size");
  if (r.consumed > rest.size()) fail("a decoder consumed past its stream");
  if (!r.ok()) return 0;
  if (r.bytes.size() != declared) fail("a successful decode is not the declared size");
  check_packs_back(method, r.bytes, key);
  return 0;
}

}  // namespace meshgate::fuzzing
