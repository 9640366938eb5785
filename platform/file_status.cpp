#include "platform/file_status.hpp"

namespace meshgate::platform {

std::string kind_text(PathKind kind) {
  switch (kind) {
    case PathKind::missing: return "missing";
    case PathKind::regular: return "a regular file";
    case PathKind::directory: return "a directory";
    case PathKind::symlink: return "a symlink";
    case PathKind::fifo: return "a FIFO";
    case PathKind::socket: return "a socket";
    case PathKind::device: return "a device";
    case PathKind::other: return "not a regular file";
  }
  return "not a regular file";
}

}  // namespace meshgate::platform
