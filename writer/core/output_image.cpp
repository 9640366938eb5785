#include "writer/core/output_image.hpp"

#include <algorithm>

#include "parser/core/checked_math.hpp"

namespace meshgate {

OutputImage::OutputImage(uint64_t size, const PartObserver* observer)
    : size_(size),
      keep_image_(observer == nullptr || observer->keep_image),
      bytes_(keep_image_ ? static_cast<size_t>(size) : 0),
      observer_(observer) {}

void OutputImage::fail(std::string_view code, std::string_view path, uint64_t offset, std::string message) {
  if (error_) return;
  error_ = Diagnostic{code, Severity::error, std::string(path), offset, std::move(message)};
}

void OutputImage::add_interval(uint64_t begin, uint64_t end) {
  // Writers emit mostly in ascending order, so the new part usually extends
  // the interval before it: widen that one in place, then absorb whatever the
  // widened interval now reaches.
  auto it = written_.upper_bound(begin);  // the first interval that starts after `begin`
  if (it != written_.begin() && std::prev(it)->second >= begin) {
    auto before = std::prev(it);
    before->second = std::max(before->second, end);
    for (; it != written_.end() && it->first <= before->second; it = written_.erase(it))
      before->second = std::max(before->second, it->second);
    return;
  }
  for (; it != written_.end() && it->first <= end; it = written_.erase(it)) end = std::max(end, it->second);
  written_.emplace_hint(it, begin, end);
}

OutputImage::Placement OutputImage::place(uint64_t offset, uint64_t length) const {
  if (error_) return Placement::failed;
  if (!range_fits(offset, length, size_)) return Placement::out_of_range;
  if (length == 0) return Placement::nothing;
  const uint64_t end = offset + length;
  // Does any earlier emission touch [offset, end)?
  auto it = written_.upper_bound(offset);
  if (it != written_.end() && it->first < end) return Placement::overlapping;
  if (it != written_.begin() && std::prev(it)->second > offset) return Placement::overlapping;
  return Placement::fresh;
}

bool OutputImage::reject_out_of_range(const std::string& path, uint64_t offset, uint64_t length) {
  fail("writer.out-of-range", path, offset,
       "the model places " + std::to_string(length) + " bytes past the end of a " + std::to_string(size_) +
           "-byte image");
  return false;
}

bool OutputImage::merge_overlapping(uint64_t offset, const std::vector<std::byte>& scratch, const std::string& path) {
  const uint64_t end = offset + scratch.size();
  // Only the intervals that reach into [offset, end): the one before it, and those starting inside.
  auto w = written_.upper_bound(offset);
  if (w != written_.begin()) --w;
  for (; w != written_.end() && w->first < end; ++w) {
    const uint64_t lo = std::max(w->first, offset), hi = std::min(w->second, end);
    for (uint64_t p = lo; p < hi; ++p) {
      if (bytes_[p] != scratch[p - offset]) {
        fail("writer.conflicting-overlap", path, p, "two parts of the model disagree about the byte at " + hex_offset(p));
        return false;
      }
    }
  }
  std::copy(scratch.begin(), scratch.end(), bytes_.begin() + static_cast<std::ptrdiff_t>(offset));
  add_interval(offset, end);
  if (observer_) observer_->see(offset, std::span<const std::byte>(bytes_.data() + offset, scratch.size()));
  return true;
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
  if (cursor < size_) {
    fail("writer.unplanned-bytes", "", cursor,
         "no part of the model produces the byte at " + hex_offset(cursor) +
             "; the model is missing a field or gap");
  }
  return error_;
}

}  // namespace meshgate
