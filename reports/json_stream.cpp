#include "reports/json_stream.hpp"

#include "reports/json_sequence.hpp"

#include <algorithm>
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

namespace {

// Where a sequence's marker, dump(2)'s "[]" for the empty array put at its
// path, lies in `text`: a member `depth` levels down sits on its own line at
// 2 x depth spaces, so the marker cannot match a deeper member of the same
// name. npos when the path does not lead to a new member of an object.
size_t marker_at(const std::string& text, const std::vector<std::string>& path) {
  if (path.empty()) return std::string::npos;
  return text.find("\n" + std::string(2 * path.size(), ' ') + "\"" + path.back() + "\": []");
}

// The elements of one sequence, each of their lines indented as a member of
// the array `depth` levels down.
void emit_elements(size_t depth, const JsonSequence& sequence, const std::function<void(std::string_view)>& emit) {
  const std::string indent(2 * (depth + 1), ' ');
  bool first = true;
  sequence.each([&](const nlohmann::json& element) {
    const std::string item = dump_for_report(element);
    std::string indented = (first ? "[\n" : ",\n") + indent;
    first = false;
    size_t from = 0;
    for (size_t nl = item.find('\n'); nl != std::string::npos; from = nl + 1, nl = item.find('\n', from))
      indented.append(item, from, nl + 1 - from).append(indent);
    indented.append(item, from);
    emit(indented);
  });
  emit(first ? "[]" : "\n" + std::string(2 * depth, ' ') + "]");
}

}  // namespace

void write_json_sequences(const nlohmann::json& head, const std::vector<JsonSequence>& sequences,
                          const std::function<void(std::string_view text)>& emit) {
  nlohmann::json with_markers = head;
  for (const JsonSequence& s : sequences) {
    nlohmann::json* parent = &with_markers;
    for (size_t k = 0; k + 1 < s.path.size(); ++k)
      parent = parent->is_object() && parent->contains(s.path[k]) ? &(*parent)[s.path[k]] : nullptr;
    if (s.path.empty() || !parent || !parent->is_object() || parent->contains(s.path.back()))
      throw std::logic_error("each array must be a new member of a JSON object");
    (*parent)[s.path.back()] = nlohmann::json::array();
  }
  const std::string text = dump_for_report(with_markers);
  // The sequences in the order their markers appear in the text.
  std::vector<std::pair<size_t, const JsonSequence*>> at;
  for (const JsonSequence& s : sequences) {
    at.emplace_back(marker_at(text, s.path), &s);
    if (at.back().first == std::string::npos) throw std::logic_error("an array's marker is not in the report");
  }
  std::sort(at.begin(), at.end());
  size_t from = 0;
  for (const auto& [where, s] : at) {
    const size_t open = where + 2 * s->path.size() + s->path.back().size() + 5;  // past "\n  \"key\": "
    emit(std::string_view(text).substr(from, open - from));
    emit_elements(s->path.size(), *s, emit);
    from = open + 2;  // past "[]"
  }
  emit(std::string_view(text).substr(from));
  emit("\n");
}

void write_json_sequence(const nlohmann::json& head, const std::string& key,
                         const std::function<void(const JsonElementSink& element)>& each,
                         const std::function<void(std::string_view text)>& emit) {
  write_json_sequences(head, {{{key}, each}}, emit);
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
