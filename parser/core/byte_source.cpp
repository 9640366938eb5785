#include "parser/core/byte_source.hpp"

#include <cstring>

#include "parser/core/checked_math.hpp"

namespace meshgate {

bool BytesSource::read(uint64_t offset, std::span<std::byte> into) {
  if (!range_fits(offset, into.size(), bytes_.size())) return false;
  if (!into.empty()) std::memcpy(into.data(), bytes_.data() + offset, into.size());
  return true;
}

bool FileSource::read(uint64_t offset, std::span<std::byte> into) {
  if (!range_fits(offset, into.size(), size_)) return false;
  const auto n = file_.read_into(into, offset);
  return n && *n == into.size();
}

}  // namespace meshgate
