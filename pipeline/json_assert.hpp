// Included before every source of the targets that use nlohmann/json (see
// CMakeLists.txt): nlohmann's own checks (JSON_ASSERT: `const operator[]` on a
// missing key, an iterator used outside its container) are `assert`s, gone in
// release builds, where such a read is undefined behaviour. Here they throw
// instead, in every build: a read the code forgot to check becomes a message
// and exit 2 (cli/main.cpp catches it), never garbage. (Inside nlohmann's
// noexcept functions, which only check its own invariants, a failure ends the
// program as assert would.)
#pragma once

#include <stdexcept>

namespace meshgate {
[[noreturn]] inline void json_assert_failed(const char* condition) {
  throw std::logic_error(std::string("internal error: a JSON value was read where it is not (") + condition + ")");
}
}  // namespace meshgate

#define JSON_ASSERT(x) ((x) ? static_cast<void>(0) : ::meshgate::json_assert_failed(#x))
