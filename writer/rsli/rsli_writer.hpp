// RsLi writers (docs/spec/nikita-rsli.md §7.3).
// write_rsli: the lossless write of a parsed library: its 32 header bytes,
// its plain rows encrypted again as one stream with the seed's key, and the
// payload area verbatim (packed streams, service bytes, gaps, overlaps,
// trailer and the Deflate +1 entry's declared size all as they were).
// build_rsli: a new library from entries given as plain bytes and a method,
// laid out as §7.3's rebuild rule says, each stream made by meshgate's
// encoders (writer/rsli/rsli_encode.hpp).
#pragma once

#include <string>
#include <vector>

#include "parser/rsli/rsli_codecs.hpp"
#include "parser/rsli/rsli_model.hpp"
#include "writer/core/write_result.hpp"

namespace meshgate::rsli {

[[nodiscard]] WriteResult write_rsli(const Library& library);

struct NewEntry {
  std::string name;  // at most 12 bytes, stored NUL-padded
  Method method = Method::stored;
  std::vector<std::byte> plain;
};

// Rows in the given order, payloads in row order from 32 + 32n without
// padding, both counts n, 0x10 = the sum of the sizes, 0xABBA with +0x12
// under reading F (strcmp order), `seed` as given; an XOR row is keyed by its
// own +0x12. Fails (WriteResult::error) on a name over 12 bytes, more than
// 32767 rows or a stream over 4 GiB.
[[nodiscard]] WriteResult build_rsli(const std::vector<NewEntry>& entries, uint32_t seed);

}  // namespace meshgate::rsli
