#include "pipeline/roundtrip.hpp"

#include "parser/core/core_diagnostic_codes.hpp"
#include "pipeline/input_scan.hpp"

#include <algorithm>
#include <cstring>

#include "parser/core/hashing.hpp"
#include "parser/mod/mod_parser.hpp"
#include "parser/nres/nres_parser.hpp"
#include "pipeline/field_listing.hpp"
#include "writer/core/part_comparison.hpp"
#include "writer/mod/mod_writer.hpp"
#include "writer/msh/msh_writer.hpp"
#include "writer/nres/nres_writer.hpp"

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

namespace {

// One parse per file: the NRes archive, when there is one, is handed back so
// roundtrip_tree can descend into its payloads without parsing it again.
RoundTripOutcome roundtrip_one(std::string path, Bytes data, nres::Profile profile,
                               std::optional<nres::Archive>* archive_out, const TreeVisitor& visitor, bool hashes) {
  RoundTripOutcome out;
  out.path = std::move(path);
  out.size = data.size();
  if (hashes) out.xxh3_64 = xxh3_64_hex(data);
  out.format = detect_format(data.first(std::min(data.size(), kMagicProbeBytes)));
  switch (out.format) {
    case Format::dmc3_mod: {
      // File after file, each thread's models fill the stream buffers of its last one.
      thread_local mod::StreamPool pool;
      mod::ParseResult parsed = mod::parse_mod(data, {.pool = &pool});
      out.parsed = parsed.ok();
      if (out.parsed) compare_written(out, data, [&](const PartObserver* o) { return mod::write_mod(*parsed.model, o); });
      out.diagnostics.insert(out.diagnostics.begin(), parsed.diagnostics.begin(), parsed.diagnostics.end());
      if (visitor) visitor(out, data, {.mod = &parsed});
      if (parsed.model) pool.harvest(*parsed.model);
      break;
    }
    case Format::nres:
    case Format::rsli: {
      // Payloads are copied only for a plain archive (its writer and the descent need them).
      nres::ParseResult parsed = nres::parse_nres(data, {.profile = profile, .copy_payloads = false});
      if (parsed.ok() && msh::is_model_archive(*parsed.archive)) {
        // A model: decoded stream by stream and written from the typed streams.
        out.format = Format::nres_msh;
        // File after file, each thread's models fill the stream buffers of its last one.
        thread_local msh::StreamPool pool;
        msh::ParseResult model = msh::parse_msh_archive(data, parsed, {.profile = profile, .pool = &pool});
        out.parsed = model.ok();
        if (out.parsed) compare_written(out, data, [&](const PartObserver* o) { return msh::write_msh(*model.model, o); });
        out.diagnostics.insert(out.diagnostics.begin(), model.diagnostics.begin(), model.diagnostics.end());
        if (visitor) visitor(out, data, {.nres = &parsed, .msh = &model});
        if (model.model) pool.harvest(*model.model);
        break;
      }
      out.parsed = parsed.ok();
      // A model its container's profile rejected (a strict sort table) is still a model.
      if (!out.parsed && profile == nres::Profile::strict && is_rejected_model(data)) out.format = Format::nres_msh;
      if (out.parsed) {
        nres::attach_payloads(*parsed.archive, data);
        compare_written(out, data, [&](const PartObserver* o) { return nres::write_nres(*parsed.archive, o); });
      }
      out.diagnostics.insert(out.diagnostics.begin(), parsed.diagnostics.begin(), parsed.diagnostics.end());
      if (visitor) visitor(out, data, {.nres = &parsed});
      if (out.parsed && archive_out) *archive_out = std::move(parsed.archive);
      break;
    }
    case Format::nres_msh:  // detect_format never returns it
    case Format::unknown:
      out.diagnostics.push_back(
          {core_codes::unknown_format.code, Severity::error, "", 0, "no supported magic at offset 0 (expected \"MOD \" or \"NRes\")"});
      if (visitor) visitor(out, data, {});
      break;
  }
  return out;
}

// Retail nesting is two levels (.rlb -> .msh). Each level copies its payloads,
// so an unbounded chain of archives in archives would cost memory quadratic in
// the file size and recursion as deep as size / 80: stop descending at 8.
constexpr unsigned kMaxNestingDepth = 8;

void roundtrip_into(std::vector<RoundTripOutcome>& out, std::string path, Bytes data, nres::Profile profile,
                    unsigned depth, const TreeVisitor& visitor, bool hashes) {
  std::optional<nres::Archive> archive;
  out.push_back(roundtrip_one(path, data, profile, &archive, visitor, hashes));
  if (!archive) return;
  const size_t self = out.size() - 1;
  for (const nres::Entry& e : archive->entries) {
    if (!nres::looks_like_nres(e.payload)) continue;
    if (depth + 1 >= kMaxNestingDepth) {
      out[self].diagnostics.push_back({core_codes::nesting_limit.code, Severity::warning, "entries", 0,
                                       "archives nested deeper than " + std::to_string(kMaxNestingDepth) +
                                           " levels are round-tripped as bytes, not descended into"});
      return;
    }
    roundtrip_into(out, path + "!" + escape_path_component(nres::entry_name_view(e.record)), e.payload, profile, depth + 1, visitor, hashes);
  }
}

}  // namespace

RoundTripOutcome roundtrip_bytes(std::string path, Bytes data, nres::Profile profile, bool hashes) {
  return roundtrip_one(std::move(path), data, profile, nullptr, {}, hashes);
}

std::vector<RoundTripOutcome> roundtrip_tree(const std::string& path, Bytes data, nres::Profile profile,
                                             const TreeVisitor& visitor, bool hashes) {
  std::vector<RoundTripOutcome> out;
  roundtrip_into(out, path, data, profile, 0, visitor, hashes);
  return out;
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
          {"first_diff_offset", o.first_diff_offset ? nlohmann::json(*o.first_diff_offset) : nlohmann::json(nullptr)},
          {"diagnostics", diagnostics_json(o.diagnostics)}};
}

ParsedCoverage parsed_coverage(const ParsedView& parsed) {
  if (parsed.mod && parsed.mod->ok()) return {&parsed.mod->coverage_map, &parsed.mod->coverage};
  if (parsed.msh && parsed.msh->ok()) return {&parsed.msh->coverage_map, &parsed.msh->coverage};
  // A model the parser rejected inside a sound container: the container's map.
  if (parsed.nres && parsed.nres->ok()) return {&parsed.nres->coverage_map, &parsed.nres->coverage};
  return {};
}

}  // namespace meshgate
