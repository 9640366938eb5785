// The field listing and summary of a PTX companion (inspect --json, diff,
// set, dump read it): the header, the count table, each entry's head and DDS
// header field by field; the header rest, the bytes before a DDS, each DDS
// payload, the padding and the trailing bytes as one entry of their extent.
#include "pipeline/formats/ptx/ptx_field_listing.hpp"

#include "parser/ptx/ptx_parser.hpp"
#include "parser/ptx/ptx_pixels.hpp"
#include "pipeline/field_listing.hpp"
#include "pipeline/json_fields.hpp"

namespace meshgate {

using nlohmann::json;

namespace {

void append_run(json& fields, const std::string& path, uint64_t at, uint64_t size, const std::string& type,
                const std::string& value, Status status) {
  if (size == 0) return;
  fields.push_back({{"path", path}, {"offset", at}, {"size", size}, {"type", type}, {"value", value},
                    {"status", status_string(status)}});
}

std::string image_text(const ptx::Dds& d) {
  return std::to_string(d.width()) + "x" + std::to_string(d.height()) + ", " + std::to_string(d.mip_count()) + " levels";
}

uint64_t append_entry(json& fields, const ptx::Entry& e, size_t i, uint64_t at) {
  using namespace ptx;
  const std::string path = "entries[" + std::to_string(i) + "]";
  if (e.framing == Framing::tm2) append_record(fields, path + ".head", at, e.tm2);
  else append_record(fields, path + ".head", at, e.object);
  at += e.head_size();
  append_run(fields, path + ".pre_dds", at, e.pre_dds.size(), "bytes", std::to_string(e.pre_dds.size()) + " bytes",
             Status::preserved_undecoded);
  at += e.pre_dds.size();
  if (e.dds) {
    append_record(fields, path + ".dds", at, e.dds->header);
    at += kDdsHeaderSpec.size;
    append_run(fields, path + ".dds.payload", at, e.dds->payload.size(),
               "pixels[" + std::string(pixel_layout_name(e.dds->layout())) + "]", image_text(*e.dds),
               Status::exe_confirmed);
    at += e.dds->payload.size();
  }
  append_run(fields, path + ".padding", at, e.padding.size(), "bytes", std::to_string(e.padding.size()) + " bytes",
             Status::reserved_observed_zero);
  return at + e.padding.size();
}

}  // namespace

json ptx_summary_json(const ptx::Companion& c) {
  using namespace ptx;
  json entries = json::array();
  for (const Entry& e : c.entries) {
    json entry = {{"framing", std::string(framing_name(e.framing))}, {"dds", e.dds.has_value()}};
    if (e.dds)
      entry.update({{"width", e.dds->width()},
                    {"height", e.dds->height()},
                    {"pixel_format", std::string(pixel_layout_name(e.dds->layout()))},
                    {"fourcc", e.dds->fourcc_text()},
                    {"mip_count", e.dds->mip_count()},
                    {"complete_mip_chain", e.dds->mip_count() >= full_chain_length(e.dds->width(), e.dds->height())},
                    {"dds_bytes", e.dds->byte_size()}});
    entries.push_back(std::move(entry));
  }
  return {{"textures", c.entries.size()},
          {"entries", std::move(entries)},
          {"trailing_bytes", c.trailing.size()},
          {"reference_decoder", std::string(kReferenceDecoder)}};
}

json ptx_inspect_head(Bytes data, const ptx::ParseResult& result) {
  json out = inspect_envelope(ptx::kFormatName, data, result.ok(), result.diagnostics);
  if (!result.ok()) return out;
  out["summary"] = ptx_summary_json(*result.companion);
  out["coverage"] = coverage_json(result.coverage, data);
  return out;
}

// A group per count-table record and per entry, each fill capturing the
// companion, an index and the entry's offset: 511 entries of a few fields
// each were one JSON DOM held by every side of a diff (99 MiB for a 1 MiB
// companion, over 16x the file + 64 MiB).
FieldListing ptx_field_listing(const ptx::Companion& c) {
  using namespace ptx;
  FieldListing listing;
  const Companion* companion = &c;  // the fills read the companion where it lies
  listing.add("header", [companion](const std::string& key, json& out) { append_record(out, key, 0, companion->header); });
  for (uint32_t k = 0; k < c.block_counts.size(); ++k)
    listing.add("block_counts[" + std::to_string(k) + "]", [companion, k](const std::string& key, json& out) {
      append_record(out, key, kHeaderSpec.size + k * uint64_t{kBlockCountSpec.size}, companion->block_counts[k]);
    });
  uint64_t at = kHeaderSpec.size + c.block_counts.size() * uint64_t{kBlockCountSpec.size};
  listing.add("header_rest", [companion, at](const std::string& key, json& out) {
    append_run(out, key, at, companion->header_rest.size(), "bytes",
               std::to_string(companion->header_rest.size()) + " bytes", Status::preserved_undecoded);
  });
  at += c.header_rest.size();
  for (uint32_t i = 0; i < c.entries.size(); ++i) {
    listing.add("entries[" + std::to_string(i) + "]", [companion, i, at](const std::string&, json& out) {
      (void)append_entry(out, companion->entries[i], i, at);
    });
    at += c.entries[i].byte_size();  // where append_entry ends
  }
  listing.add("trailing", [companion, at](const std::string& key, json& out) {
    append_run(out, key, at, companion->trailing.size(), "bytes", std::to_string(companion->trailing.size()) + " bytes",
               Status::preserved_undecoded);
  });
  return listing;
}

}  // namespace meshgate
