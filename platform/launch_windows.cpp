#include <windows.h>

#include <shellapi.h>

#include <array>

#include "platform/launch.hpp"

namespace meshgate::platform {

bool started_with_own_console() {
  std::array<DWORD, 2> processes{};
  // The count of processes attached, even when it exceeds the list's room; 0 without a console.
  return GetConsoleProcessList(processes.data(), static_cast<DWORD>(processes.size())) == 1;
}

bool open_with_default_program(const std::filesystem::path& file, std::string& error) {
  // ShellExecuteW returns a value above 32 on success, an SE_ERR_ code otherwise.
  const auto result = reinterpret_cast<INT_PTR>(
      ShellExecuteW(nullptr, L"open", file.c_str(), nullptr, nullptr, SW_SHOWNORMAL));
  if (result > 32) return true;
  error = result == SE_ERR_NOASSOC ? "Windows has no program to open .html files"
                                   : "Windows did not open it (ShellExecute error " + std::to_string(result) + ")";
  return false;
}

void hold_console(int seconds) {
  const HANDLE input = GetStdHandle(STD_INPUT_HANDLE);
  if (input == INVALID_HANDLE_VALUE || input == nullptr || seconds <= 0) return;
  FlushConsoleInputBuffer(input);
  WaitForSingleObject(input, static_cast<DWORD>(seconds) * 1000);
}

}  // namespace meshgate::platform
