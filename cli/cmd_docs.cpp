// `meshgate docs update|check DOC.md... --evidence evidence.json`: rewrite or
// verify the generated blocks of format documents (reports/doc_sync.hpp).
// check changes nothing and exits 1 naming each stale block: the CI step
// that keeps a document's figures true to the corpus.
#include <fstream>
#include <iostream>
#include <sstream>

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
  const FileRead read = reader.read(path, SizeLimits{limit});
  if (!read) {
    why = read_failure_text(read);
    return std::nullopt;
  }
  return std::string(reinterpret_cast<const char*>(read.bytes.data()), read.bytes.size());
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
  cmd->callback([options, &exit_code] {
    // update rewrites each document in place (a symlink: its target, keeping
    // mode and owner); none may be the evidence, nor be named twice.
    if (options->mode == "update" &&
        !outputs_are_usable(options->documents, std::vector<std::string>{options->evidence}, "docs", Overwrite::replace)) {
      exit_code = kExitUsage;
      return;
    }
    std::string why;
    const std::optional<std::string> evidence_text = read_text(options->evidence, kMaxEvidenceBytes, why);
    if (!evidence_text) {
      std::cerr << "meshgate docs: " << options->evidence << ": " << why << "\n";
      exit_code = kExitUsage;
      return;
    }
    const JsonRead parsed = read_json(*evidence_text);
    if (!parsed.value) {
      std::cerr << "meshgate docs: " << options->evidence << ": not a usable JSON document: " << parsed.error << "\n";
      exit_code = kExitUsage;
      return;
    }
    const nlohmann::json& evidence = *parsed.value;
    // Checked against its JSON Schema before any block reads it.
    if (const std::vector<std::string> problems = evidence_problems(evidence); !problems.empty()) {
      for (const std::string& p : problems) std::cerr << "meshgate docs: " << options->evidence << ": " << p << "\n";
      std::cerr << "meshgate docs: " << options->evidence
                << ": not a meshgate evidence report (schema meshgate.evidence.v1, reports/schema/evidence.v1.schema.json)\n";
      exit_code = kExitUsage;
      return;
    }
    bool errors = false, stale = false;
    size_t blocks = 0, rewritten = 0;
    for (const std::string& path : options->documents) {
      const std::optional<std::string> doc = read_text(path, kMaxDocumentBytes, why);
      if (!doc) {
        std::cerr << "meshgate docs: " << path << ": " << why << "\n";
        errors = true;
        continue;
      }
      const DocSync sync = sync_document(*doc, evidence);
      blocks += sync.blocks;
      for (const std::string& e : sync.errors) std::cerr << path << ":" << e << "\n";
      if (!sync.errors.empty()) {
        errors = true;
        continue;  // a document with a broken block is not rewritten at all
      }
      for (const StaleBlock& s : sync.stale) {
        std::cout << path << ":" << s.line << ": stale block `" << s.block << "`\n  expected: " << s.expected
                  << "\n  found:    " << s.found << "\n";
      }
      stale = stale || !sync.stale.empty();
      if (options->mode == "update" && sync.updated != *doc) {
        if (!write_text_file(path, sync.updated, "docs", Overwrite::replace)) {
          errors = true;
          continue;
        }
        ++rewritten;
      }
    }
    if (errors) {
      exit_code = kExitUsage;
      return;
    }
    if (options->mode == "check") {
      std::cout << "docs check: " << blocks << " blocks in " << options->documents.size() << " documents, "
                << (stale ? "some stale (run meshgate docs update)" : "all current") << "\n";
      exit_code = stale ? kExitFailed : kExitOk;
    } else {
      std::cout << "docs update: " << blocks << " blocks in " << options->documents.size() << " documents, " << rewritten
                << " documents rewritten\n";
      exit_code = kExitOk;
    }
  });
}

}  // namespace meshgate::cli
