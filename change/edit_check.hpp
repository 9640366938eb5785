// What `set` judges an edit by before it writes it. A container descends
// only into the members a format claims, so an edit that breaks a nested
// file's magic or arithmetic (a MOT's header_size, a MOD's magic, a PTX's
// count) leaves that member no format: the whole file's round trip no longer
// visits it, and alone would pass the edit that the same file, edited loose,
// fails. Each nested file the edits touch is therefore parsed again on its
// own, with the origin it had in its tree, as a loose file would be.
#pragma once

#include <string>
#include <vector>

#include "change/field_set.hpp"
#include "parser/core/parse_profile.hpp"
#include "pipeline/roundtrip.hpp"

namespace meshgate {

// The round trips of `after` (the file `name`, `before` with `edits`
// applied; `origin`: how it was found, for an address FILE!NESTED's nested
// file): every nested file whose bytes an edit touched, each on its own
// (nested files under it too, since an edit touches them through it), then
// the whole file's tree without those. An error in any one refuses the edit.
[[nodiscard]] std::vector<RoundTripOutcome> edit_outcomes(const std::string& name, Bytes before, Bytes after,
                                                          const std::vector<FieldEdit>& edits, ParseProfile profile,
                                                          const Origin& origin = {});

// The edits of a nested file as edits of the file that holds it at `offset`.
[[nodiscard]] std::vector<FieldEdit> edits_in_outer(std::vector<FieldEdit> edits, uint64_t offset);

}  // namespace meshgate
