// Raw Deflate (docs/spec/nikita-rsli.md §4.6): RFC 1951 blocks, no zlib
// wrapper, through libdeflate. The output buffer is the declared size (or
// what the stream could reach at Deflate's 1032:1, if less), so a stream
// that would write more stops at it instead of growing a buffer.
#include <libdeflate.h>

#include <memory>

#include "parser/rsli/rsli_codecs.hpp"

namespace meshgate::rsli {

namespace {
constexpr uint64_t kMaxRatio = 1032;
struct FreeDecompressor {
  void operator()(libdeflate_decompressor* d) const { libdeflate_free_decompressor(d); }
};
}  // namespace

DecodeResult decode_deflate(Bytes packed, uint64_t unpacked_size) {
  DecodeResult r;
  const size_t room = detail::reserve_for(unpacked_size, packed.size(), kMaxRatio);
  r.bytes.resize(room);
  const std::unique_ptr<libdeflate_decompressor, FreeDecompressor> d(libdeflate_alloc_decompressor());
  if (!d) {
    r.status = DecodeStatus::failed;
    r.detail = "libdeflate could not allocate a decompressor";
    return r;
  }
  std::byte spare{};  // libdeflate wants a buffer even for an empty output
  size_t used_in = 0, made = 0;
  const libdeflate_result result = libdeflate_deflate_decompress_ex(
      d.get(), packed.data(), packed.size(), room == 0 ? &spare : r.bytes.data(), room, &used_in, &made);
  r.bytes.resize(result == LIBDEFLATE_SUCCESS ? made : 0);
  r.consumed = result == LIBDEFLATE_SUCCESS ? used_in : packed.size();
  if (result == LIBDEFLATE_SUCCESS && made == unpacked_size) return r;
  if (result == LIBDEFLATE_SUCCESS) {
    r.status = DecodeStatus::size_mismatch;
    r.detail = "the Deflate stream ends after " + std::to_string(made) + " of " + std::to_string(unpacked_size) +
               " declared bytes";
  } else if (result == LIBDEFLATE_INSUFFICIENT_SPACE) {
    r.status = DecodeStatus::size_mismatch;
    r.detail = "the Deflate stream holds more than the " + std::to_string(unpacked_size) + " declared bytes";
  } else {
    r.status = DecodeStatus::failed;
    r.detail = "the " + std::to_string(packed.size()) + "-byte stream is not valid raw Deflate (libdeflate: bad data)";
  }
  return r;
}

}  // namespace meshgate::rsli
