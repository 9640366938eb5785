// The corpus manifest (`meshgate manifest`, schema "meshgate.manifest.v1") and
// the gate that checks a corpus against it (`meshgate gate`): per file its
// relative path, size, xxh3_64, sha256, format and the expected outcomes
// (parse ok, round trip identical, uncovered bytes, uncovered non-zero bytes,
// diagnostic codes), plus a fingerprint over the whole corpus.
#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis/sweep.hpp"

namespace meshgate {

inline constexpr std::string_view kManifestSchema = "meshgate.manifest.v1";

[[nodiscard]] nlohmann::json manifest_json(const SweepResult& sweep);
// manifest_json(sweep).dump(2) + "\n", byte for byte, one file entry at a time.
void write_manifest_json(std::ostream& out, const SweepResult& sweep);

// One file's entry in the lock's "files".
[[nodiscard]] nlohmann::json manifest_entry(const SweptFile& f);
// What lock_digest's material begins with; each entry's compact JSON and a
// newline follow, in lock order.
[[nodiscard]] std::string lock_digest_header(const nlohmann::json& tool, const std::string& fingerprint);
// Text as the bytes a digest of the lock takes.
[[nodiscard]] inline Bytes lock_text_bytes(std::string_view text) {
  return {reinterpret_cast<const std::byte*>(text.data()), text.size()};
}

// Why a lock cannot be trusted, one sentence each; empty when it is sound:
// it violates pipeline/schema/manifest.v1.schema.json (every expectation is
// required), lists a path twice, or its fingerprint or lock_digest does not
// match its entries (it was edited by hand).
[[nodiscard]] std::vector<std::string> lock_problems(const nlohmann::json& manifest);

// Sets a schema-valid lock's fingerprint and lock_digest to what its entries
// give: how the tests and lock_fuzzer make an edited lock the gate trusts
// (the gate cannot tell it from one `manifest` wrote; see docs/GUARANTEES.md).
void reseal_lock(nlohmann::json& lock);

// Every way the swept corpus differs from the manifest, one sentence each, in
// a stable order (by path); empty when the gate passes. An entry the sweep
// could not read is "unreadable", not "missing". For a manifest that is not
// sound, its lock_problems().
[[nodiscard]] std::vector<std::string> gate_differences(const nlohmann::json& manifest, const SweepResult& sweep);

// The pieces of gate_differences, for a gate that meets the files one at a
// time (reports/lock_gate.hpp): whether the lock has an entry of a path;
// how one swept file differs from its sound lock entry `want`, appended to
// `out` in gate_differences' order; the line for an entry no file answered.
using LockListing = std::function<bool(const std::string& path)>;
void entry_differences(const nlohmann::json& want, const SweptFile& got, const LockListing& listed_in_lock,
                       std::vector<std::string>& out);
[[nodiscard]] std::string absent_entry_difference(const std::string& path, const std::vector<std::string>& unreadable);

}  // namespace meshgate
