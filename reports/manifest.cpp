#include "reports/manifest.hpp"

#include <map>
#include <set>

#include "reports/evidence.hpp"
#include "reports/json_stream.hpp"

namespace meshgate {

using nlohmann::json;

namespace {

json expected_outcomes(const SweptFile& f) {
  return {{"parse_ok", f.parse_ok},
          {"roundtrip_identical", f.roundtrip_identical},
          {"uncovered_bytes", f.has_coverage ? json(f.coverage.uncovered_bytes) : json(nullptr)},
          {"uncovered_nonzero_bytes", f.has_coverage ? json(f.coverage.uncovered_nonzero_bytes) : json(nullptr)},
          {"diagnostic_codes", f.diagnostic_codes}};
}

std::string join(const std::set<std::string>& items) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : ", ") + s;
  return out;
}

}  // namespace

namespace {

json manifest_entry(const SweptFile& f) {
  require_digests(f);
  return {{"path", f.path},
          {"size", f.size},
          {"xxh3_64", f.xxh3_64},
          {"sha256", f.sha256},
          {"format", std::string(format_name(f.format))},
          {"expected", expected_outcomes(f)}};
}

ArrayDocument manifest_document(const SweepResult& sweep) {
  json head = {{"schema", std::string(kManifestSchema)},
               {"tool", tool_json()},
               {"fingerprint", input_fingerprint(sweep.files)}};
  return {std::move(head), "files", sweep.files.size(), [&sweep](size_t i) { return manifest_entry(sweep.files[i]); }};
}

}  // namespace

json manifest_json(const SweepResult& sweep) { return to_json(manifest_document(sweep)); }
void write_manifest_json(std::ostream& out, const SweepResult& sweep) { write_json(out, manifest_document(sweep)); }

std::vector<std::string> gate_differences(const json& manifest, const SweepResult& sweep) {
  std::vector<std::string> out;
  if (!manifest.is_object() || manifest.value("schema", "") != kManifestSchema || !manifest.contains("files") ||
      !manifest["files"].is_array())
    return {"the manifest is not a " + std::string(kManifestSchema) + " document"};
  std::map<std::string, json> expected;
  for (const json& f : manifest["files"])
    if (f.is_object() && f.contains("path") && f["path"].is_string()) expected[f["path"].get<std::string>()] = f;
  std::map<std::string, const SweptFile*> actual;
  for (const SweptFile& f : sweep.files) actual[f.path] = &f;

  for (const auto& [path, want] : expected) {
    auto it = actual.find(path);
    if (it == actual.end()) {
      out.push_back(path + ": missing (the manifest lists it, the corpus does not have it)");
      continue;
    }
    const SweptFile& got = *it->second;
    if (want.value("sha256", "") != got.sha256 || want.value("size", uint64_t{0}) != got.size) {
      out.push_back(path + ": content changed (sha256 " + want.value("sha256", "?").substr(0, 16) + "... -> " +
                    got.sha256.substr(0, 16) + "..., size " + std::to_string(want.value("size", uint64_t{0})) + " -> " +
                    std::to_string(got.size) + ")");
      continue;  // the outcomes of different bytes are not comparable
    }
    const json have = expected_outcomes(got);
    const json& exp = want.contains("expected") ? want["expected"] : json::object();
    if (exp.value("parse_ok", false) != got.parse_ok)
      out.push_back(path + (got.parse_ok ? ": now parses (the manifest expects a rejection)" : ": parse now fails"));
    if (exp.value("roundtrip_identical", false) != got.roundtrip_identical)
      out.push_back(path + (got.roundtrip_identical ? ": round trip now identical (the manifest expects a difference)"
                                                    : ": round trip no longer identical"));
    for (const char* key : {"uncovered_bytes", "uncovered_nonzero_bytes"})
      if (exp.contains(key) && exp[key] != have[key])
        out.push_back(path + ": coverage changed (" + key + " " + exp[key].dump() + " -> " + have[key].dump() + ")");
    std::set<std::string> was, now(got.diagnostic_codes.begin(), got.diagnostic_codes.end());
    if (exp.contains("diagnostic_codes") && exp["diagnostic_codes"].is_array())
      for (const json& c : exp["diagnostic_codes"])
        if (c.is_string()) was.insert(c.get<std::string>());
    std::set<std::string> added, gone;
    for (const std::string& c : now)
      if (!was.contains(c)) added.insert(c);
    for (const std::string& c : was)
      if (!now.contains(c)) gone.insert(c);
    if (!added.empty()) out.push_back(path + ": new diagnostic " + join(added));
    if (!gone.empty()) out.push_back(path + ": diagnostic no longer raised " + join(gone));
  }
  for (const auto& [path, f] : actual)
    if (!expected.contains(path)) out.push_back(path + ": added (not in the manifest)");
  for (const std::string& e : sweep.errors) out.push_back(e);
  return out;
}

}  // namespace meshgate
