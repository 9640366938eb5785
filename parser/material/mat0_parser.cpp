#include "parser/material/mat0_parser.hpp"

#include "parser/core/record_reader.hpp"
#include "parser/material/material_diagnostic_codes.hpp"

namespace meshgate::mat0 {

namespace {

class Parser {
 public:
  Parser(Bytes data, const ParseOptions& options) : in_(data), options_(options), diags_(options.strict) {}

  ParseResult run() {
    ParseResult result;
    m_.version = options_.version;
    m_.byte_size = in_.size();
    if (options_.version != kKnownVersion) {
      // Versioned fields are read only when the version is known to have them (FP's rule).
      if (diags_.warn(codes::unknown_version, "attr2", 0,
                      "payload version " + std::to_string(options_.version) + " is not 6; its " +
                          std::to_string(in_.size()) + " bytes are kept raw, not decoded")) {
        m_.raw = std::vector<std::byte>(in_.bytes().begin(), in_.bytes().end());
        cov_.mark(0, in_.size(), cov_.add_owner("raw"), "bytes");
        result.coverage = cov_.summarize(in_.size());
      }
    } else if (parse_header() && parse_entries() && parse_tracks()) {
      result.coverage = cov_.summarize(in_.size());
      m_.gaps = collect_gaps(result.coverage, in_.bytes());
      if (!m_.gaps.empty())
        diags_.warn(codes::trailing_bytes, "trailing", m_.gaps.front().offset,
                    std::to_string(in_.size() - at_) + " bytes after the last track at " + hex_offset(at_) +
                        "; kept exactly");
    }
    result.diagnostics = diags_.take();
    if (!diags_.has_error()) result.material = std::move(m_);
    result.coverage_map = std::move(cov_);
    return result;
  }

 private:
  bool parse_header() {
    if (in_.size() < kHeaderSpec.size)
      return diags_.reject(codes::truncated_header, "header", in_.size(),
                           "payload is " + std::to_string(in_.size()) + " bytes, shorter than the 14-byte MAT0 header");
    (void)read_record(in_, 0, cov_.add_owner("header"), cov_, m_.header);
    at_ = kHeaderSpec.size;
    return true;
  }

  bool parse_entries() {
    const uint64_t count = m_.header.get(hdr::entry_count);  // u16: at most 65,535 x 34 bytes
    if (at_ + count * kEntrySpec.size > in_.size())
      return diags_.reject(codes::entries_past_payload, "header.entry_count", 0,
                           std::to_string(count) + " entries of 34 bytes need " +
                               std::to_string(at_ + count * kEntrySpec.size) + " bytes; the payload is " +
                               std::to_string(in_.size()));
    const uint32_t owner = cov_.add_record_table_owner("entries", at_, kEntrySpec.size, kEntrySpec.fields);
    cov_.mark_records(at_, count, owner);
    m_.entries.reserve(static_cast<size_t>(count));
    for (uint64_t k = 0; k < count; ++k) m_.entries.emplace_back(*in_.slice(at_ + k * kEntrySpec.size, kEntrySpec.size));
    at_ += count * kEntrySpec.size;
    return true;
  }

  bool parse_tracks() {
    const uint64_t count = m_.header.get(hdr::track_count);
    m_.tracks.reserve(static_cast<size_t>(std::min<uint64_t>(count, (in_.size() - at_) / kTrackSpec.size)));
    bool warned = false;
    for (uint64_t t = 0; t < count; ++t) {
      const std::string path = "tracks[" + std::to_string(t) + "]";
      if (at_ + kTrackSpec.size > in_.size())
        return diags_.reject(codes::track_past_payload, path, at_,
                             "track " + std::to_string(t) + " of " + std::to_string(count) + " starts at " +
                                 hex_offset(at_) + "; its 6-byte head runs past the " + std::to_string(in_.size()) +
                                 "-byte payload");
      Track& track = m_.tracks.emplace_back();
      (void)read_record(in_, at_, cov_.add_owner(path), cov_, track.head);
      at_ += kTrackSpec.size;
      const uint64_t keys = track.head.get(track::key_count);
      if (at_ + keys * kKeySpec.size > in_.size())
        return diags_.reject(codes::track_past_payload, path + ".key_count", at_ - 2,
                             "track " + std::to_string(t) + " declares " + std::to_string(keys) +
                                 " keys of 6 bytes; only " + std::to_string(in_.size() - at_) + " bytes follow");
      const uint32_t owner = cov_.add_record_table_owner(path + ".keys", at_, kKeySpec.size, kKeySpec.fields);
      cov_.mark_records(at_, keys, owner);
      track.keys.reserve(static_cast<size_t>(keys));
      for (uint64_t k = 0; k < keys; ++k) {
        const KeyRecord& key = track.keys.emplace_back(*in_.slice(at_ + k * kKeySpec.size, kKeySpec.size));
        if (warned || key.get(key::entry) < m_.entries.size()) continue;
        warned = true;
        if (!diags_.warn(codes::key_entry_out_of_range, path + ".keys[" + std::to_string(k) + "].entry",
                         at_ + k * kKeySpec.size,
                         "the key names phase " + std::to_string(key.get(key::entry)) + "; the material has " +
                             std::to_string(m_.entries.size())))
          return false;
      }
      at_ += keys * kKeySpec.size;
    }
    return true;
  }

  ByteReader in_;
  ParseOptions options_;
  Diagnostics diags_;
  CoverageMap cov_;
  Material m_;
  uint64_t at_ = 0;
};

}  // namespace

std::string texture_name(const EntryRecord& entry) {
  const Bytes raw = entry.raw(entry::texture_name);
  std::string out;
  for (std::byte b : raw) {
    if (b == std::byte{0}) break;
    out += static_cast<char>(b);
  }
  return out;
}

size_t static_phase(const Material& m) {
  if (!m.tracks.empty() && !m.tracks.front().keys.empty()) {
    const uint64_t e = m.tracks.front().keys.front().get(key::entry);
    if (e < m.entries.size()) return static_cast<size_t>(e);
  }
  return 0;
}

ParseResult parse_mat0(Bytes data, const ParseOptions& options) { return Parser(data, options).run(); }

}  // namespace meshgate::mat0
