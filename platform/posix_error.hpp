// errno values as the kind of failure a message names. Included by the
// POSIX files of platform/ only.
#pragma once

#include <cerrno>

#include "platform/file_status.hpp"

namespace meshgate::platform {

inline FileProblem problem_from_errno(int error) {
  switch (error) {
    case ENOENT:
    case ENOTDIR: return FileProblem::not_found;
    case EACCES:
    case EPERM: return FileProblem::permission_denied;
    case ELOOP:  // a symlink loop
    case ENXIO:  // a FIFO with no writer, a socket
    case ENODEV: return FileProblem::not_regular;
    default: return FileProblem::io_error;
  }
}

}  // namespace meshgate::platform
