#include "writer/image/png_decode.hpp"

#include <png.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace meshgate {

namespace {

constexpr size_t kSignatureBytes = 8;
// The chunks a texture needs none of, and whose declared length libpng would
// otherwise allocate before reading them: a length over the chunk limit is
// only a benign error (a warning) when reading, so a 44-byte PNG declaring a
// 700 MB iTXt made libpng allocate 700 MB (png_fuzzer). Ignored, libpng skips
// their bytes without a buffer.
constexpr png_byte kIgnoredChunks[] = "tEXt\0zTXt\0iTXt\0iCCP\0sPLT\0eXIf";
constexpr int kIgnoredChunkCount = 6;

std::string size_text(uint32_t w, uint32_t h) { return std::to_string(w) + "x" + std::to_string(h); }

// The IHDR's size, read from the bytes before libpng sees them (the first
// chunk, big-endian width and height at 16 and 20), so that a PNG too large
// is refused naming its size and the limit.
std::optional<std::string> refuse_size(Bytes png, const PngReadLimits& limits) {
  constexpr size_t kIhdrEnd = 24;
  if (png.size() < kIhdrEnd || std::memcmp(png.data() + 12, "IHDR", 4) != 0) return std::nullopt;  // libpng says why
  const auto be32 = [&](size_t at) {
    uint32_t v = 0;
    for (size_t i = 0; i < 4; ++i) v = v << 8 | std::to_integer<uint32_t>(png[at + i]);
    return v;
  };
  const uint32_t w = be32(16), h = be32(20);
  if (w > limits.max_dimension || h > limits.max_dimension)
    return "the PNG is " + size_text(w, h) + ": wider or taller than the " + std::to_string(limits.max_dimension) +
           " pixels meshgate reads";
  if (uint64_t{w} * h > limits.max_pixels)
    return "the PNG is " + size_text(w, h) + ": more than the " + std::to_string(limits.max_pixels) +
           " pixels meshgate reads";
  return std::nullopt;
}

// What libpng's reading steps need, kept in memory the frames below only
// point to: libpng reports errors by longjmp back into those frames, so they
// hold no object with a destructor and no local that changes after setjmp.
struct PngReadJob {
  png_structp png = nullptr;
  png_infop info = nullptr;
  Bytes input;
  size_t at = 0;
  uint32_t width = 0, height = 0;
  std::vector<png_bytep>* rows = nullptr;
  uint64_t largest_allocation = 0;
  char message[256] = {};
};

// libpng's own allocations (row buffers, zlib's window, chunk data): each
// recorded, and any above kPngLibraryAllocationMax refused (libpng then
// reports "out of memory" through its error path).
png_voidp allocate(png_structp png, png_alloc_size_t size) {
  auto* job = static_cast<PngReadJob*>(png_get_mem_ptr(png));
  job->largest_allocation = std::max<uint64_t>(job->largest_allocation, size);
  return size > kPngLibraryAllocationMax ? nullptr : std::malloc(size);
}

void release(png_structp, png_voidp p) { std::free(p); }

void read_input(png_structp png, png_bytep data, png_size_t length) {
  auto* job = static_cast<PngReadJob*>(png_get_io_ptr(png));
  if (length > job->input.size() - job->at) png_error(png, "the file ends inside the PNG");
  std::memcpy(data, job->input.data() + job->at, length);
  job->at += length;
}

// libpng's message is kept for the caller, then libpng's own longjmp.
[[noreturn]] void keep_error(png_structp png, png_const_charp message) {
  auto* job = static_cast<PngReadJob*>(png_get_error_ptr(png));
  std::strncpy(job->message, message ? message : "libpng error", sizeof job->message - 1);
  png_longjmp(png, 1);
}

void ignore_warning(png_structp, png_const_charp) {}

// The header, and the transforms that give RGBA8 from any colour type and
// depth: palette and low-bit grey expanded, tRNS to alpha, 16 bits scaled,
// grey to RGB, an opaque alpha added where there is none. False when libpng
// failed (it jumped back here).
bool read_header_steps(PngReadJob* job, const PngReadLimits* limits) {
  if (setjmp(png_jmpbuf(job->png))) return false;
  png_set_read_fn(job->png, job, read_input);
  png_set_user_limits(job->png, limits->max_dimension, limits->max_dimension);
  png_set_chunk_malloc_max(job->png, kPngChunkMallocMax);
  png_set_keep_unknown_chunks(job->png, PNG_HANDLE_CHUNK_NEVER, kIgnoredChunks, kIgnoredChunkCount);
  png_read_info(job->png, job->info);
  job->width = png_get_image_width(job->png, job->info);
  job->height = png_get_image_height(job->png, job->info);
  const png_byte colour = png_get_color_type(job->png, job->info);
  png_set_expand(job->png);
  png_set_scale_16(job->png);
  if (colour == PNG_COLOR_TYPE_GRAY || colour == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(job->png);
  if (!(colour & PNG_COLOR_MASK_ALPHA)) png_set_add_alpha(job->png, 0xFF, PNG_FILLER_AFTER);
  (void)png_set_interlace_handling(job->png);
  png_read_update_info(job->png, job->info);
  if (png_get_rowbytes(job->png, job->info) != size_t{job->width} * 4) png_error(job->png, "cannot read it as RGBA8");
  return true;
}

bool read_pixels_steps(PngReadJob* job) {
  if (setjmp(png_jmpbuf(job->png))) return false;
  png_read_image(job->png, job->rows->data());
  png_read_end(job->png, nullptr);
  return true;
}


// The picture the header announced, once its size is within the limits.
PngDecodeResult read_pixels(PngReadJob& job, const PngReadLimits& limits) {
  if (uint64_t{job.width} * job.height > limits.max_pixels)  // refuse_size saw the same IHDR; kept as the allocation's own guard
    return {std::nullopt, "the PNG is " + size_text(job.width, job.height) + ": more than the " +
                              std::to_string(limits.max_pixels) + " pixels meshgate reads"};
  RgbaPicture picture{job.width, job.height, std::vector<uint8_t>(size_t{job.width} * job.height * 4)};
  std::vector<png_bytep> rows(job.height);
  for (uint32_t y = 0; y < job.height; ++y) rows[y] = picture.rgba.data() + size_t{y} * job.width * 4;
  job.rows = &rows;
  if (!read_pixels_steps(&job)) return {std::nullopt, std::string("not a readable PNG: ") + job.message};
  return {std::move(picture), {}};
}

}  // namespace

bool looks_like_png(Bytes bytes) {
  return bytes.size() >= kSignatureBytes &&
         png_sig_cmp(reinterpret_cast<png_const_bytep>(bytes.data()), 0, kSignatureBytes) == 0;
}

PngDecodeResult decode_png(Bytes png, const PngReadLimits& limits) {
  if (!looks_like_png(png)) return {std::nullopt, "not a PNG (it does not begin with the PNG signature)"};
  if (auto why = refuse_size(png, limits)) return {std::nullopt, std::move(*why)};
  PngReadJob job;
  job.input = png;
  job.png = png_create_read_struct_2(PNG_LIBPNG_VER_STRING, &job, keep_error, ignore_warning, &job, allocate, release);
  if (!job.png) return {std::nullopt, "libpng: cannot create a read struct"};
  job.info = png_create_info_struct(job.png);
  PngDecodeResult result;
  try {
    if (!job.info) result.error = "libpng: cannot create an info struct";
    else if (!read_header_steps(&job, &limits))
      result.error = std::string("not a readable PNG: ") + job.message;
    else
      result = read_pixels(job, limits);
  } catch (...) {  // the picture's allocation: libpng's state is freed before it goes on
    png_destroy_read_struct(&job.png, &job.info, nullptr);
    throw;
  }
  png_destroy_read_struct(&job.png, &job.info, nullptr);
  result.largest_library_allocation = job.largest_allocation;
  return result;
}

}  // namespace meshgate
