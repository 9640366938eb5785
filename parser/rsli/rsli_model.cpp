#include "parser/rsli/rsli_model.hpp"

#include <algorithm>
#include <cstring>

#include "parser/core/utf8_text.hpp"

namespace meshgate::rsli {

std::string_view entry_name_view(const EntryRecord& record) {
  const Bytes name = record.raw(entry::name);
  const auto* chars = reinterpret_cast<const char*>(name.data());
  const auto* nul = static_cast<const char*>(std::memchr(chars, 0, name.size()));
  return std::string_view(chars, nul ? static_cast<size_t>(nul - chars) : name.size());
}

std::string entry_name(const EntryRecord& record) { return utf8_or_escaped(entry_name_view(record)); }

int compare_names(std::string_view a, std::string_view b) {
  const size_t n = std::min(a.size(), b.size());
  for (size_t i = 0; i < n; ++i) {
    const auto x = static_cast<unsigned char>(a[i]), y = static_cast<unsigned char>(b[i]);
    if (x != y) return x < y ? -1 : 1;
  }
  return a.size() == b.size() ? 0 : (a.size() < b.size() ? -1 : 1);
}

Bytes packed_bytes(const Library& library, size_t i) {
  const EntryRecord& r = library.entries[i].record;
  const uint64_t area = table_end(library.entries.size());
  const uint64_t eff = r.get(entry::data_offset) + library.overlay;
  if (eff < area || eff > library.file_size) return {};
  const uint64_t size = std::min<uint64_t>(r.get(entry::packed_size), library.file_size - eff);
  return Bytes(library.payload_area).subspan(static_cast<size_t>(eff - area), static_cast<size_t>(size));
}

}  // namespace meshgate::rsli
