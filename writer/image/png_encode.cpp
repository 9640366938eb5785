#include "writer/image/png_encode.hpp"

#include <png.h>

#include <algorithm>
#include <stdexcept>

namespace meshgate {

namespace {

// What libpng's writing steps need, kept in memory the frame below only
// points to: libpng reports errors by longjmp back into that frame, so it
// holds no object with a destructor and no local that changes after setjmp
// (such a local may be clobbered by the jump).
struct PngJob {
  png_structp png = nullptr;
  png_infop info = nullptr;
  uint32_t width = 0, height = 0, y = 0;
  int color_type = PNG_COLOR_TYPE_RGB;
  int compression_level = 6;
  const PngRowFiller* fill_row = nullptr;
  std::span<uint8_t> row;
  std::vector<std::byte>* out = nullptr;
};

// Appends libpng's output; a failure to grow the output becomes libpng's own
// error (a longjmp), never an exception through libpng's C frames.
void append_output(png_structp png, png_bytep data, png_size_t length) {
  auto* sink = static_cast<std::vector<std::byte>*>(png_get_io_ptr(png));
  try {
    const auto* bytes = reinterpret_cast<const std::byte*>(data);
    sink->insert(sink->end(), bytes, bytes + length);
  } catch (...) {
    png_error(png, "cannot hold the picture");
  }
}

// libpng's steps; false when libpng failed (it jumped back here).
bool write_png_steps(PngJob* job) {
  if (setjmp(png_jmpbuf(job->png))) return false;
  png_set_write_fn(job->png, job->out, append_output, nullptr);
  png_set_compression_level(job->png, std::clamp(job->compression_level, 0, 9));
  png_set_IHDR(job->png, job->info, job->width, job->height, 8, job->color_type, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(job->png, job->info);
  for (job->y = 0; job->y < job->height; ++job->y) {
    (*job->fill_row)(job->y, job->row);  // the caller's code: it runs in this frame, never inside libpng
    png_write_row(job->png, job->row.data());
  }
  png_write_end(job->png, nullptr);
  return true;
}

}  // namespace

std::vector<std::byte> encode_png(uint32_t width, uint32_t height, PngChannels channels, const PngRowFiller& fill_row,
                                  int compression_level) {
  if (width == 0 || height == 0 || width > 0x7FFFFFFFu || height > 0x7FFFFFFFu)
    throw std::runtime_error("a PNG must be 1 to 2^31 - 1 pixels each way");
  std::vector<std::byte> out;
  std::vector<uint8_t> row(size_t{width} * static_cast<size_t>(channels));
  PngJob job;
  job.png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  if (!job.png) throw std::runtime_error("libpng: cannot create a write struct");
  job.info = png_create_info_struct(job.png);
  job.width = width;
  job.height = height;
  job.color_type = channels == PngChannels::rgba ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_RGB;
  job.compression_level = compression_level;
  job.fill_row = &fill_row;
  job.row = row;
  job.out = &out;
  bool written = false;
  try {
    written = job.info && write_png_steps(&job);
  } catch (...) {  // the row filler's: libpng's state is freed before it goes on
    png_destroy_write_struct(&job.png, &job.info);
    throw;
  }
  png_destroy_write_struct(&job.png, &job.info);
  if (!written) throw std::runtime_error("libpng failed to write the picture");
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
