// `meshgate synth install --scale N --out DIR`: the synthetic install
// (synth/install/install_synth.hpp) written into a folder beside DIR and
// moved into place once whole.
#pragma once

#include <cstdint>
#include <string>

namespace meshgate::cli {

// Returns the exit code: 0 written, 2 usage or I/O (an existing DIR that is
// not an empty directory is refused before anything is generated).
[[nodiscard]] int run_synth_install(uint64_t seed, uint64_t scale_mb, const std::string& out);

}  // namespace meshgate::cli
