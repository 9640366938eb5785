#include "pipeline/row_scratch.hpp"

#include "pipeline/format_rows.hpp"

namespace meshgate {

RowScratch* ScratchSet::of(Format format) {
  std::unique_ptr<RowScratch>& slot = made_[static_cast<size_t>(format)];
  if (!slot) {
    const FormatRow& row = row_of(format);
    if (!row.scratch) return nullptr;
    slot = row.scratch();
  }
  return slot.get();
}

void ScratchSet::recycle(ParsedFile& f) {
  if (const std::unique_ptr<RowScratch>& slot = made_[static_cast<size_t>(f.format)]) slot->recycle(f);
}

}  // namespace meshgate
