// Synthetic NRes archives (`meshgate synth nres`): a layout builder from a
// plain description plus a deterministic random generator and one malformed
// variant per diagnostic code. Never derived from game data.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "writer/core/synth_file.hpp"

namespace meshgate::nres {

struct EntryDescription {
  uint32_t type_id = 0;
  uint32_t attr1 = 0, attr2 = 0, attr3 = 0;
  std::string name;                   // <= 35 bytes, no NUL
  std::vector<uint8_t> name_tail;     // bytes after the NUL (kept by a lossless writer)
  std::vector<std::byte> payload;
};

struct ArchiveDescription {
  std::vector<EntryDescription> entries;   // directory order
  std::vector<size_t> data_order;          // order payloads are laid out in (default: directory order)
  size_t unindexed_after = SIZE_MAX;       // insert an unindexed region after this many payloads
  std::vector<std::byte> unindexed_bytes;
  bool uppercase_sort = false;             // build the sort table with uppercase folding
};

// Lays out header, 8-aligned payloads with zero padding, the optional
// unindexed region, and the directory at EOF with a _strcmpi sort table.
[[nodiscard]] std::vector<std::byte> build_nres(const ArchiveDescription& description);

// How a generated archive's sort table folds names: as _strcmpi does (lower,
// what the engine and the compatible profile expect) or to upper case (what
// another reader of these archives does). They differ only for names holding
// one of [ \ ] ^ _ ` (the generator's names do).
enum class SortFold { lower, upper };

[[nodiscard]] ArchiveDescription random_archive_description(uint64_t seed, uint64_t index,
                                                            SortFold fold = SortFold::lower);
// `count` outer .rlb archives; some entries are nested NRes models (".msh").
void synth_nres_corpus(uint64_t seed, uint64_t count, SortFold fold, const SynthSink& sink);
[[nodiscard]] std::vector<SynthFile> synth_nres_corpus(uint64_t seed, uint64_t count);
[[nodiscard]] std::vector<MalformedCase> malformed_nres_cases(uint64_t seed);

}  // namespace meshgate::nres
