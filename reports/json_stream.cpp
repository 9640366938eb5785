#include "reports/json_stream.hpp"

#include "reports/json_sequence.hpp"

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

void write_json_sequence(const nlohmann::json& head, const std::string& key,
                         const std::function<void(const JsonElementSink& element)>& each,
                         const std::function<void(std::string_view text)>& emit) {
  if (!head.is_object() || head.contains(key)) throw std::logic_error("the array must be a new member of a JSON object");
  // dump(2) writes an empty array as "[]": that marks where the elements go.
  // A top-level member sits on its own line at two spaces, so the marker
  // cannot match a deeper member of the same name.
  nlohmann::json with_marker = head;
  with_marker[key] = nlohmann::json::array();
  const std::string text = dump_for_report(with_marker);
  const std::string marker = "\n  \"" + key + "\": []";
  const size_t at = text.find(marker);
  emit(std::string_view(text).substr(0, at + marker.size() - 2));  // up to the '['
  bool first = true;
  each([&](const nlohmann::json& element) {
    // An element two levels down: each of its lines four spaces further in.
    const std::string item = dump_for_report(element);
    std::string indented = first ? "[\n    " : ",\n    ";
    first = false;
    size_t from = 0;
    for (size_t nl = item.find('\n'); nl != std::string::npos; from = nl + 1, nl = item.find('\n', from))
      indented.append(item, from, nl + 1 - from).append("    ");
    indented.append(item, from);
    emit(indented);
  });
  emit(first ? "[]" : "\n  ]");
  emit(std::string_view(text).substr(at + marker.size()));
  emit("\n");
}

void write_json(std::ostream& out, const ArrayDocument& doc) {
  require_new_member(doc);
  write_json_sequence(
      doc.head, doc.key,
      [&](const JsonElementSink& element) {
        for (size_t i = 0; i < doc.count; ++i) element(doc.element(i));
      },
      [&](std::string_view text) { out.write(text.data(), static_cast<std::streamsize>(text.size())); });
}

namespace {

// A stream buffer that keeps nothing and counts what passes.
class CountingBuffer : public std::streambuf {
 public:
  [[nodiscard]] uint64_t count() const { return count_; }

 protected:
  int_type overflow(int_type c) override {
    if (!traits_type::eq_int_type(c, traits_type::eof())) ++count_;
    return traits_type::not_eof(c);
  }
  std::streamsize xsputn(const char*, std::streamsize n) override {
    count_ += static_cast<uint64_t>(n);
    return n;
  }

 private:
  uint64_t count_ = 0;
};

}  // namespace

uint64_t streamed_size(const std::function<void(std::ostream&)>& write) {
  CountingBuffer buffer;
  std::ostream out(&buffer);
  write(out);
  return buffer.count();
}

}  // namespace meshgate
