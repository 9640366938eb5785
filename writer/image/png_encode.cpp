#include "writer/image/png_encode.hpp"

#include <png.h>

#include <algorithm>
#include <stdexcept>

namespace meshgate {

std::vector<std::byte> encode_png(uint32_t width, uint32_t height, PngChannels channels, const PngRowFiller& fill_row,
                                  int compression_level) {
  if (width == 0 || height == 0 || width > 0x7FFFFFFFu || height > 0x7FFFFFFFu)
    throw std::runtime_error("a PNG must be 1 to 2^31 - 1 pixels each way");
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  if (!png) throw std::runtime_error("libpng: cannot create a write struct");
  png_infop info = png_create_info_struct(png);
  std::vector<std::byte> out;
  std::vector<uint8_t> row(size_t{width} * static_cast<size_t>(channels));
  // libpng reports errors by longjmp: nothing with a destructor is made between here and the end.
  if (!info || setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    throw std::runtime_error("libpng failed to write the picture");
  }
  png_set_write_fn(
      png, &out,
      [](png_structp p, png_bytep data, png_size_t length) {
        auto* sink = static_cast<std::vector<std::byte>*>(png_get_io_ptr(p));
        const auto* bytes = reinterpret_cast<const std::byte*>(data);
        sink->insert(sink->end(), bytes, bytes + length);
      },
      nullptr);
  png_set_compression_level(png, std::clamp(compression_level, 0, 9));
  png_set_IHDR(png, info, width, height, 8, channels == PngChannels::rgba ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_RGB,
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  for (uint32_t y = 0; y < height; ++y) {
    fill_row(y, row);
    png_write_row(png, row.data());
  }
  png_write_end(png, nullptr);
  png_destroy_write_struct(&png, &info);
  return out;
}

std::vector<std::byte> encode_png_rgba(uint32_t width, uint32_t height, std::span<const uint8_t> rgba,
                                       int compression_level) {
  const size_t stride = size_t{width} * 4;
  if (rgba.size() != stride * height) throw std::runtime_error("RGBA buffer does not match the picture's size");
  return encode_png(
      width, height, PngChannels::rgba,
      [&](uint32_t y, std::span<uint8_t> row) { std::copy_n(rgba.data() + y * stride, stride, row.data()); },
      compression_level);
}

}  // namespace meshgate
