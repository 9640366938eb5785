// The read-back proof of replace / add / remove: the written outer file is
// walked down the same address again, and at every level on the way the
// file parses, its round trip is byte-identical, and its members are the
// members it had, in order, with equal digests (xxh3_64 and size), except
// the one on the way (proven a level down) and the one edited, which holds
// exactly the bytes put in (then only the container's zero padding).
#pragma once

#include <memory>
#include <string>

#include "change/member_path.hpp"
#include "writer/core/atomic_file.hpp"
#include "pipeline/in_place_edit.hpp"

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

// The same for an outer file opened in place (AddressPath::outer_volume),
// `written` read back the same way, never whole: every part its edit left
// alone compared with the range of the source it was copied from (its
// row's check_in_place), its members as any level's, the levels below in
// memory as above.
[[nodiscard]] RewriteProof prove_streamed_rewrite(const AddressPath& before, const MemberEdit& edit,
                                                  const std::string& added_name, std::shared_ptr<ByteSource> written,
                                                  const ParseTreeOptions& options);

// A rewrite written to a temporary beside `output`, read back from it and
// proven once it is flushed to disk (writer/core/checked_write.hpp), then
// moved to `output`; a proof that fails removes the temporary, and whatever
// was at `output` stays (an older output given with --force included).
struct ProvenWrite {
  std::string write_error;  // "PATH: why" when it could not be written (nothing proven)
  RewriteProof proof;
};

// The outer file's rewritten bytes (every container but a volume read in place).
[[nodiscard]] ProvenWrite write_proven_file(const AddressPath& before, const MemberEdit& edit,
                                            const std::string& added_name, Bytes bytes, const std::string& output,
                                            Overwrite overwrite, const ParseTreeOptions& options);

// The outer volume's planned edit, streamed from its file.
[[nodiscard]] ProvenWrite write_proven_volume(const AddressPath& before, const MemberEdit& edit,
                                                const std::string& added_name, const InPlacePlan& plan,
                                                const std::string& output, Overwrite overwrite,
                                                const ParseTreeOptions& options);

}  // namespace meshgate
