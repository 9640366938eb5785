#include "writer/zip/zip_compress.hpp"

#include <bzlib.h>
#include <libdeflate.h>

#include <limits>
#include <memory>

namespace meshgate::zip {

bool can_write_method(uint16_t method) {
  return method == kMethodStored || method == kMethodDeflate || method == kMethodBzip2;
}

std::string method_name(uint16_t method) {
  const auto named = [&](const char* name) { return std::string(name) + " (" + std::to_string(method) + ")"; };
  switch (method) {
    case 0: return named("stored");
    case 1: return named("shrink");
    case 6: return named("implode");
    case 8: return named("deflate");
    case 9: return named("deflate64");
    case 12: return named("bzip2");
    case 14: return named("LZMA");
    case 93: return named("Zstandard");
    case 95: return named("xz");
    case 98: return named("PPMd");
    case 99: return named("AES-encrypted");
    default: return "method " + std::to_string(method);
  }
}

uint32_t crc32_of(Bytes bytes) { return libdeflate_crc32(0, bytes.data(), bytes.size()); }

int deflate_level_of_flags(uint16_t flags) {
  switch ((flags >> 1) & 3) {
    case 1: return 9;  // maximum
    case 2: return 2;  // fast
    case 3: return 1;  // super fast
    default: return 6;
  }
}

namespace {

std::optional<std::vector<std::byte>> deflate(Bytes bytes, int level) {
  const std::unique_ptr<libdeflate_compressor, decltype(&libdeflate_free_compressor)> c(
      libdeflate_alloc_compressor(level), &libdeflate_free_compressor);
  if (!c) return std::nullopt;
  std::vector<std::byte> out(libdeflate_deflate_compress_bound(c.get(), bytes.size()));
  const size_t n = libdeflate_deflate_compress(c.get(), bytes.data(), bytes.size(), out.data(), out.size());
  if (n == 0) return std::nullopt;  // cannot happen within the bound
  out.resize(n);
  return out;
}

// bzip2's documented bound: 1% more than the input plus 600 bytes.
std::optional<std::vector<std::byte>> bzip2(Bytes bytes, int block) {
  constexpr uint64_t kMax = std::numeric_limits<unsigned int>::max();
  const uint64_t bound = bytes.size() + bytes.size() / 100 + 600;
  if (bound > kMax) return std::nullopt;
  std::vector<std::byte> out(static_cast<size_t>(bound));
  auto out_size = static_cast<unsigned int>(bound);
  // libbz2 takes non-const pointers but does not write through `source`.
  auto* source = const_cast<char*>(reinterpret_cast<const char*>(bytes.data()));
  const int rc = BZ2_bzBuffToBuffCompress(reinterpret_cast<char*>(out.data()), &out_size, source,
                                          static_cast<unsigned int>(bytes.size()), block, 0, 0);
  if (rc != BZ_OK) return std::nullopt;
  out.resize(out_size);
  return out;
}

}  // namespace

std::optional<std::vector<std::byte>> compress(Bytes bytes, const Compression& how) {
  switch (how.method) {
    case kMethodStored: return std::vector<std::byte>(bytes.begin(), bytes.end());
    case kMethodDeflate: return deflate(bytes, how.deflate_level);
    case kMethodBzip2: return bzip2(bytes, how.bzip2_block);
    default: return std::nullopt;
  }
}

}  // namespace meshgate::zip
