// The file list of a paged report's index.html (reports/paged_report.hpp),
// small enough that 10,000 files stay under 5 MB (issue 52): a real
// install's rows repeat their format, verdict, diagnostic codes, invariant
// ids and folders, so each is written once in a table and a row names it by
// its number. The index's data, as JSON:
//   {"formats": [name...], "verdicts": [word...], "codes": [code...],
//    "invariants": [id...], "code_sets": [[code number...]...],
//    "invariant_sets": [[invariant number...]...], "folders": [prefix...],
//    "rows": [[folder, name, format, verdict, coverage, size, page,
//              code set, invariant set]...]}
// A row's path is its folder (everything up to its last '/' or '!') and its
// name; coverage is in tenths of a percent, or null when nothing was mapped;
// page is 1 when files/N.html exists. Tables list entries in order of first
// use, so the same rows give the same bytes.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "analysis/sweep.hpp"

namespace meshgate {

class PagedIndex {
 public:
  void add(const SweptFile& f, bool page);
  [[nodiscard]] uint64_t rows() const { return rows_count_; }
  // The data above as JSON text.
  [[nodiscard]] std::string json() const;

 private:
  // Strings numbered in order of first use, kept as a JSON array's text.
  class Table {
   public:
    // A string, written as a JSON string.
    uint32_t number_of_string(std::string_view s);
    // A value already written as JSON text (a set: "[3,5]").
    uint32_t number_of_json(std::string_view text);
    [[nodiscard]] const std::string& text() const { return text_; }

   private:
    uint32_t number_of(std::string_view key, bool quote);
    std::map<std::string, uint32_t, std::less<>> numbers_;
    std::string text_;
  };
  uint32_t code_set(const SweptFile& f);
  uint32_t invariant_set(const SweptFile& f);

  Table formats_, verdicts_, codes_, invariants_, code_sets_, invariant_sets_, folders_;
  std::string rows_;  // "[...],[...]": one small array per file
  uint64_t rows_count_ = 0;
};

}  // namespace meshgate
