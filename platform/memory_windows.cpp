#include "platform/memory.hpp"

namespace meshgate::platform {

void ask_for_huge_pages(std::byte*, size_t) {}

}  // namespace meshgate::platform
