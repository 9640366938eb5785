#include "reports/json_stream.hpp"

#include <stdexcept>
#include <string>

namespace meshgate {

void write_json_streaming_array(std::ostream& out, nlohmann::json doc, std::string_view key, size_t count,
                                const std::function<nlohmann::json(size_t)>& element) {
  if (!doc.is_object() || doc.contains(std::string(key))) throw std::logic_error("streamed member must be new to a JSON object");
  // dump(2) writes an empty array as "[]": that marks where the elements go.
  // A top-level member sits on its own line at two spaces, so the marker
  // cannot match a deeper member of the same name.
  doc[std::string(key)] = nlohmann::json::array();
  const std::string text = doc.dump(2);
  const std::string marker = "\n  \"" + std::string(key) + "\": []";
  const size_t at = text.find(marker);
  out.write(text.data(), static_cast<std::streamsize>(at + marker.size() - 2));  // up to the '['
  if (count == 0) {
    out << "[]";
  } else {
    out << "[\n";
    for (size_t i = 0; i < count; ++i) {
      // An element two levels down: each of its lines four spaces further in.
      const std::string item = element(i).dump(2);
      out << "    ";
      size_t from = 0;
      for (size_t nl = item.find('\n'); nl != std::string::npos; from = nl + 1, nl = item.find('\n', from)) {
        out.write(item.data() + from, static_cast<std::streamsize>(nl + 1 - from));
        out << "    ";
      }
      out.write(item.data() + from, static_cast<std::streamsize>(item.size() - from));
      out << (i + 1 < count ? ",\n" : "\n");
    }
    out << "  ]";
  }
  const size_t rest = at + marker.size();
  out.write(text.data() + rest, static_cast<std::streamsize>(text.size() - rest));
  out << "\n";
}

}  // namespace meshgate
