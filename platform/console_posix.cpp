#include <ctime>

#include <unistd.h>

#include "platform/console.hpp"

namespace meshgate::platform {

std::vector<std::string> utf8_arguments(int argc, char** argv) { return std::vector<std::string>(argv, argv + argc); }

// glibc reads the time zone lazily under a lock ThreadSanitizer cannot see
// (libzip converts member times on several threads): reading it once here,
// before any thread starts, leaves nothing to race on.
void prepare_console() { tzset(); }

bool stderr_is_terminal() { return ::isatty(STDERR_FILENO) != 0; }

}  // namespace meshgate::platform
