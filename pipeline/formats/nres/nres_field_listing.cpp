// An NRes archive's `inspect --json` report and field listing: the header,
// and per directory entry its record and its payload (typed by what the
// payload is: an archive, a texture or bytes).
#include "pipeline/formats/nres/nres_field_listing.hpp"

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "parser/texm/texm_parser.hpp"
#include "pipeline/field_listing.hpp"
#include "pipeline/json_fields.hpp"

namespace meshgate {

using nlohmann::json;

namespace {

// What an entry's payload is, as its field says: read once from the bytes, so
// that a listing need not keep the file's bytes.
enum class PayloadKind : uint8_t { bytes, nres, texm };

std::vector<PayloadKind> payload_kinds(Bytes data, const nres::Archive& a) {
  using namespace nres;
  std::vector<PayloadKind> kinds;
  kinds.reserve(a.entries.size());
  for (const Entry& e : a.entries) {
    // The payload as it lies in the file (the parse need not have copied it).
    const Bytes payload = data.subspan(e.record.get(entry::data_offset), e.record.get(entry::size));
    kinds.push_back(looks_like_nres(payload)        ? PayloadKind::nres
                    : texm::looks_like_texm(payload) ? PayloadKind::texm
                                                     : PayloadKind::bytes);
  }
  return kinds;
}

const char* kind_type(PayloadKind k) { return k == PayloadKind::nres ? "nres" : k == PayloadKind::texm ? "texm" : "bytes"; }

}  // namespace

json nres_inspect_head(Bytes data, const nres::ParseResult& result) {
  using namespace nres;
  json out = inspect_envelope(kFormatName, data, result.ok(), result.diagnostics);
  if (!result.ok()) return out;
  const std::vector<PayloadKind> kinds = payload_kinds(data, *result.archive);
  out["summary"] = {{"entries", kinds.size()},
                    {"nested_archives", std::ranges::count(kinds, PayloadKind::nres)},
                    {"textures", std::ranges::count(kinds, PayloadKind::texm)}};
  out["coverage"] = coverage_json(result.coverage, data);
  return out;
}

// A group per directory entry (its record and its payload), each fill
// capturing the archive and an index: an archive of 65,536 entries was
// 524,288 fields held as one JSON DOM (594 MiB for a 4 MiB file).
FieldListing nres_field_listing(Bytes data, const nres::Archive& a) {
  using namespace nres;
  FieldListing listing;
  const Archive* archive = &a;  // the fills read the archive where it lies
  const auto kinds = std::make_shared<const std::vector<PayloadKind>>(payload_kinds(data, a));
  listing.keep_alive(kinds);
  const uint64_t dir = directory_offset(a.header);
  listing.add("header", [archive](const std::string& key, json& out) { append_record(out, key, 0, archive->header); });
  for (uint32_t i = 0; i < a.entries.size(); ++i)
    listing.add("entries[" + std::to_string(i) + "]", [archive, kinds, dir, i](const std::string& key, json& out) {
      const Entry& e = archive->entries[i];
      append_record(out, key, dir + i * uint64_t{kEntrySpec.size}, e.record);
      out.back()["name"] = entry_name(e.record);
      out.push_back({{"path", key + ".payload"},
                     {"offset", e.record.get(entry::data_offset)},
                     {"size", e.record.get(entry::size)},
                     {"type", kind_type((*kinds)[i])},
                     {"value", entry_name(e.record)},
                     {"status", status_string(Status::preserved_undecoded)}});
    });
  return listing;
}

json nres_inspect_json(Bytes data, const nres::ParseResult& result) {
  json out = nres_inspect_head(data, result);
  if (result.ok()) out["fields"] = nres_field_listing(data, *result.archive).to_json();
  return out;
}

}  // namespace meshgate
