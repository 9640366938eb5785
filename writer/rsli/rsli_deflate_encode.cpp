// Raw Deflate for §4.6 through libdeflate (no zlib wrapper), and the method
// dispatch of every encoder.
#include <libdeflate.h>

#include <memory>

#include "parser/rsli/rsli_cipher.hpp"
#include "writer/rsli/rsli_encode.hpp"

namespace meshgate::rsli {

namespace {
constexpr int kDeflateLevel = 9;
struct FreeCompressor {
  void operator()(libdeflate_compressor* c) const { libdeflate_free_compressor(c); }
};
}  // namespace

std::vector<std::byte> encode_deflate(Bytes plain) {
  const std::unique_ptr<libdeflate_compressor, FreeCompressor> c(libdeflate_alloc_compressor(kDeflateLevel));
  if (!c) return {};
  std::vector<std::byte> out(libdeflate_deflate_compress_bound(c.get(), plain.size()));
  const size_t made = libdeflate_deflate_compress(c.get(), plain.data(), plain.size(), out.data(), out.size());
  out.resize(made);
  return out;
}

std::vector<std::byte> encode_entry(Method method, Bytes plain, uint16_t key16) {
  switch (method) {
    case Method::stored: return std::vector<std::byte>(plain.begin(), plain.end());
    case Method::xor_only: return xor_copy(plain, key16);
    case Method::lzss: return encode_lzss(plain);
    case Method::xor_lzss: return xor_copy(encode_lzss(plain), key16);
    case Method::lzhuf: return encode_lzhuf(plain);
    case Method::xor_lzhuf: return xor_copy(encode_lzhuf(plain), key16);
    case Method::deflate: return encode_deflate(plain);
  }
  return {};
}

}  // namespace meshgate::rsli
