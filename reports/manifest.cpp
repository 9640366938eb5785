#include "parser/core/hashing.hpp"
#include "reports/manifest.hpp"

#include <map>
#include <set>
#include <string_view>

#include "reports/evidence.hpp"
#include "pipeline/json_input.hpp"
#include "pipeline/json_schema_check.hpp"
#include "reports/json_stream.hpp"

namespace meshgate {

using nlohmann::json;

namespace {

json expected_outcomes(const SweptFile& f) {
  return {{"parse_ok", f.parse_ok},
          {"roundtrip_identical", f.roundtrip_identical},
          {"uncovered_bytes", f.has_coverage ? json(f.coverage.uncovered_bytes) : json(nullptr)},
          {"uncovered_nonzero_bytes", f.has_coverage ? json(f.coverage.uncovered_nonzero_bytes) : json(nullptr)},
          {"diagnostic_codes", f.diagnostic_codes},
          {"invariants_violated", f.invariants_violated}};
}

// Items of `now` not in `was`, and of `was` not in `now`.
std::pair<std::set<std::string>, std::set<std::string>> set_changes(const json& was_list, const std::set<std::string>& now) {
  std::set<std::string> was, added, gone;
  for (const json& c : was_list) was.insert(c.get<std::string>());
  for (const std::string& c : now)
    if (!was.contains(c)) added.insert(c);
  for (const std::string& c : was)
    if (!now.contains(c)) gone.insert(c);
  return {added, gone};
}

std::string join(const std::set<std::string>& items) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : ", ") + s;
  return out;
}

}  // namespace

json manifest_entry(const SweptFile& f) {
  require_digests(f);
  json entry = {{"path", f.path},
                {"size", f.size},
                {"xxh3_64", f.xxh3_64},
                {"sha256", f.sha256},
                {"format", std::string(format_name(f.format))},
                {"expected", expected_outcomes(f)}};
  if (!f.volume_members.empty()) entry["members"] = volume_members_json(f.volume_members);
  if (!f.parts.empty()) {
    json parts = json::array();
    for (const PartDigest& p : f.parts) parts.push_back({{"path", p.path}, {"size", p.size}, {"xxh3_64", p.xxh3_64}});
    entry["parts"] = parts;
  }
  return entry;
}

std::string lock_digest_header(const json& tool, const std::string& fingerprint) {
  return std::string(kManifestSchema) + "\n" + tool.dump() + "\n" + fingerprint + "\n";
}

namespace {

// What lock_digest covers: the schema name, the tool, the fingerprint and
// every entry, each as compact JSON with sorted keys (nlohmann's dump), one
// per line. Parsing a lock and dumping its parts gives the same text, so the
// gate recomputes it from the lock as written.
class LockDigest {
 public:
  LockDigest(const json& tool, const std::string& fingerprint) : material_(lock_digest_header(tool, fingerprint)) {}
  void add_entry(const json& entry) { material_ += entry.dump() + "\n"; }
  [[nodiscard]] std::string hex() const { return fingerprint_of(material_); }

 private:
  std::string material_;
};

ArrayDocument manifest_document(const SweepResult& sweep) {
  const json tool = tool_json();
  const std::string fingerprint = input_fingerprint(sweep.files);
  LockDigest digest(tool, fingerprint);
  for (const SweptFile& f : sweep.files) digest.add_entry(manifest_entry(f));
  json head = {{"schema", std::string(kManifestSchema)},
               {"tool", tool},
               {"fingerprint", fingerprint},
               {"lock_digest", digest.hex()}};
  return {std::move(head), "files", sweep.files.size(), [&sweep](size_t i) { return manifest_entry(sweep.files[i]); }};
}

}  // namespace

json manifest_json(const SweepResult& sweep) { return to_json(manifest_document(sweep)); }
void write_manifest_json(std::ostream& out, const SweepResult& sweep) { write_json(out, manifest_document(sweep)); }

namespace {

// The fingerprint and lock_digest a lock's entries give (a schema-valid lock).
std::pair<std::string, std::string> seals_of(const json& manifest) {
  std::string material;
  LockDigest digest(manifest.at("tool"), manifest.at("fingerprint").get<std::string>());
  // Nested entries are inside their archive's bytes: an entry is an input
  // when the file holding it has no entry (an address FILE!NESTED given to
  // manifest is one, though its path holds "!"). Every nested file's holder
  // is swept, so has an entry, before it.
  std::set<std::string_view> paths;
  for (const json& f : manifest.at("files")) {
    const std::string& path = f.at("path").get_ref<const std::string&>();
    const size_t bang = path.rfind('!');
    if (bang == std::string::npos || !paths.contains(std::string_view(path).substr(0, bang)))
      append_fingerprint_item(material, path, f.at("size").get<uint64_t>(), f.at("sha256").get<std::string>());
    paths.insert(path);
    digest.add_entry(f);
  }
  return {fingerprint_of(material), digest.hex()};
}

}  // namespace

std::vector<std::string> lock_problems(const json& manifest) {
  std::vector<std::string> problems = schema_violations(manifest_schema(), manifest);
  if (!problems.empty()) return problems;
  std::set<std::string> paths;
  for (const json& f : manifest.at("files"))
    if (!paths.insert(f.at("path").get<std::string>()).second)
      problems.push_back("/files: the path \"" + cut_text(f.at("path").get_ref<const std::string&>()) + "\" is listed twice");
  if (!problems.empty()) return problems;
  const auto [fingerprint, digest] = seals_of(manifest);
  if (fingerprint != manifest.at("fingerprint").get<std::string>())
    problems.push_back("/fingerprint: does not match the entries");
  if (digest != manifest.at("lock_digest").get<std::string>())
    problems.push_back("/lock_digest: does not match the lock's content");
  return problems;
}

void reseal_lock(json& lock) {
  // The digest covers the fingerprint, so the fingerprint is set first.
  lock["fingerprint"] = seals_of(lock).first;
  lock["lock_digest"] = seals_of(lock).second;
}

namespace {

// Whether `path` is, or lies under, a path the sweep could not read.
bool under_unreadable(const std::string& path, const std::vector<std::string>& unreadable) {
  for (const std::string& u : unreadable) {
    if (u == path) return true;
    if (!u.empty() && u.back() == '/' && (u == "./" || path.starts_with(u))) return true;
  }
  return false;
}

// A volume's members the lock lists by their central-directory digest, each
// that has no entry of its own (opaque members: meshgate does not read them):
// changed, gone or added, named by its nested path.
void volume_member_changes(const json& listed, const SweptFile& got, const LockListing& listed_in_lock,
                           std::vector<std::string>& out) {
  std::map<std::string, const json*> was;
  for (const json& m : listed) was[m.at("path").get<std::string>()] = &m;
  std::set<std::string> seen;
  for (const VolumeMemberDigest& m : got.volume_members) {
    seen.insert(m.path);
    if (listed_in_lock(m.path)) continue;  // compared by its own entry
    const std::string crc = crc32_hex(m.crc32);
    auto it = was.find(m.path);
    if (it == was.end())
      out.push_back(m.path + ": added (not in the manifest)");
    else if ((*it->second)["crc32"] != crc || (*it->second)["size"] != m.size)
      out.push_back(m.path + ": content changed (crc32 " + (*it->second)["crc32"].get<std::string>() + " -> " + crc +
                    ", size " + (*it->second)["size"].dump() + " -> " + std::to_string(m.size) + ")");
  }
  for (const auto& [path, m] : was)
    if (!seen.contains(path) && !listed_in_lock(path))
      out.push_back(path + ": missing (the manifest lists it, the volume does not have it)");
}

// A file's parts the lock digests (a PTX companion's entries), each that
// changed, went or came named by its address ("tex.ptx!3").
void part_changes(const json& listed, const SweptFile& got, std::vector<std::string>& out) {
  std::map<std::string, const PartDigest*> now;
  for (const PartDigest& p : got.parts) now[p.path] = &p;
  for (const json& p : listed) {
    const std::string path = p.at("path").get<std::string>();
    const auto it = now.find(path);
    if (it == now.end()) {
      out.push_back(path + ": missing (the manifest lists it, the file does not have it)");
      continue;
    }
    if (p["xxh3_64"] != it->second->xxh3_64 || p["size"] != it->second->size)
      out.push_back(path + ": content changed (xxh3_64 " + p["xxh3_64"].get<std::string>() + " -> " +
                    it->second->xxh3_64 + ", size " + p["size"].dump() + " -> " + std::to_string(it->second->size) + ")");
    now.erase(it);
  }
  for (const auto& [path, p] : now) out.push_back(path + ": added (not in the manifest)");
}

}  // namespace

std::string absent_entry_difference(const std::string& path, const std::vector<std::string>& unreadable) {
  if (under_unreadable(path, unreadable))
    return path + ": unreadable (the manifest lists it; it, or a directory above it, could not be read)";
  return path + ": missing (the manifest lists it, the corpus does not have it)";
}

void entry_differences(const json& want, const SweptFile& got, const LockListing& listed_in_lock,
                       std::vector<std::string>& out) {
  const std::string& path = got.path;
  if (want.contains("members")) volume_member_changes(want["members"], got, listed_in_lock, out);
  if (want["sha256"] != got.sha256 || want["size"] != got.size) {
    if (want.contains("parts")) part_changes(want["parts"], got, out);
    out.push_back(path + ": content changed (sha256 " + want["sha256"].get<std::string>().substr(0, 16) + "... -> " +
                  got.sha256.substr(0, 16) + "..., size " + want["size"].dump() + " -> " + std::to_string(got.size) + ")");
    return;  // the outcomes of different bytes are not comparable
  }
  // Same SHA-256, so the same bytes: a different xxh3_64 or format in the lock was not written by meshgate.
  if (want["xxh3_64"] != got.xxh3_64)
    out.push_back(path + ": the lock's xxh3_64 " + want["xxh3_64"].get<std::string>() + " does not match the file's " +
                  got.xxh3_64 + " although its sha256 does");
  if (want["format"] != format_name(got.format))
    out.push_back(path + ": format changed (" + want["format"].get<std::string>() + " -> " +
                  std::string(format_name(got.format)) + ")");
  const json have = expected_outcomes(got);
  const json& exp = want["expected"];
  if (exp["parse_ok"] != got.parse_ok)
    out.push_back(path + (got.parse_ok ? ": now parses (the manifest expects a rejection)" : ": parse now fails"));
  if (exp["roundtrip_identical"] != got.roundtrip_identical)
    out.push_back(path + (got.roundtrip_identical ? ": round trip now identical (the manifest expects a difference)"
                                                  : ": round trip no longer identical"));
  for (const char* key : {"uncovered_bytes", "uncovered_nonzero_bytes"})
    if (exp[key] != have[key])
      out.push_back(path + ": coverage changed (" + key + " " + exp[key].dump() + " -> " + have[key].dump() + ")");
  const auto [added, gone] = set_changes(exp["diagnostic_codes"], {got.diagnostic_codes.begin(), got.diagnostic_codes.end()});
  if (!added.empty()) out.push_back(path + ": new diagnostic " + join(added));
  if (!gone.empty()) out.push_back(path + ": diagnostic no longer raised " + join(gone));
  // A lock made before the semantic invariants has no list: nothing to compare.
  if (exp.contains("invariants_violated")) {
    const auto [broken, mended] =
        set_changes(exp["invariants_violated"], {got.invariants_violated.begin(), got.invariants_violated.end()});
    if (!broken.empty()) out.push_back(path + ": now violates invariant " + join(broken));
    if (!mended.empty()) out.push_back(path + ": no longer violates invariant " + join(mended));
  }
}

std::vector<std::string> gate_differences(const json& manifest, const SweepResult& sweep) {
  if (std::vector<std::string> problems = lock_problems(manifest); !problems.empty()) return problems;
  std::vector<std::string> out;
  std::map<std::string, json> expected;
  for (const json& f : manifest["files"]) expected[f["path"].get<std::string>()] = f;
  std::map<std::string, const SweptFile*> actual;
  for (const SweptFile& f : sweep.files) actual[f.path] = &f;
  const LockListing listed = [&expected](const std::string& path) { return expected.contains(path); };
  for (const auto& [path, want] : expected) {
    auto it = actual.find(path);
    if (it == actual.end()) out.push_back(absent_entry_difference(path, sweep.unreadable));
    else entry_differences(want, *it->second, listed, out);
  }
  for (const auto& [path, f] : actual)
    if (!expected.contains(path)) out.push_back(path + ": added (not in the manifest)");
  for (const std::string& e : sweep.errors) out.push_back(e);
  return out;
}

}  // namespace meshgate
