// Generated blocks in format documents, kept true by `meshgate docs`.
//
// A block is an HTML comment pair around generated text:
//   <!-- meshgate:fields dmc3-mod mesh -->      the field table of one record
//   <!-- meshgate:invariants -->                the invariant table
//   <!-- meshgate:value KEY -->                 one figure, inline
// each closed by <!-- /meshgate --> (and no such marker elsewhere). Tables sit on their own lines between
// the markers; a value is the exact text between them. KEY is
//   FORMAT.RECORD.+0xOFF.{count,zero,zero_ratio,min,max,status,text}
//   invariant.ID.{holds,violated,ratio,max_deviation,first_violation}
//   totals.NAME (files, entries, bytes, parsed, roundtrip_identical, clean,
//                covered_bytes, uncovered_bytes, uncovered_nonzero_bytes, overlaps, summary)
// Everything is rendered from an evidence report (sweep --json) alone, with
// the functions `sweep --markdown` uses.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace meshgate {

struct StaleBlock {
  size_t line = 0;         // 1-based line of the opening marker
  std::string block;       // "fields dmc3-mod mesh"
  std::string expected;    // what the evidence gives (for a table: the first line that differs)
  std::string found;       // what the document holds there
};

struct DocSync {
  std::string updated;               // the document with every block rewritten
  std::vector<StaleBlock> stale;     // blocks whose text differs from the evidence
  std::vector<std::string> errors;   // "LINE: why" (unknown block, unknown key, unclosed marker)
  size_t blocks = 0;
};

// Why `evidence` is not a meshgate.evidence.v1 report (its JSON Schema,
// pipeline/schema/evidence.v1.schema.json), one line each; empty when it is.
// Check it before sync_document: blocks read only keys the schema requires.
[[nodiscard]] std::vector<std::string> evidence_problems(const nlohmann::json& evidence);

// Every block of `document` against `evidence`. Text outside the blocks is
// copied byte for byte; with errors, `updated` must not be written. A closing
// marker with no block open is an error. Linear in the document: lines are
// counted once, each distinct block is rendered once, value keys are looked
// up in an index of the evidence. Every evidence read is checked: a missing
// key or a wrong type is an error naming its path, never undefined behaviour.
[[nodiscard]] DocSync sync_document(std::string_view document, const nlohmann::json& evidence);

struct EvidenceIndex;  // the evidence's fields and invariants by key (doc_sync.cpp)

// sync_document for many documents against one evidence: the index of its
// fields and invariants is built once, not per document (building it was
// three quarters of syncing a short document). `evidence` must outlive it.
class DocSyncer {
 public:
  explicit DocSyncer(const nlohmann::json& evidence);
  ~DocSyncer();
  DocSyncer(const DocSyncer&) = delete;
  DocSyncer& operator=(const DocSyncer&) = delete;

  [[nodiscard]] DocSync sync(std::string_view document) const;  // sync_document(document, evidence)

 private:
  std::unique_ptr<const EvidenceIndex> index_;  // null when the evidence lacks what the index reads:
  std::string index_error_;                     // then every sync reports this error
};

// The text of one block name ("fields dmc3-mod mesh", "value totals.files"),
// or an error message.
struct BlockText {
  std::optional<std::string> text;
  std::string error;
};
[[nodiscard]] BlockText render_block(std::string_view name, const nlohmann::json& evidence);

}  // namespace meshgate
