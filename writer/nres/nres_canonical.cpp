#include "writer/nres/nres_canonical.hpp"

#include <algorithm>
#include <numeric>

#include "parser/nres/nres_parser.hpp"

namespace meshgate::nres {

EntryDescription describe_entry(const EntryRecord& record, std::vector<std::byte> payload) {
  EntryDescription e;
  e.type_id = static_cast<uint32_t>(record.get(entry::type_id));
  e.attr1 = static_cast<uint32_t>(record.get(entry::attr1));
  e.attr2 = static_cast<uint32_t>(record.get(entry::attr2));
  e.attr3 = static_cast<uint32_t>(record.get(entry::attr3));
  e.name = std::string(entry_name_view(record));  // the raw bytes, not the escaped view
  const auto field = record.raw(entry::name);
  for (size_t k = e.name.size() + 1; k < field.size(); ++k) e.name_tail.push_back(static_cast<uint8_t>(field[k]));
  e.payload = std::move(payload);
  return e;
}

bool sorted_uppercase(const std::vector<const EntryRecord*>& records) {
  const auto matches = [&](auto compare) {
    std::vector<size_t> p(records.size());
    std::iota(p.begin(), p.end(), size_t{0});
    std::stable_sort(p.begin(), p.end(), [&](size_t a, size_t b) {
      return compare(entry_name_view(*records[a]), entry_name_view(*records[b])) < 0;
    });
    for (size_t i = 0; i < p.size(); ++i)
      if (records[i]->get(entry::sort_index) != p[i]) return false;
    return true;
  };
  return !matches(compare_names_lowercase) && matches(compare_names_uppercase);
}

std::vector<std::string> unplaced_gaps(const std::vector<Gap>& gaps) {
  uint64_t nonzero = 0, first = 0;
  for (const Gap& g : gaps)
    for (size_t k = 0; k < g.bytes.size(); ++k)
      if (g.bytes.data()[k] != std::byte{0} && nonzero++ == 0) first = g.offset + k;
  if (nonzero == 0) return {};
  return {std::to_string(nonzero) + " non-zero gap byte(s) (first at offset " + std::to_string(first) +
          "): an unindexed region or non-zero padding; the fresh layout pads with zeros"};
}

}  // namespace meshgate::nres
