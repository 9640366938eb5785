// NBZ volumes and ZIP archives (docs/spec/dmc3-containers.md §2), read through
// libzip (deflated members whose sizes it declares: their raw stream through
// libzip, inflated by libdeflate): never a hand-written inflate, never
// rewritten. The volume's own
// bytes are its identity (its digest); the members that are models or
// containers are parsed as files of their own by parse_tree (pipeline/),
// under "volume.nbz!GData.afs/em000.pac". Every size is checked before a
// byte is inflated: a member's declared size against its format's limit, the
// declared sizes (and the cost of peeking) against the input's inflation
// budget (SizeLimits, shared by every level of its tree), and a member that
// inflates to another size than it declares is an error. Members may be
// peeked into and inflated from several threads at once.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "parser/core/byte_reader.hpp"
#include "parser/core/diagnostics.hpp"
#include "parser/core/magic.hpp"
#include "parser/zip/zip_directory.hpp"

namespace meshgate::zip {

inline constexpr std::string_view kFormatName = "zip-volume";
// The largest volume meshgate reads (it is read whole, like every input).
inline constexpr uint64_t kMaxInputBytes = uint64_t{4} << 30;
inline constexpr uint64_t kMaxMembers = 1'000'000;

struct Member {
  uint64_t index = 0;        // libzip's index, the central directory's order
  std::string name;          // as stored (raw bytes; report paths escape them)
  uint64_t size = 0;         // declared uncompressed size
  uint64_t compressed_size = 0;
  uint16_t method = 0;       // 0 stored, 8 deflate
  uint32_t crc32 = 0;
  bool encrypted = false;
  bool directory = false;    // a name ending in "/" with no data
  bool declared = false;     // the directory gave size, compressed size and CRC-32
};

// An open volume: its members and the libzip handle that reads them (over
// the bytes it was opened from, which must outlive it). libzip's handle is
// not thread-safe: every call on it holds `lock`, and libdeflate inflates
// outside it, so threads inflating members of one volume overlap.
class Volume {
 public:
  std::vector<Member> members;

  // The first bytes of a member (up to `count`; fewer if it is shorter):
  // enough to tell its format before deciding whether to inflate it. Read
  // whatever the declared size, so a member that holds more than it declares
  // (data in a "0-byte" member) shows it. Empty on a read error.
  [[nodiscard]] std::vector<std::byte> peek(const Member& m, size_t count) const;
  struct Inflated {
    std::vector<std::byte> bytes;
    std::optional<Diagnostic> problem;  // set: bytes are empty
  };
  // The member's bytes, once its declared size is under `limit`; its
  // inflated size is checked against the declared one. `buffer`: one to
  // fill again (the previous member's), so that reading members in turn
  // does not fault in fresh memory for each. A deflated member whose sizes
  // are declared is inflated whole by libdeflate, its CRC-32 checked (a
  // mismatch is zip.member-unreadable, as libzip's own check is); the rest
  // stream through libzip.
  [[nodiscard]] Inflated inflate(const Member& m, uint64_t limit, std::vector<std::byte> buffer = {}) const;

  std::shared_ptr<void> handle;  // zip_t*, closed by zip_discard
  std::shared_ptr<std::mutex> lock = std::make_shared<std::mutex>();
  uint64_t byte_count = 0;  // of the volume: no member's compressed bytes are more

 private:
  void inflate_whole(const Member& m, Inflated& out) const;
  void inflate_streamed(const Member& m, Inflated& out) const;
};

struct ParseResult {
  std::optional<Volume> volume;  // present iff the directory was read
  std::vector<Diagnostic> diagnostics;

  [[nodiscard]] bool ok() const { return volume.has_value(); }
};

// What peeking `count` bytes of a member costs its decoder, in bytes decoded:
// bzip2 yields nothing before it has decoded a whole block (up to 900 kB),
// stored, deflate and LZMA members yield their first bytes after about as
// many. Charged to the inflation budget, so
// a million tiny bzip2 members cannot buy half an hour of peeking.
[[nodiscard]] uint64_t peek_cost(const Member& m, size_t count);

// The most a member's compressed bytes can inflate to, whatever it declares:
// stored data is itself, deflate emits at most 1,032 bytes per byte; other
// methods are not bounded by their input.
[[nodiscard]] uint64_t most_inflated(const Member& m);

// Whether libdeflate inflates the member whole (Volume::inflate): deflated,
// not encrypted, its sizes and CRC-32 declared, and its compressed bytes (which
// are copied out of the volume to inflate) within the volume and no more than
// deflate needs for the declared size (stored blocks and a generous margin):
// a member claiming little and holding much streams through libzip instead.
[[nodiscard]] bool inflates_whole(const Member& m, uint64_t volume_bytes);

// "PK\3\4" (a local header) or "PK\5\6" (an empty archive's end record).
// What makes a file a volume (looks_like_zip): a local file header, or the end record of an empty archive.
[[maybe_unused]] constexpr std::array kMagics{Magic{0, "PK\3\4"}, Magic{0, "PK\5\6"}};
[[nodiscard]] bool looks_like_zip(Bytes prefix);

// Opens the volume over `data` (not copied) and lists its members, with
// zip.unsafe-name for names that would escape a folder.
[[nodiscard]] ParseResult parse_volume(Bytes data);
// The same over positioned reads (a volume read from its file, never whole:
// replace / add / remove of a large volume); the volume holds `source`.
[[nodiscard]] ParseResult parse_volume(std::shared_ptr<VolumeSource> source);

// A member name that must never be used as a path on disk.
[[nodiscard]] bool unsafe_member_name(std::string_view name);

}  // namespace meshgate::zip
