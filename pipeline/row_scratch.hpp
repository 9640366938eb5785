// Buffers a format's parser refills from the models parsed before it (a
// sweep parses file after file, and each model owns a buffer per stream:
// parser/core/buffer_pool.hpp). A row that keeps them says so
// (FormatRow::scratch); the tree walk leases one ScratchSet per file it
// parses, from a pool shared by its threads, so the rows' parses draw on it
// and give the model's buffers back once the file's visitors are done.
#pragma once

#include <array>
#include <cstddef>
#include <memory>

#include "parser/detect/format_detect.hpp"

namespace meshgate {

struct ParsedFile;

class RowScratch {
 public:
  RowScratch() = default;
  RowScratch(const RowScratch&) = delete;
  RowScratch& operator=(const RowScratch&) = delete;
  virtual ~RowScratch() = default;
  // Takes the buffers of f's model (f is of the row's format, and its
  // visitors are done with it).
  virtual void recycle(ParsedFile& f) = 0;
  // The buffers it holds for the next parse.
  [[nodiscard]] virtual size_t held() const = 0;
};

// One scratch per row that keeps one, each made when first asked.
class ScratchSet {
 public:
  // The scratch of `format`'s row; nullptr when the row keeps none.
  [[nodiscard]] RowScratch* of(Format format);
  // f's model's buffers into the scratch of its row (f.format: what its
  // parse made it), when that scratch was made.
  void recycle(ParsedFile& f);

 private:
  std::array<std::unique_ptr<RowScratch>, kFormatCount> made_{};
};

}  // namespace meshgate
