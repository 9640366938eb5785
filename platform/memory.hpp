// Memory hints to the kernel.
#pragma once

#include <cstddef>

namespace meshgate::platform {

// A large file is read into fresh memory, and on the project's VMs a page
// fault costs microseconds: reading a 63 MB volume spent 40% of its sweep
// faulting in 4 KiB pages. Huge pages, where the kernel gives them on request
// (transparent_hugepage = madvise, Debian's default), take 1/512 as many
// faults; elsewhere (and on Windows, where large pages need a privilege) the
// request is a no-op. (With them, and its members read into one buffer, that
// volume's sweep went from 2.4x the sweep of its members extracted to 1.04x:
// docs/PERFORMANCE.md.)
void ask_for_huge_pages(std::byte* data, size_t size);

}  // namespace meshgate::platform
