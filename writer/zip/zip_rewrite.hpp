// NBZ/ZIP volumes rewritten with members replaced, added or removed
// (docs/spec/dmc3-containers.md §2.1). Every untouched member's local header,
// compressed bytes and data descriptor are copied verbatim, streamed from the
// source, never inflated; a replaced member is compressed again with its own
// method; the central directory is rebuilt with the new offsets (ZIP64 where
// a value needs it); the archive comment and every extra field are kept.
//
// Two steps, so that a refusal writes nothing: plan_rewrite reads the framing,
// checks every edit and compresses the new members (memory: the directory and
// the new members); write_rewrite streams the result (memory: one buffer).
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "parser/core/byte_reader.hpp"
#include "parser/core/diagnostics.hpp"
#include "parser/zip/zip_directory.hpp"

namespace meshgate::zip {

enum class EditKind : uint8_t { replace, add, remove };

// One edit, by the member's exact name as stored.
struct Edit {
  EditKind kind = EditKind::replace;
  std::string name;
  std::vector<std::byte> bytes;  // the member's new uncompressed bytes (replace, add)
};

struct RewriteOptions {
  // A size, offset or count at or above this is written through ZIP64. The
  // format's own bound; tests lower it to write ZIP64 volumes of a few bytes.
  uint64_t zip64_threshold = kZip64Size;
  uint64_t max_members = 1'000'000;  // as the reader's kMaxMembers
};

// One piece of the output: a range of the source copied as it is, or bytes of its own.
struct Piece {
  uint64_t source_offset = 0;
  uint64_t size = 0;
  std::optional<size_t> owned;  // index into Rewrite::owned; absent: copied from the source
};

struct Rewrite {
  std::vector<Piece> pieces;
  std::vector<std::vector<std::byte>> owned;  // new local records, the central directory and end records
  uint64_t size = 0;                          // of the whole output
};

struct Planned {
  std::optional<Rewrite> rewrite;
  std::optional<Diagnostic> problem;  // zip.rewrite-unreadable or zip.rewrite-refused; rewrite absent
};

[[nodiscard]] Planned plan_rewrite(VolumeSource& source, std::vector<Edit> edits, const RewriteOptions& options = {});

// Streams the planned volume to `out`; false when the source cannot be read
// (`out` is then set bad, so an atomic write discards it).
[[nodiscard]] bool write_rewrite(const Rewrite& rewrite, VolumeSource& source, std::ostream& out);

struct Rewritten {
  std::vector<std::byte> bytes;
  std::optional<Diagnostic> problem;
};
// The whole rewrite in memory (a volume already read whole, and tests).
[[nodiscard]] Rewritten rewrite_zip(Bytes volume, std::vector<Edit> edits, const RewriteOptions& options = {});

}  // namespace meshgate::zip
