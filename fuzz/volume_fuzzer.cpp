// libFuzzer target for NBZ/ZIP volumes, through the one path every command
// takes (parse_tree via roundtrip_tree): libzip opens the bytes, the members
// a format claims are inflated under the size checks and parsed as files of
// their own. For every input: no crash, diagnostics inside the input, a
// rejected file carries an error, and every member that parsed (a MOD, a
// container, an archive) writes back byte-identically.
// Then the volume writer (writer/zip/) over the same bytes: its hand-read
// framing either refuses the volume with an error or lets it be rewritten;
// with no edit, and with its first member removed and its last replaced,
// the written volume's framing reads again with every untouched member's
// CRC-32 and sizes as they were, and libzip opens it whenever it opened the
// input.
#include <map>

#include "fuzz/fuzz_oracles.hpp"
#include "parser/zip/zip_volume.hpp"
#include "pipeline/roundtrip.hpp"
#include "writer/zip/zip_compress.hpp"
#include "writer/zip/zip_rewrite.hpp"

namespace {

using namespace meshgate;

// The edits a fuzzed volume gets: its first member removed, its last
// (when it is another, writable, not a directory) replaced by a few bytes.
std::vector<zip::Edit> some_edits(const zip::Directory& dir) {
  std::vector<zip::Edit> edits;
  if (dir.entries.empty()) return edits;
  edits.push_back({zip::EditKind::remove, dir.entries.front().name, {}});
  const zip::CentralEntry& last = dir.entries.back();
  if (dir.entries.size() > 1 && last.name != dir.entries.front().name && !last.directory() && !last.encrypted() &&
      zip::can_write_method(last.method))
    edits.push_back({zip::EditKind::replace, last.name, {std::byte{'M'}, std::byte{'O'}, std::byte{'D'}}});
  return edits;
}

void check_rewrite(Bytes input, const zip::Directory& dir, std::vector<zip::Edit> edits, bool libzip_read_input) {
  std::map<std::string, const zip::CentralEntry*> untouched;
  for (const auto& e : dir.entries) untouched[e.name] = &e;
  for (const auto& e : edits) untouched.erase(e.name);
  const size_t edit_count = edits.size();
  const zip::Rewritten out = zip::rewrite_zip(input, std::move(edits));
  if (out.problem) {
    // Names repeated in the directory are the one refusal a fuzzed volume earns here.
    if (edit_count == 0) fuzzing::fail("a volume whose framing reads cannot be written back unedited");
    return;
  }
  zip::BytesSource written(out.bytes);
  const zip::DirectoryRead again = zip::read_directory(written, zip::kMaxMembers);
  if (!again.directory) fuzzing::fail("the writer's own framing does not read again");
  for (const auto& e : again.directory->entries) {
    const auto it = untouched.find(e.name);
    if (it == untouched.end()) continue;
    if (e.crc32 != it->second->crc32 || e.size != it->second->size || e.compressed_size != it->second->compressed_size)
      fuzzing::fail("an untouched member's CRC-32 or sizes changed");
  }
  if (libzip_read_input && !zip::parse_volume(out.bytes).ok()) fuzzing::fail("libzip opens the input but not the rewrite");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const Bytes input(reinterpret_cast<const std::byte*>(data), size);
  if (detect_format(input.first(std::min(size, kMagicProbeBytes))) != Format::zip_volume) return 0;
  for (const RoundTripOutcome& o : roundtrip_tree("fuzz.nbz", input, ParseProfile::compatible, {}, false)) {
    if (!o.parsed) fuzzing::check_rejected_with_error(o.diagnostics);
    if (o.parsed && !o.read_only && !o.identical) fuzzing::fail("a member that parsed does not write back identically");
  }
  zip::BytesSource source(input);
  const zip::DirectoryRead read = zip::read_directory(source, zip::kMaxMembers);
  if (!read.directory) {
    if (!read.problem || read.problem->severity != Severity::error) fuzzing::fail("framing refused without an error");
    return 0;
  }
  const bool libzip_read_input = zip::parse_volume(input).ok();
  check_rewrite(input, *read.directory, {}, libzip_read_input);
  check_rewrite(input, *read.directory, some_edits(*read.directory), libzip_read_input);
  return 0;
}
