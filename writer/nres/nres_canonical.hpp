// `meshgate rebuild --canonical` for an NRes container (an archive, or the
// container of an MSH model): its entries handed to the layout builder
// (build_nres), which lays them out afresh: payloads 8-aligned in directory
// order with zero padding, the directory at EOF, offsets, sizes and the sort
// table recomputed. Each entry's type, attributes, name and the bytes after
// its NUL are carried over exactly; its payload is whatever the caller gives
// (its exact bytes, or a nested model rebuilt in turn).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "parser/nres/nres_model.hpp"
#include "writer/nres/nres_layout_builder.hpp"

namespace meshgate::nres {

// One directory record's content, with `payload` as its payload.
[[nodiscard]] EntryDescription describe_entry(const EntryRecord& record, std::vector<std::byte> payload);

// How the input's sort table folds names: upper case only when it matches the
// upper-case order and not the lower-case one (_strcmpi's, the default).
[[nodiscard]] bool sorted_uppercase(const std::vector<const EntryRecord*>& records);

// What a fresh layout cannot carry: gap bytes that are not zero (an
// unindexed region, non-zero padding), one line.
[[nodiscard]] std::vector<std::string> unplaced_gaps(const std::vector<Gap>& gaps);

}  // namespace meshgate::nres
