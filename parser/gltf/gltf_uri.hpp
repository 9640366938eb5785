// What a glTF's `uri` may name, and who reads it. A uri is hostile input: it
// is either a `data:` URI (decoded here, never past the bytes its buffer
// declares) or a relative path below the glTF's own folder (no scheme, not
// absolute, no `..` that climbs out, no NUL); anything else is refused with
// the uri named. The files are read by a UriSource the caller gives (the CLI:
// reports/gltf_uri_files.hpp, FileReader's rules; the fuzzer: a map in memory).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace meshgate::gltf {

// Files a glTF's uris name, by the relative path uri_path() made of them.
class UriSource {
 public:
  virtual ~UriSource() = default;
  // The first `length` bytes of the file (a buffer reads only the byteLength
  // it declares); nullopt with `error` saying why (missing, shorter, not a
  // regular file, outside the folder, too large).
  [[nodiscard]] virtual std::optional<std::vector<unsigned char>> read(const std::string& path, uint64_t length,
                                                                       std::string& error) = 0;
  // An image: checked by the same rules but never read (import does not use
  // pixels). A missing file is fine; false with `error` for anything else.
  [[nodiscard]] virtual bool check(const std::string& path, std::string& error) = 0;
};

// A uri's kind and what it says.
struct ParsedUri {
  enum class Kind { data, path, refused } kind = Kind::refused;
  std::string path;    // Kind::path: percent-decoded, normalised ("a/./b" -> "a/b")
  std::string reason;  // Kind::refused: why
};
[[nodiscard]] ParsedUri parse_uri(const std::string& uri);

// The first `length` bytes a base64 `data:` URI holds, decoding no more than
// that; nullopt with `error` when it is not base64 data or holds fewer bytes.
[[nodiscard]] std::optional<std::vector<unsigned char>> decode_data_uri(const std::string& uri, uint64_t length,
                                                                        std::string& error);

// A uri for a message: at most 80 characters (a data: URI can be 200 MB),
// control characters escaped.
[[nodiscard]] std::string uri_for_message(const std::string& uri);

}  // namespace meshgate::gltf
