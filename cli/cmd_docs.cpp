// `meshgate docs update|check DOC.md... --evidence evidence.json`: rewrite or
// verify the generated blocks of format documents (reports/doc_sync.hpp).
// check changes nothing and exits 1 naming each stale block: the CI step
// that keeps a document's figures true to the corpus.
#include <fstream>
#include <iostream>
#include <sstream>

#include "platform/utf8_path.hpp"
#include "cli/commands.hpp"
#include "reports/doc_sync.hpp"
#include "pipeline/file_reader.hpp"
#include "pipeline/json_input.hpp"

namespace meshgate::cli {

namespace {

struct DocsOptions {
  std::string mode;  // update | check
  std::vector<std::string> documents;
  std::string evidence;
};

// Documents up to 64 MiB; an evidence report up to 512 MiB (the 10,000-file
// generated corpus's is 70 MB).
constexpr uint64_t kMaxDocumentBytes = 64ull << 20, kMaxEvidenceBytes = 512ull << 20;

std::optional<std::string> read_text(const std::string& path, uint64_t limit, std::string& why) {
  FileReader reader;
  const FileRead read = reader.read(platform::path_from_utf8(path), SizeLimits{limit});
  if (!read) {
    why = read_failure_text(read);
    return std::nullopt;
  }
  return std::string(reinterpret_cast<const char*>(read.bytes.data()), read.bytes.size());
}

// The evidence report, read, parsed and checked against its JSON Schema
// before any block reads it; nullopt after printing why.
std::optional<nlohmann::json> read_evidence(const std::string& path) {
  std::string why;
  const std::optional<std::string> evidence_text = read_text(path, kMaxEvidenceBytes, why);
  if (!evidence_text) {
    std::cerr << "meshgate docs: " << path << ": " << why << "\n";
    return std::nullopt;
  }
  JsonRead parsed = read_json(*evidence_text);
  if (!parsed.value) {
    std::cerr << "meshgate docs: " << path << ": not a usable JSON document: " << parsed.error << "\n";
    return std::nullopt;
  }
  if (const std::vector<std::string> problems = evidence_problems(*parsed.value); !problems.empty()) {
    for (const std::string& p : problems) std::cerr << "meshgate docs: " << path << ": " << p << "\n";
    std::cerr << "meshgate docs: " << path
              << ": not a meshgate evidence report (schema meshgate.evidence.v1, pipeline/schema/evidence.v1.schema.json)\n";
    return std::nullopt;
  }
  return std::move(parsed.value);
}

// What the documents' blocks came to, over every document.
struct DocsTally {
  bool errors = false, stale = false;
  size_t blocks = 0, rewritten = 0;
};

// One document's blocks checked (each stale one printed) and, for update,
// the document rewritten; a document with a broken block is not rewritten at all.
void sync_one_document(const std::string& path, const nlohmann::json& evidence, bool update, DocsTally& tally) {
  std::string why;
  const std::optional<std::string> doc = read_text(path, kMaxDocumentBytes, why);
  if (!doc) {
    std::cerr << "meshgate docs: " << path << ": " << why << "\n";
    tally.errors = true;
    return;
  }
  const DocSync sync = sync_document(*doc, evidence);
  tally.blocks += sync.blocks;
  for (const std::string& e : sync.errors) std::cerr << path << ":" << e << "\n";
  if (!sync.errors.empty()) {
    tally.errors = true;
    return;
  }
  for (const StaleBlock& s : sync.stale) {
    std::cout << path << ":" << s.line << ": stale block `" << s.block << "`\n  expected: " << s.expected
              << "\n  found:    " << s.found << "\n";
  }
  tally.stale = tally.stale || !sync.stale.empty();
  if (update && sync.updated != *doc) {
    if (!write_text_file(path, sync.updated, "docs", Overwrite::edit_in_place)) {
      tally.errors = true;
      return;
    }
    ++tally.rewritten;
  }
}

int run_docs(const DocsOptions& options) {
  const bool update = options.mode == "update";
  // update rewrites each document in place (a symlink: its target, keeping
  // mode and owner); none may be the evidence, nor be named twice.
  if (update && !outputs_are_usable(options.documents, std::vector<std::string>{options.evidence}, "docs", Overwrite::edit_in_place))
    return kExitUsage;
  const std::optional<nlohmann::json> evidence = read_evidence(options.evidence);
  if (!evidence) return kExitUsage;
  DocsTally tally;
  for (const std::string& path : options.documents) sync_one_document(path, *evidence, update, tally);
  if (tally.errors) return kExitUsage;
  if (!update) {
    std::cout << "docs check: " << tally.blocks << " blocks in " << options.documents.size() << " documents, "
              << (tally.stale ? "some stale (run meshgate docs update)" : "all current") << "\n";
    return tally.stale ? kExitFailed : kExitOk;
  }
  std::cout << "docs update: " << tally.blocks << " blocks in " << options.documents.size() << " documents, "
            << tally.rewritten << " documents rewritten\n";
  return kExitOk;
}

}  // namespace

void add_docs(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<DocsOptions>();
  CLI::App* cmd = app.add_subcommand(
      "docs", "Rewrite (update) or verify (check) the <!-- meshgate:... --> blocks of Markdown documents from an evidence report");
  cmd->add_option("MODE", options->mode, "update: rewrite every block; check: change nothing, exit 1 if a block is stale")
      ->required()
      ->check(CLI::IsMember({"update", "check"}));
  cmd->add_option("DOC", options->documents, "Markdown documents with generated blocks")->required();
  cmd->add_option("--evidence", options->evidence, "the evidence report (meshgate sweep --json)")->required();
  cmd->callback([options, &exit_code] { exit_code = run_docs(*options); });
}

}  // namespace meshgate::cli
