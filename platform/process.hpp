// The running program's own facts: where its executable is, and its
// environment variables as UTF-8 (on Windows getenv returns the ANSI code
// page, so a non-ASCII value would arrive garbled).
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace meshgate::platform {

// The executable's path (/proc/self/exe; GetModuleFileNameW); nullopt if the system does not say.
[[nodiscard]] std::optional<std::filesystem::path> program_path();

// The variable's value, nullopt when it is unset or empty.
[[nodiscard]] std::optional<std::string> environment(const char* name);

}  // namespace meshgate::platform
