#include "reports/json_stream.hpp"

#include <stdexcept>
#include <string>

namespace meshgate {

namespace {

void require_new_member(const ArrayDocument& doc) {
  if (!doc.head.is_object() || doc.head.contains(doc.key))
    throw std::logic_error("the array must be a new member of a JSON object");
}

}  // namespace

std::string dump_for_report(const nlohmann::json& j) {
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

nlohmann::json to_json(const ArrayDocument& doc) {
  require_new_member(doc);
  nlohmann::json out = doc.head;
  nlohmann::json& array = out[doc.key] = nlohmann::json::array();
  for (size_t i = 0; i < doc.count; ++i) array.push_back(doc.element(i));
  return out;
}

void write_json(std::ostream& out, const ArrayDocument& doc) {
  require_new_member(doc);
  // dump(2) writes an empty array as "[]": that marks where the elements go.
  // A top-level member sits on its own line at two spaces, so the marker
  // cannot match a deeper member of the same name.
  nlohmann::json head = doc.head;
  head[doc.key] = nlohmann::json::array();
  const std::string text = dump_for_report(head);
  const std::string marker = "\n  \"" + doc.key + "\": []";
  const size_t at = text.find(marker);
  out.write(text.data(), static_cast<std::streamsize>(at + marker.size() - 2));  // up to the '['
  if (doc.count == 0) {
    out << "[]";
  } else {
    out << "[\n";
    for (size_t i = 0; i < doc.count; ++i) {
      // An element two levels down: each of its lines four spaces further in.
      const std::string item = dump_for_report(doc.element(i));
      out << "    ";
      size_t from = 0;
      for (size_t nl = item.find('\n'); nl != std::string::npos; from = nl + 1, nl = item.find('\n', from)) {
        out.write(item.data() + from, static_cast<std::streamsize>(nl + 1 - from));
        out << "    ";
      }
      out.write(item.data() + from, static_cast<std::streamsize>(item.size() - from));
      out << (i + 1 < doc.count ? ",\n" : "\n");
    }
    out << "  ]";
  }
  const size_t rest = at + marker.size();
  out.write(text.data() + rest, static_cast<std::streamsize>(text.size() - rest));
  out << "\n";
}

}  // namespace meshgate
