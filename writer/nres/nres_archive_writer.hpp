// What every NRes archive's writer shares: header, directory, payloads and
// gaps, in that order, into an OutputImage. A template over how an entry's
// record is found and how its payload is emitted, so the NRes writer (held
// payloads) and the MSH writer (streams encoded from typed data) both call
// straight into their own code: through std::function, an MSH round trip
// paid three indirect calls per stream.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "parser/core/checked_math.hpp"
#include "parser/core/gap.hpp"
#include "parser/nres/nres_model.hpp"
#include "writer/core/output_image.hpp"
#include "writer/core/write_result.hpp"

namespace meshgate::nres {

// `entry(i)` gives entry i's directory record; `emit_payload(out, i, path)`
// emits its payload (`path()` names it, formatted only for an error).
template <typename EntryFn, typename EmitPayload>
WriteResult write_archive(uint64_t file_size, const HeaderRecord& header, size_t entry_count, const EntryFn& entry,
                          const std::vector<Gap>& gaps, const PartObserver* observer, EmitPayload&& emit_payload) {
  OutputImage out(file_size, observer);
  bool ok = out.emit(0, kHeaderSpec.size, "header", [&](std::span<std::byte> dst) { header.encode(dst); });
  // The directory's records are back to back: one part, so an archive pays
  // one placement and one comparison for it, not one per entry.
  const uint64_t dir = directory_offset(header);
  const std::optional<uint64_t> dir_bytes = checked_mul(entry_count, kEntrySpec.size);
  if (ok && !dir_bytes) ok = out.reject_unplaceable("entries");
  if (ok)
    ok = out.emit(dir, *dir_bytes, "entries", [&](std::span<std::byte> dst) {
      for (size_t i = 0; i < entry_count; ++i) entry(i).encode(dst.subspan(i * kEntrySpec.size, kEntrySpec.size));
    });
  for (size_t i = 0; ok && i < entry_count; ++i)
    ok = emit_payload(out, i, [i] { return "entries[" + std::to_string(i) + "].payload"; });
  for (size_t g = 0; ok && g < gaps.size(); ++g) ok = out.emit_bytes(gaps[g].offset, gaps[g].bytes, "gap");
  WriteResult result;
  result.error = out.finish();
  if (!result.error) result.bytes = out.take();
  return result;
}

}  // namespace meshgate::nres
