// `meshgate diff`: two files of one format compared by field path, not by
// byte. Both sides are described by the field listing `inspect --json`
// prints (every record field with its offset, type, value and status; every
// stream with its element type and count), so a diff names what the field
// tables name. Streams are compared element by element; uncovered bytes
// range by range; the models nested in an NRes archive pair up by entry name.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "parser/core/byte_reader.hpp"
#include "parser/core/parse_profile.hpp"
#include "pipeline/parse_tree.hpp"
#include "pipeline/field_listing_groups.hpp"

namespace meshgate {

// A stream's numeric element, from the listing's type ("f32x3[110]" or
// "f32x3"): lane kind ('f', 'i', 's' signed, 'u'), bytes per lane, lanes.
// None for record arrays ("res7_triangle[54]") and strings. diff compares
// lanes by it, dump writes and build reads typed arrays by it.
struct ElementLayout {
  char kind;
  unsigned bytes, lanes;
  [[nodiscard]] uint64_t stride() const { return uint64_t{bytes} * lanes; }
};
[[nodiscard]] std::optional<ElementLayout> element_layout(std::string_view type);

// One file of the tree (the file itself, or a model nested in it): what a diff reads.
struct DiffSide {
  std::string path;     // report path ("a.rlb!MODEL.MSH")
  std::string key;      // the path below the top-level file ("", "!MODEL.MSH"): what pairs sides up
  std::string format;
  bool parsed = false;
  // Where its bytes lie in the top-level file; none when they are not there
  // (inflated: a volume's member, or a file below one): what set writes at.
  std::optional<uint64_t> offset;
  // Its row's read_only_reason: a file meshgate never rewrites, whose members
  // set and dump refuse too; nullptr when it is written.
  const char* read_only = nullptr;
  std::vector<std::byte> bytes;
  FieldListing fields;      // inspect --json "fields", made a group at a time
  // inspect --json coverage.uncovered; none for a file without a coverage (not parsed, a volume)
  std::optional<std::vector<UncoveredRange>> uncovered;
};

// Every file of the tree of `data` (the file first, then nested models).
// `origin`: how the file was found (FILE!NESTED read on its own parses as in its tree).
[[nodiscard]] std::vector<DiffSide> diff_sides(const std::string& path, Bytes data, ParseProfile profile,
                                             const Origin& origin = {});

struct FieldChange {
  std::string path;
  std::optional<uint64_t> offset_a, offset_b;  // none: the field is on one side only
  nlohmann::json old_value, new_value;         // null on the side that lacks it
  std::string status;
};

struct StreamChange {
  std::string path;
  std::string type_a, type_b;  // "f32x3[110]"
  uint64_t count_a = 0, count_b = 0;
  uint64_t changed = 0;                     // elements that differ (over the common count)
  std::optional<uint64_t> first_changed;    // index of the first
  std::vector<double> max_abs_diff;         // per component, for numeric element types
};

struct RangeChange {
  uint64_t start, end;  // an uncovered range present on one side only, or holding other bytes
  std::string side;     // "a", "b" or "both"
};

struct FileDiff {
  std::string key, path_a, path_b;
  bool only_in_a = false, only_in_b = false;
  bool format_differs = false, parse_differs = false;
  std::vector<FieldChange> fields;
  std::vector<StreamChange> streams;
  std::vector<RangeChange> uncovered;
  [[nodiscard]] bool equal() const {
    return !only_in_a && !only_in_b && !format_differs && !parse_differs && fields.empty() && streams.empty() &&
           uncovered.empty();
  }
};

// What a diff compares. `bytes`: every field, stream and uncovered byte, so
// only identical files are equal. `content` (`diff --semantic`): what the
// model holds, not where it lies (content_view), so two layouts of one model
// are equal.
enum class DiffMode { bytes, content };

// The side without its layout: no field the tables mark FieldRole::layout
// (offsets, payload sizes, sort indices, the MOD workspace), no uncovered
// bytes (padding, gaps), and container entries keyed by name
// ("entries[M000.nodes].type_id"), not by directory position.
[[nodiscard]] DiffSide content_view(DiffSide side);

// The trees of two files, paired by key. Sides given as temporaries are
// made content views in place (DiffMode::content), never copied.
[[nodiscard]] std::vector<FileDiff> diff_trees(const std::vector<DiffSide>& a, const std::vector<DiffSide>& b,
                                               DiffMode mode = DiffMode::bytes);
[[nodiscard]] std::vector<FileDiff> diff_trees(std::vector<DiffSide>&& a, std::vector<DiffSide>&& b,
                                               DiffMode mode = DiffMode::bytes);

[[nodiscard]] nlohmann::json file_diff_json(const FileDiff& d);
// Human-readable lines, one change per line.
[[nodiscard]] std::string file_diff_text(const FileDiff& d);

}  // namespace meshgate
