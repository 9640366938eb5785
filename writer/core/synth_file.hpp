// A generated fixture file and a malformed variant that must raise one code.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace meshgate {

struct SynthFile {
  std::string name;  // relative path inside the output directory
  std::vector<std::byte> bytes;
};

struct MalformedCase {
  std::string_view expected_code;  // the diagnostic this corruption must raise
  SynthFile file;
};

}  // namespace meshgate
