#include "writer/core/output_image.hpp"

#include <algorithm>

#include "parser/core/checked_math.hpp"

namespace meshgate {

OutputImage::OutputImage(uint64_t size) : bytes_(static_cast<size_t>(size)) {}

void OutputImage::fail(std::string_view code, std::string_view path, uint64_t offset, std::string message) {
  if (error_) return;
  error_ = Diagnostic{std::string(code), Severity::error, std::string(path), offset, std::move(message)};
}

void OutputImage::add_interval(uint64_t begin, uint64_t end) {
  auto it = written_.upper_bound(begin);
  if (it != written_.begin()) {
    auto prev = std::prev(it);
    if (prev->second >= begin) {
      begin = prev->first;
      end = std::max(end, prev->second);
      it = written_.erase(prev);
    }
  }
  while (it != written_.end() && it->first <= end) {
    end = std::max(end, it->second);
    it = written_.erase(it);
  }
  written_.emplace(begin, end);
}

bool OutputImage::emit(uint64_t offset, uint64_t length, std::string_view path, const Fill& fill) {
  if (error_) return false;
  if (!range_fits(offset, length, bytes_.size())) {
    fail("writer.out-of-range", path, offset,
         "the model places " + std::to_string(length) + " bytes past the end of a " +
             std::to_string(bytes_.size()) + "-byte image");
    return false;
  }
  if (length == 0) return true;
  const uint64_t end = offset + length;
  std::span<std::byte> dst(bytes_.data() + offset, static_cast<size_t>(length));

  // Does any earlier emission touch [offset, end)?
  auto it = written_.upper_bound(offset);
  bool overlaps = it != written_.end() && it->first < end;
  if (it != written_.begin() && std::prev(it)->second > offset) overlaps = true;

  if (!overlaps) {
    fill(dst);
  } else {
    // Rare (aliased sections in odd files): produce into a scratch buffer and
    // require agreement with what is already there.
    std::vector<std::byte> scratch(static_cast<size_t>(length));
    fill(scratch);
    for (auto w = written_.begin(); w != written_.end(); ++w) {
      const uint64_t lo = std::max(w->first, offset), hi = std::min(w->second, end);
      for (uint64_t p = lo; p < hi; ++p) {
        if (bytes_[p] != scratch[p - offset]) {
          fail("writer.conflicting-overlap", path, p,
               "two parts of the model disagree about the byte at " + hex_offset(p));
          return false;
        }
      }
    }
    std::copy(scratch.begin(), scratch.end(), dst.begin());
  }
  add_interval(offset, end);
  return true;
}

bool OutputImage::emit_bytes(uint64_t offset, Bytes bytes, std::string_view path) {
  return emit(offset, bytes.size(), path, [&](std::span<std::byte> dst) {
    std::copy(bytes.begin(), bytes.end(), dst.begin());
  });
}

bool OutputImage::reject_unplaceable(std::string_view path) {
  fail("writer.out-of-range", path, 0, "the model places this part at an offset that overflows 64 bits");
  return false;
}

std::optional<Diagnostic> OutputImage::finish() {
  if (error_) return error_;
  uint64_t cursor = 0;
  for (const auto& [begin, end] : written_) {
    if (begin > cursor) break;
    cursor = std::max(cursor, end);
  }
  if (cursor < bytes_.size()) {
    fail("writer.unplanned-bytes", "", cursor,
         "no part of the model produces the byte at " + hex_offset(cursor) +
             "; the model is missing a field or gap");
  }
  return error_;
}

}  // namespace meshgate
