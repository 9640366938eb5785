#include "platform/memory.hpp"

namespace meshgate::platform {

void ask_for_huge_pages(std::byte*, size_t) {}

bool fault_in(std::byte*, size_t) { return false; }

}  // namespace meshgate::platform
