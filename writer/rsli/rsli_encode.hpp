// Encoders for every RsLi storage method (docs/spec/nikita-rsli.md §7.3).
// No public project has one. An encoded entry is valid when the §4 decoder
// restores the exact bytes, consumes exactly the packed stream and cuts no
// match at the size; it need not reproduce the original packer's bytes.
// Choices: LZSS and LZHUF greedy longest match (hash chains, depth 128) over
// the input, never reaching into the ring's initial spaces; Deflate through
// libdeflate at level 9.
#pragma once

#include <cstdint>
#include <vector>

#include "parser/core/byte_reader.hpp"
#include "parser/rsli/rsli_codecs.hpp"

namespace meshgate::rsli {

[[nodiscard]] std::vector<std::byte> encode_lzss(Bytes plain);
[[nodiscard]] std::vector<std::byte> encode_lzhuf(Bytes plain);
// Empty when libdeflate cannot allocate its compressor.
[[nodiscard]] std::vector<std::byte> encode_deflate(Bytes plain);
// Any method; the XOR methods encrypt the packed stream with `key16` (the
// row's effective sort field) after compressing.
[[nodiscard]] std::vector<std::byte> encode_entry(Method method, Bytes plain, uint16_t key16);

}  // namespace meshgate::rsli
