#include "parser/gltf/gltf_uri.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace meshgate::gltf {

namespace {

ParsedUri refused(std::string reason) { return {ParsedUri::Kind::refused, {}, std::move(reason)}; }

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// RFC 3986 scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":", before any '/'.
// "C:/x" has one too (a Windows drive): refused like "file:" and "http:".
std::optional<std::string> scheme_of(const std::string& uri) {
  const size_t colon = uri.find(':');
  if (colon == std::string::npos || colon == 0 || uri.find('/') < colon) return std::nullopt;
  if (!std::isalpha(static_cast<unsigned char>(uri[0]))) return std::nullopt;
  for (size_t i = 1; i < colon; ++i) {
    const auto c = static_cast<unsigned char>(uri[i]);
    if (!std::isalnum(c) && c != '+' && c != '-' && c != '.') return std::nullopt;
  }
  return uri.substr(0, colon);
}

int base64_value(unsigned char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+' || c == '-') return 62;  // '-' and '_': the URL-safe alphabet
  if (c == '/' || c == '_') return 63;
  return -1;
}

}  // namespace

ParsedUri parse_uri(const std::string& uri) {
  if (uri.empty()) return refused("an empty uri names no file");
  const std::optional<std::string> scheme = scheme_of(uri);
  if (scheme) {
    std::string lower = *scheme;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    if (lower == "data") return {ParsedUri::Kind::data, {}, {}};
    return refused("a '" + *scheme + ":' uri: only relative paths below the glTF's folder and data: URIs are read");
  }
  if (uri.front() == '/' || uri.front() == '\\') return refused("an absolute path: only relative paths below the glTF's folder are read");
  std::string decoded;
  for (size_t i = 0; i < uri.size(); ++i) {
    if (uri[i] != '%') {
      decoded += uri[i];
      continue;
    }
    if (i + 2 >= uri.size() || hex_value(uri[i + 1]) < 0 || hex_value(uri[i + 2]) < 0)
      return refused("a malformed percent escape");
    const char c = static_cast<char>(hex_value(uri[i + 1]) * 16 + hex_value(uri[i + 2]));
    if (c == '\0') return refused("a NUL byte (%00) in the path");
    decoded += c, i += 2;
  }
  if (decoded.front() == '/') return refused("an absolute path: only relative paths below the glTF's folder are read");
  // Lexically below the folder: "." skipped, ".." takes back one component
  // and may never climb above the folder. Symlinks are the UriSource's job.
  std::vector<std::string> parts;
  for (size_t start = 0; start <= decoded.size();) {
    size_t end = decoded.find('/', start);
    if (end == std::string::npos) end = decoded.size();
    std::string part = decoded.substr(start, end - start);
    start = end + 1;
    if (part.empty() || part == ".") continue;
    if (part == "..") {
      if (parts.empty()) return refused("'..' leads out of the glTF's folder");
      parts.pop_back();
      continue;
    }
    parts.push_back(std::move(part));
  }
  if (parts.empty()) return refused("names the glTF's folder, not a file");
  ParsedUri out{ParsedUri::Kind::path, {}, {}};
  for (const std::string& p : parts) out.path += (out.path.empty() ? "" : "/") + p;
  return out;
}

std::optional<std::vector<unsigned char>> decode_data_uri(const std::string& uri, uint64_t length, std::string& error) {
  const size_t comma = uri.find(',');
  const std::string header = comma == std::string::npos ? uri : uri.substr(0, comma);
  if (comma == std::string::npos || header.size() < 7 || header.compare(header.size() - 7, 7, ";base64") != 0) {
    error = "a data: URI that is not base64 (data:...;base64,...)";
    return std::nullopt;
  }
  const size_t payload = comma + 1, available = uri.size() - payload;
  std::vector<unsigned char> out;
  out.reserve(static_cast<size_t>(std::min<uint64_t>(length, available / 4 * 3 + 3)));
  uint32_t bits = 0;
  unsigned held = 0;
  size_t i = payload;
  for (; i < uri.size() && out.size() < length; ++i) {
    const auto c = static_cast<unsigned char>(uri[i]);
    if (c == '=') break;
    const int v = base64_value(c);
    if (v < 0) {
      error = "a data: URI with a byte that is not base64 at character " + std::to_string(i);
      return std::nullopt;
    }
    bits = (bits << 6) | static_cast<uint32_t>(v), held += 6;
    if (held >= 8) {
      held -= 8;
      out.push_back(static_cast<unsigned char>(bits >> held));
      bits &= (1u << held) - 1;
    }
  }
  if (out.size() < length) {
    error = "a data: URI holding " + std::to_string(out.size()) + " bytes where byteLength says " + std::to_string(length);
    return std::nullopt;
  }
  return out;
}

std::string uri_for_message(const std::string& uri) {
  constexpr size_t kShown = 80;
  std::string out = "'";
  for (size_t i = 0; i < uri.size() && i < kShown; ++i) {
    const auto c = static_cast<unsigned char>(uri[i]);
    if (c < 0x20 || c == 0x7F) {
      static constexpr std::array<char, 16> kHex = {'0', '1', '2', '3', '4', '5', '6', '7',
                                                    '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'};
      out += "\\x", out += kHex[c >> 4], out += kHex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  out += "'";
  if (uri.size() > kShown) out += " (" + std::to_string(uri.size()) + " characters, cut)";
  return out;
}

}  // namespace meshgate::gltf
