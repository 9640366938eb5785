// The process's text boundary: its arguments and its standard streams.
// meshgate's strings are UTF-8 and its output is bytes. On Windows, main's
// argv is in the ANSI code page (a name outside it arrives as '?'), and the
// C runtime's text mode turns every "\n" into "\r\n" (JSON, CSV and glTF on
// stdout would differ from Linux's): the arguments are read as UTF-16 and
// converted, and stdout/stderr are put in binary mode, with the console's
// output code page set to UTF-8. On POSIX all of this is as given.
#pragma once

#include <string>
#include <vector>

namespace meshgate::platform {

[[nodiscard]] std::vector<std::string> utf8_arguments(int argc, char** argv);
void prepare_console();
[[nodiscard]] bool stderr_is_terminal();

}  // namespace meshgate::platform
