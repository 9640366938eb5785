#include <cstdint>

#include <sys/mman.h>

#include "platform/memory.hpp"

namespace meshgate::platform {

void ask_for_huge_pages(std::byte* data, size_t size) {
  constexpr uintptr_t kHugePage = uintptr_t{2} << 20;
  const auto at = reinterpret_cast<uintptr_t>(data);
  const uintptr_t begin = (at + kHugePage - 1) & ~(kHugePage - 1);
  const uintptr_t end = (at + size) & ~(kHugePage - 1);
  if (end > begin) (void)madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
}

}  // namespace meshgate::platform
