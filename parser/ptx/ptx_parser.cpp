#include "parser/ptx/ptx_parser.hpp"

#include <algorithm>

#include "parser/core/checked_math.hpp"
#include "parser/core/record_reader.hpp"
#include "parser/ptx/dds_reader.hpp"
#include "parser/ptx/ptx_diagnostic_codes.hpp"
#include "parser/ptx/ptx_relations.hpp"

namespace meshgate::ptx {

namespace {

bool all_zero(Bytes b) {
  return std::all_of(b.begin(), b.end(), [](std::byte x) { return x == std::byte{0}; });
}

std::string entry_path(size_t i) { return "entries[" + std::to_string(i) + "]"; }
std::string count_path(size_t i) { return "block_counts[" + std::to_string(i) + "].block_count"; }
uint64_t count_at(size_t i) { return kHeaderSpec.size + uint64_t{kBlockCountSpec.size} * i; }

class Parser {
 public:
  Parser(Bytes data, const ParseOptions& options) : in_(data), diags_(options.strict) {}

  ParseResult run() {
    ParseResult result;
    if (parse_header() && parse_entries() && parse_tail()) result.coverage = cov_.summarize(in_.size());
    result.diagnostics = diags_.take();
    if (!diags_.has_error()) result.companion = std::move(ptx_);
    result.coverage_map = std::move(cov_);
    return result;
  }

 private:
  bool fail(const DiagnosticCode& code, std::string path, uint64_t offset, std::string message) {
    return diags_.reject(code, std::move(path), offset, std::move(message));
  }

  // The bytes [at, at + size) (inside: checked by the caller) kept in `out`
  // and marked as leaf `leaf` of `owner`.
  void keep(uint64_t at, uint64_t size, const std::string& owner, std::string_view leaf, std::vector<std::byte>& out) {
    const Bytes b = *in_.slice(at, size);
    out.assign(b.begin(), b.end());
    cov_.mark(at, size, cov_.add_owner(owner), leaf);
  }

  bool parse_header() {
    if (in_.size() < kHeaderSpec.size)
      return fail(codes::truncated_header, "header", 0,
                  "a PTX of " + std::to_string(in_.size()) + " bytes is shorter than its 4-byte texture count");
    (void)read_record(in_, 0, cov_.add_owner("header"), cov_, ptx_.header);
    const uint64_t k = ptx_.header.get(hdr::texture_count);
    if (k > kMaxTextureCount)
      return fail(codes::count_table_overflow, "header.texture_count", 0,
                  std::to_string(k) + " textures need a count table to " + hex_offset(4 + 4 * k) +
                      ", past the entries' start at 0x800 (at most 511)");
    if (k > 0 && in_.size() < kEntriesStart)
      return fail(codes::truncated_header, "header", 0,
                  std::to_string(k) + " textures need the 0x800-byte header; the file is " +
                      std::to_string(in_.size()) + " bytes");
    if (k > kRuntimeCapacity &&
        !diags_.warn(codes::count_over_runtime_capacity, "header.texture_count", 0,
                     std::to_string(k) + " textures: more than the 64 one runtime payload holds"))
      return false;
    const uint64_t table = kHeaderSpec.size;
    const uint32_t owner = cov_.add_record_table_owner("block_counts", table, kBlockCountSpec.size, kBlockCountSpec.fields);
    cov_.mark_records(table, k, owner);
    ptx_.block_counts.reserve(static_cast<size_t>(k));
    for (uint64_t i = 0; i < k; ++i)
      ptx_.block_counts.emplace_back(*in_.slice(count_at(i), kBlockCountSpec.size));
    const uint64_t rest_at = count_at(k), rest_end = std::min<uint64_t>(kEntriesStart, in_.size());
    keep(rest_at, rest_end - rest_at, "header_rest", "header_rest", ptx_.header_rest);
    at_ = rest_end;
    if (!all_zero(*in_.slice(rest_at, rest_end - rest_at)))
      return diags_.warn(codes::header_rest_nonzero, "header_rest", rest_at,
                         "the opaque header bytes after the count table are not all zero (kept)");
    return true;
  }

  bool parse_entries() {
    const size_t k = ptx_.block_counts.size();
    ptx_.entries.reserve(k);
    for (size_t i = 0; i < k; ++i) {
      const uint64_t blocks = ptx_.block_counts[i].get(block_count);
      uint64_t span = blocks * kBlockSize;  // < 2^43
      if (blocks == 0 && i + 1 < k)
        return fail(codes::block_count_zero, count_path(i), count_at(i),
                    "entry " + std::to_string(i) + " of " + std::to_string(k) +
                        " spans 0 blocks; the next entry would alias its bytes");
      if (blocks == 0) {
        if (!diags_.warn(codes::block_count_zero_final, count_path(i), count_at(i),
                         "the last entry's block count is 0: it extends to the end of the file"))
          return false;
        span = in_.size() - at_;
      }
      if (!in_.is_valid_range(at_, span))
        return fail(codes::entry_out_of_bounds, count_path(i), count_at(i),
                    "entry " + std::to_string(i) + " at " + hex_offset(at_) + " spans " + std::to_string(blocks) +
                        " blocks (" + hex_offset(span) + " bytes), past the end of the " +
                        std::to_string(in_.size()) + "-byte file");
      if (!parse_entry(i, span, blocks)) return false;
      at_ += span;
    }
    return true;
  }

  bool parse_entry(size_t i, uint64_t span, uint64_t blocks) {
    const std::optional<uint32_t> first = in_.read_u32le(at_);
    Entry& e = ptx_.entries.emplace_back();
    const bool ok = first && *first == kTm2Magic ? parse_tm2(i, e, span) : parse_object(i, e, span, blocks);
    if (!ok) return false;
    const uint64_t used = e.byte_size() - e.padding.size();  // the padding is what follows
    const uint64_t pad_at = at_ + used;
    keep(pad_at, span - used, entry_path(i), "padding", e.padding);
    if (all_zero(*in_.slice(pad_at, span - used))) return true;
    return diags_.warn(codes::padding_nonzero, entry_path(i) + ".padding", pad_at,
                       "entry " + std::to_string(i) + "'s padding after its image is not all zero (kept)");
  }

  // §3.1: the texture object, then the DDS its descriptor points at.
  bool parse_object(size_t i, Entry& e, uint64_t span, uint64_t blocks) {
    const std::string path = entry_path(i);
    if (span < kMinObjectEntry)
      return fail(codes::entry_too_small, path, at_,
                  "entry " + std::to_string(i) + " spans " + std::to_string(span) +
                      " bytes, fewer than a texture object and a minimal DDS (0xf0)");
    const bool zero_slot = all_zero(*in_.slice(at_, 8));
    const std::optional<uint32_t> dds_magic = in_.read_u32le(at_ + kObjectHeadSize);
    if (!zero_slot && dds_magic != kDdsMagic)
      return fail(codes::entry_unrecognized, path, at_,
                  "entry " + std::to_string(i) + " is neither \"TM2\\0\" nor a texture object (zero vtable slot, or "
                  "\"DDS \" at +0x70)");
    e.framing = Framing::texture_object;
    (void)read_record(in_, at_, cov_.add_owner(path + ".head"), cov_, e.object);
    const std::optional<ObjectPlacement> place = place_object_dds(e.object, span, at_, path, diags_);
    if (!place) return false;
    keep(at_ + kObjectHeadSize, place->dds_at - kObjectHeadSize, path, "pre_dds", e.pre_dds);
    e.dds = read_dds(in_, at_ + place->dds_at, place->dds_size, path + ".dds", diags_, cov_);
    if (!e.dds) return false;
    if (!check_object_relations(e, at_, path, diags_)) return false;
    const uint64_t minimal = (place->dds_at + place->dds_size + kBlockSize - 1) / kBlockSize;
    if (blocks == 0 || blocks == minimal) return true;
    return diags_.warn(codes::block_count_not_minimal, count_path(i), count_at(i),
                       std::to_string(blocks) + " blocks hold entry " + std::to_string(i) + "; its image ends at +" +
                           hex_offset(place->dds_at + place->dds_size) + ", which needs " + std::to_string(minimal));
  }

  // §3.2: the "TM2\0" head and, for a non-zero size, the DDS at its offset.
  bool parse_tm2(size_t i, Entry& e, uint64_t span) {
    const std::string path = entry_path(i);
    if (span < kMinTm2Entry)
      return fail(codes::entry_too_small, path, at_,
                  "TM2 entry " + std::to_string(i) + " spans " + std::to_string(span) +
                      " bytes; its head is read to +0x67");
    e.framing = Framing::tm2;
    (void)read_record(in_, at_, cov_.add_owner(path + ".head"), cov_, e.tm2);
    const uint64_t size = e.tm2.get(tm2::dds_size), offset = e.tm2.get(tm2::dds_offset);
    if (size == 0) {  // no DDS: the rest of the entry is the head's undecoded body
      keep(at_ + kTm2HeadSpec.size, span - kTm2HeadSpec.size, path, "pre_dds", e.pre_dds);
      return true;
    }
    const std::optional<uint64_t> end = checked_add(offset, size);
    if (offset < kTm2HeadSpec.size || !end || *end > span)
      return fail(codes::dds_out_of_bounds, path + ".head.dds_offset",
                  at_ + kTm2HeadSpec.fields[tm2::dds_offset].offset,
                  "a DDS of " + std::to_string(size) + " bytes at +" + hex_offset(offset) +
                      " does not lie between the 0x68-byte head and the end of the " + hex_offset(span) +
                      "-byte entry");
    keep(at_ + kTm2HeadSpec.size, offset - kTm2HeadSpec.size, path, "pre_dds", e.pre_dds);
    e.dds = read_dds(in_, at_ + offset, size, path + ".dds", diags_, cov_);
    return e.dds.has_value();
  }

  // After the last entry: zero bytes are a closure mismatch, others data
  // nothing describes; both are kept.
  bool parse_tail() {
    const uint64_t left = in_.size() - at_;
    keep(at_, left, "trailing", "trailing", ptx_.trailing);
    if (left == 0) return true;
    if (all_zero(*in_.slice(at_, left)))
      return diags_.warn(codes::closure_mismatch, "trailing", at_,
                         std::to_string(left) + " zero bytes follow the last entry at " + hex_offset(at_) +
                             ": 0x800 x (1 + the block counts) is not the file's size");
    return diags_.warn(codes::trailing_bytes, "trailing", at_,
                       std::to_string(left) + " bytes after the last entry at " + hex_offset(at_) +
                           " are not all zero (kept)");
  }

  ByteReader in_;
  Diagnostics diags_;
  CoverageMap cov_;
  Companion ptx_;
  uint64_t at_ = 0;
};

}  // namespace

bool looks_like_ptx(Bytes prefix) {
  if (has_magic(prefix, kMagics[0])) return true;
  return ByteReader(prefix).read_u64le(kEntriesStart) == 0u && has_magic(prefix, kMagics[1]);
}

bool frames_as_ptx(Bytes prefix) {
  const ByteReader in(prefix);
  const std::optional<uint32_t> k = in.read_u32le(0);
  if (!k || *k == 0 || *k > kMaxTextureCount || prefix.size() < 4 + 4 * uint64_t{*k}) return false;
  for (uint32_t i = 0; i < *k; ++i) {
    const uint32_t blocks = *in.read_u32le(4 + 4 * i);  // within the size checked above
    if ((blocks == 0 && i + 1 < *k) || blocks > kMaxInputBytes / kEntriesStart) return false;
  }
  const Bytes rest = prefix.subspan(4 + 4 * size_t{*k}).first(std::min<size_t>(prefix.size(), kEntriesStart) - 4 - 4 * size_t{*k});
  return std::all_of(rest.begin(), rest.end(), [](std::byte b) { return b == std::byte{0}; });
}

ParseResult parse_ptx(Bytes data, const ParseOptions& options) { return Parser(data, options).run(); }

}  // namespace meshgate::ptx
