#include "writer/msh/msh_canonical.hpp"

#include <map>

#include "parser/msh/msh_parser.hpp"
#include "writer/msh/msh_describe.hpp"
#include "writer/msh/msh_exporter.hpp"
#include "writer/msh/msh_writer.hpp"
#include "writer/nres/nres_canonical.hpp"

namespace meshgate::msh {

namespace {

std::string stream_name(uint32_t type) {
  const StreamType* t = find_stream_type(type);
  return "Res" + std::to_string(type) + (t ? " (" + std::string(t->name) + ")" : "");
}

// The streams whose content differs between the model and the one the
// exporter makes from its description (by type: the exporter's directory
// order is its own), or why the exporter could not make one.
std::vector<std::string> recomputed_differences(const Model& model, std::string& why_not) {
  const DescribedMsh described = describe_model(model);
  if (!described.complete()) {
    why_not = described.gaps.front();
    return {};
  }
  std::string error;
  const std::vector<std::byte> exported = export_msh(described.model, &error);
  const ParseResult again = exported.empty() ? ParseResult{} : parse_msh(exported);
  if (!again.ok()) {
    why_not = error.empty() ? "the exporter's model does not parse" : error;
    return {};
  }
  std::map<uint32_t, const Stream*> theirs;
  for (const Stream& s : again.model->streams) theirs.emplace(static_cast<uint32_t>(s.record.get(nres::entry::type_id)), &s);
  std::vector<std::string> differ;
  for (const Stream& s : model.streams) {
    const auto type = static_cast<uint32_t>(s.record.get(nres::entry::type_id));
    const auto it = theirs.find(type);
    if (it == theirs.end() || !(it->second->data == s.data) ||
        it->second->record.get(nres::entry::attr1) != s.record.get(nres::entry::attr1) ||
        it->second->record.get(nres::entry::attr2) != s.record.get(nres::entry::attr2) ||
        it->second->record.get(nres::entry::attr3) != s.record.get(nres::entry::attr3))
      differ.push_back(stream_name(type));
  }
  return differ;
}

}  // namespace

CanonicalMsh rebuild_canonical(const Model& model) {
  nres::ArchiveDescription d;
  std::vector<const nres::EntryRecord*> records;
  for (const Stream& s : model.streams) {
    std::vector<std::byte> payload(encoded_size(s.data));
    encode_stream_into(s.data, payload);
    d.entries.push_back(nres::describe_entry(s.record, std::move(payload)));
    records.push_back(&s.record);
  }
  d.uppercase_sort = nres::sorted_uppercase(records);
  CanonicalMsh out{nres::build_nres(d), nres::unplaced_gaps(model.gaps), {}};
  std::string why_not;
  const std::vector<std::string> differ = recomputed_differences(model, why_not);
  if (!why_not.empty()) {
    out.notes.push_back("derived tables not recomputed: the model is not one the canonical exporter writes (" + why_not +
                        "); they are carried");
  } else if (differ.empty()) {
    out.notes.push_back("derived tables recomputed by the canonical exporter: every stream agrees with the file's");
  } else {
    std::string list;
    for (const std::string& s : differ) list += (list.empty() ? "" : ", ") + s;
    out.notes.push_back("derived tables recomputed by the canonical exporter differ from the file's in " + list +
                        ": the file's are kept");
  }
  return out;
}

}  // namespace meshgate::msh
