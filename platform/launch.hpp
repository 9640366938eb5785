// How the program was started, and handing a page to the user's browser.
// On Windows, a file dropped on meshgate.exe in Explorer (or a double click)
// starts it with a console of its own: the console's process list holds only
// meshgate. Started from cmd or PowerShell it shares the shell's console (two
// or more processes); started by a script or a pipe it has none. So a lone
// path and a console of its own mean "a person dropped this file", and every
// other start keeps the command line's contract. POSIX has no such start.
#pragma once

#include <filesystem>
#include <string>

namespace meshgate::platform {

// True when the program is the only process of its console (Explorer started it).
[[nodiscard]] bool started_with_own_console();

// Opens FILE with the program the user chose for its kind (ShellExecuteW "open");
// false, with `error` set, when the system has none or refuses.
[[nodiscard]] bool open_with_default_program(const std::filesystem::path& file, std::string& error);

// Keeps a console that closes with the program open until a key is pressed or
// SECONDS pass, so that a failure's message can be read before the window goes.
void hold_console(int seconds);

}  // namespace meshgate::platform
