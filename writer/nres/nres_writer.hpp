// Serialises a parsed NRes archive from the model only: header, payloads at
// their data_offset, directory at total_size - 64*N, gaps; the OutputImage
// fails on any byte the model does not produce.
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "parser/nres/nres_model.hpp"
#include "writer/core/write_result.hpp"

namespace meshgate::nres {

// `observer`, when given, sees each part of the output as it is produced.
[[nodiscard]] WriteResult write_nres(const Archive& archive, const PartObserver* observer = nullptr);

// The frame of an archive whose payloads are produced rather than held (MSH
// streams encode from typed data): header, directory and gaps from these
// parts, and payload i as `payload(i, dst)` writes it into its
// [data_offset, +size) range of the image -- no per-entry buffer. When
// `held(i)` gives bytes (a stream whose typed data already is its encoding),
// those are emitted as they are instead, which an observer without an image
// then sees in place (PartObserver::keep_image).
struct ArchiveFrame {
  uint64_t file_size;
  const HeaderRecord& header;
  size_t entry_count;
  std::function<const EntryRecord&(size_t)> entry;
  const std::vector<Gap>& gaps;
  std::function<std::optional<Bytes>(size_t)> held = {};
};
[[nodiscard]] WriteResult write_nres_frame(const ArchiveFrame& frame,
                                           const std::function<void(size_t, std::span<std::byte>)>& payload,
                                           const PartObserver* observer = nullptr);

}  // namespace meshgate::nres
