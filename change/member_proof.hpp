// The read-back proof of replace / add / remove: the written outer file is
// walked down the same address again, and at every level on the way the
// file parses, its round trip is byte-identical, and its members are the
// members it had, in order, with equal digests (xxh3_64 and size), except
// the one on the way (proven a level down) and the one edited, which holds
// exactly the bytes put in (then only the container's zero padding).
#pragma once

#include <string>

#include "change/member_path.hpp"

namespace meshgate {

struct RewriteProof {
  std::string failed_level;  // the report path of the level that failed; empty when proven
  std::string error;
  uint64_t unchanged = 0;  // members proven byte-identical, over every level
  [[nodiscard]] bool ok() const { return failed_level.empty(); }
};

// `before`: the walk the edit was made on (change/member_rewrite.hpp's
// path); `edit`: the innermost edit; `added_name`: an added member's name.
[[nodiscard]] RewriteProof prove_rewrite(const AddressPath& before, const MemberEdit& edit, const std::string& added_name,
                                         Bytes written, const ParseTreeOptions& options);

}  // namespace meshgate
