// How strictly a Nikita table is read (spec §1.7): `strict` rejects a sort
// table that is out of range, not a permutation or not in _strcmpi order;
// `compatible` reports those as warnings (the engine then falls back to a
// linear lookup). A run's option (--profile) that the tree walk hands to
// every row, so it lives here, not with one format's parser.
#pragma once

namespace meshgate {

enum class ParseProfile { strict, compatible };

}  // namespace meshgate
