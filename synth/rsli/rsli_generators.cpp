// RsLi's row of `meshgate synth` (synth/generators.hpp): none yet.
#include "synth/generators.hpp"

namespace meshgate {

template <>
std::span<const SynthGenerator> format_generators<Format::rsli>() {
  return {};
}

}  // namespace meshgate
