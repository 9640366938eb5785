#include "platform/launch.hpp"

namespace meshgate::platform {

bool started_with_own_console() { return false; }

bool open_with_default_program(const std::filesystem::path&, std::string& error) {
  error = "opening a page in the browser is done only on Windows (a file dropped on meshgate.exe)";
  return false;
}

void hold_console(int) {}

}  // namespace meshgate::platform
