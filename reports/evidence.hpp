// The evidence report of a sweep (schema "meshgate.evidence.v1", JSON Schema in
// pipeline/schema/) and its Markdown rendering for format documents. Both are
// deterministic: sorted keys and arrays, relative paths only, no payload
// bytes, floats also as their raw bits; the same corpus gives the same bytes.
#pragma once

#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

#include "analysis/sweep.hpp"

namespace meshgate {

inline constexpr std::string_view kEvidenceSchema = "meshgate.evidence.v1";

// {name, version, git_commit} of this build.
[[nodiscard]] nlohmann::json tool_json();

// sha256 over, for each top-level file in path order: path, NUL, size as u64
// little-endian, NUL, sha256 hex. Names the corpus a report or manifest is about.
// Reports, manifests and gates cite every file's SHA-256 and xxh3_64: for a
// file swept without them (SweepOptions::digests false), these throw
// std::logic_error.
void require_digests(const SweptFile& f);
[[nodiscard]] std::string input_fingerprint(const std::vector<SweptFile>& files);
// The same fingerprint built item by item (the gate recomputes a lock's).
void append_fingerprint_item(std::string& material, std::string_view path, uint64_t size, std::string_view sha256);
[[nodiscard]] std::string fingerprint_of(const std::string& material);

[[nodiscard]] nlohmann::json swept_file_json(const SweptFile& f);
// A volume's members as the evidence and the lock list them:
// [{"path", "size", "crc32": 8 hex digits}], central-directory order.
[[nodiscard]] nlohmann::json volume_members_json(const std::vector<VolumeMemberDigest>& members);
[[nodiscard]] nlohmann::json sweep_totals_json(const SweepResult& r);
// "5,106 uncovered bytes, all zero" / "5,106 uncovered bytes, 12 non-zero"
[[nodiscard]] std::string uncovered_sentence(uint64_t uncovered, uint64_t nonzero);

[[nodiscard]] nlohmann::json evidence_json(const SweepResult& r);
// The evidence report but its "files" array (what the HTML report summarises).
[[nodiscard]] nlohmann::json evidence_without_files(const SweepResult& r);
// evidence_json(r).dump(2) + "\n", byte for byte, without ever holding the
// files' list as a DOM or as text (a 10,000-file report took 600 MB so).
void write_evidence_json(std::ostream& out, const SweepResult& r);
[[nodiscard]] std::string evidence_markdown(const SweepResult& r);

}  // namespace meshgate
