#include "pipeline/roundtrip.hpp"

#include "parser/core/core_diagnostic_codes.hpp"

#include <algorithm>
#include <cstring>
#include <memory>

#include "parser/core/hashing.hpp"
#include "pipeline/field_listing.hpp"
#include "pipeline/format_rows.hpp"
#include "writer/core/part_comparison.hpp"

namespace meshgate {

std::optional<uint64_t> first_difference(Bytes a, Bytes b) {
  // The common case is equality: one memcmp, then a byte walk only to locate a difference.
  if (a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size()) == 0)) return std::nullopt;
  const size_t n = std::min(a.size(), b.size());
  auto mismatch = std::mismatch(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(n), b.begin());
  if (mismatch.first != a.begin() + static_cast<std::ptrdiff_t>(n))
    return static_cast<uint64_t>(mismatch.first - a.begin());
  if (a.size() != b.size()) return n;
  return std::nullopt;
}

// Shared tail of every format: write from the model (`write(observer)`), then
// compare. First without an output image: each part the writer produces is
// compared with the input straight from the model's memory or the writer's
// scratch buffer, and placement and "every byte emitted" are checked as
// always, so equal parts that reach the input's size exactly mean an
// identical file, with no image copied out or read back. Only when a part
// differs, or the writer fails, is the file written again into an image:
// that pass reports the writer's error, locates the first difference and
// hashes the output.
void compare_written(RoundTripOutcome& out, Bytes data, const ModelWriter& write) {
  PartComparison parts(data);
  const PartObserver parts_only = parts.observer();
  if (write(&parts_only).ok() && parts.all_equal_to_the_end()) {
    out.identical = true;
    out.first_diff_offset = std::nullopt;
    out.output_xxh3_64 = out.xxh3_64;  // identical bytes have the input's hash
    return;
  }
  WriteResult written = write(nullptr);
  if (!written.ok()) {
    out.diagnostics.push_back(*written.error);
    return;
  }
  out.first_diff_offset = first_difference(data, written.bytes);
  out.identical = !out.first_diff_offset;
  const bool hashes = !out.xxh3_64.empty();
  out.output_xxh3_64 = out.identical || !hashes ? out.xxh3_64 : xxh3_64_hex(written.bytes);
}

RoundTripOutcome roundtrip_file(ParsedFile& f, bool hashes) {
  RoundTripOutcome out;
  out.path = f.path;
  out.size = f.data.size();
  if (hashes) out.xxh3_64 = xxh3_64_hex(f.data);
  out.format = f.format;
  out.parsed = f.ok();
  const FormatRow& row = row_of(f.format);
  out.read_only = row.read_only_reason != nullptr;
  if (out.parsed && row.write_back) row.write_back(f, out);
  // The parser's diagnostics first, then the writer's, then the tree's.
  std::vector<Diagnostic> found = f.diagnostics();
  const auto parser_end = found.end() - static_cast<std::ptrdiff_t>(f.tree_diagnostics.size());
  out.diagnostics.insert(out.diagnostics.begin(), found.begin(), parser_end);
  out.diagnostics.insert(out.diagnostics.end(), parser_end, found.end());
  return out;
}

RoundTripOutcome roundtrip_bytes(std::string path, Bytes data, ParseProfile profile, bool hashes) {
  RoundTripOutcome out;
  parse_tree(path, data, {.profile = profile, .descend = false}, [&](ParsedFile& f) { out = roundtrip_file(f, hashes); });
  return out;
}

std::vector<RoundTripOutcome> roundtrip_tree(const std::string& path, Bytes data, ParseProfile profile,
                                             const TreeVisitor& visitor, bool hashes, const SizeLimits& limits) {
  std::vector<RoundTripOutcome> out;
  roundtrip_each(path, data, {.profile = profile, .limits = limits}, [&](const RoundTripOutcome& o, Bytes bytes, const ParsedView& parsed) {
    out.push_back(o);
    if (visitor) visitor(out.back(), bytes, parsed);
  }, hashes);
  return out;
}

void roundtrip_each(const std::string& path, Bytes data, const ParseTreeOptions& options, const TreeVisitor& visitor,
                    bool hashes, const std::function<RoundTripBranch()>& branch) {
  ParseTreeOptions tree = options;
  if (branch)
    tree.branch = [&branch, hashes] {
      auto own = std::make_shared<RoundTripBranch>(branch());
      return TreeBranch{.enter = [own, hashes](ParsedFile& f) { own->visit(roundtrip_file(f, hashes), f.data, f.view()); },
                        .leave = {},
                        .commit = [own] { own->commit(); }};
    };
  parse_tree(path, data, tree, [&](ParsedFile& f) { visitor(roundtrip_file(f, hashes), f.data, f.view()); });
}

RoundTripOutcome too_large_outcome(std::string path, const FileRead& read) {
  RoundTripOutcome out;
  out.path = std::move(path);
  out.format = read.format;
  out.size = read.file_size;
  out.diagnostics.push_back({core_codes::file_too_large.code, Severity::error, "", 0,
                             "the file is " + std::to_string(read.file_size) + " bytes; the " +
                                 std::string(format_name(read.format)) + " limit is " + std::to_string(read.limit) +
                                 " (--max-size raises it); not read"});
  return out;
}

nlohmann::json roundtrip_json(const RoundTripOutcome& o) {
  return {{"path", o.path},
          {"format", std::string(format_name(o.format))},
          {"size", o.size},
          {"xxh3_64", o.xxh3_64},
          {"output_xxh3_64", o.output_xxh3_64.empty() ? nlohmann::json(nullptr) : nlohmann::json(o.output_xxh3_64)},
          {"parse_ok", o.parsed},
          {"identical", o.identical},
          {"read_only", o.read_only},
          {"first_diff_offset", o.first_diff_offset ? nlohmann::json(*o.first_diff_offset) : nlohmann::json(nullptr)},
          {"diagnostics", diagnostics_json(o.diagnostics)}};
}

}  // namespace meshgate
