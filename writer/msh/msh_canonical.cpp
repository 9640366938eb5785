#include "writer/msh/msh_canonical.hpp"

#include "writer/msh/msh_writer.hpp"
#include "writer/nres/nres_canonical.hpp"

namespace meshgate::msh {

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
  return {nres::build_nres(d), nres::unplaced_gaps(model.gaps)};
}

}  // namespace meshgate::msh
