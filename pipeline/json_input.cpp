#include "pipeline/json_input.hpp"

#include <vector>

namespace meshgate {

using nlohmann::json;

namespace {

// Builds the DOM as nlohmann's own SAX-DOM parser does, refusing excess
// depth and duplicate keys as they are read. The open containers are a stack
// of pointers (each into its parent's storage, which does not move while the
// child is open), and the key path is rendered from that stack only when a
// message needs it.
class CheckedDomBuilder : public nlohmann::json_sax<json> {
 public:
  explicit CheckedDomBuilder(size_t max_depth) : max_depth_(max_depth) {}
  // Each element of the root object's array `key` goes to `element` once read, not into the document.
  CheckedDomBuilder(size_t max_depth, std::string_view key, const JsonElementReader& element)
      : max_depth_(max_depth), divert_key_(key), divert_(&element) {}

  json root;
  std::string error;

  bool null() override { return put(json(nullptr)); }
  bool boolean(bool v) override { return put(json(v)); }
  bool number_integer(number_integer_t v) override { return put(json(v)); }
  bool number_unsigned(number_unsigned_t v) override { return put(json(v)); }
  bool number_float(number_float_t v, const string_t&) override { return put(json(v)); }
  bool string(string_t& v) override { return put(json(std::move(v))); }
  bool binary(binary_t& v) override { return put(json::binary(std::move(v))); }

  bool start_object(std::size_t) override { return open(json::object()); }
  bool start_array(std::size_t) override { return open(json::array()); }
  bool end_object() override { return close(); }
  bool end_array() override { return close(); }

  bool key(string_t& k) override {
    json::object_t& object = open_.back().container->get_ref<json::object_t&>();
    auto [it, inserted] = object.emplace(std::move(k), nullptr);
    if (!inserted) {
      const std::string where = path(/*into_top=*/false);
      error = (where.empty() ? "/" : where) + ": key \"" + cut_text(it->first, 48) + "\" appears twice";
      return false;
    }
    open_.back().key = &it->first;
    slot_ = &it->second;
    return true;
  }

  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& ex) override {
    std::string what = ex.what();
    if (const size_t bracket = what.find("] "); what.starts_with("[json.exception") && bracket != std::string::npos)
      what.erase(0, bracket + 2);
    // nlohmann quotes the whole token read so far: a 200 MB string, in full.
    constexpr std::string_view kLastRead = "; last read: '";
    if (const size_t at = what.find(kLastRead); at != std::string::npos) {
      std::string_view token = std::string_view(what).substr(at + kLastRead.size());
      if (token.ends_with('\'')) token.remove_suffix(1);
      what = what.substr(0, at) + "; last read: '" + cut_text(token, 40) + "'";
    }
    const std::string where = path(/*into_top=*/true);
    error = what + (where.empty() ? "" : " (at " + where + ")");
    return false;
  }

 private:
  struct Open {
    json* container;
    const std::string* key = nullptr;  // objects: the key whose value is being read
  };

  // Where the next value goes: the root, the next element of an array, or
  // the slot of the key just read.
  json* place(json&& v) {
    if (open_.empty()) {
      root = std::move(v);
      return &root;
    }
    json& top = *open_.back().container;
    if (top.is_array()) return &top.get_ref<json::array_t&>().emplace_back(std::move(v));
    *slot_ = std::move(v);
    return slot_;
  }
  bool open(json&& empty) {
    if (open_.size() >= max_depth_) {
      error = path(/*into_top=*/true) + ": nesting deeper than " + std::to_string(max_depth_) + " levels of arrays and objects";
      return false;
    }
    open_.push_back({place(std::move(empty))});
    return true;
  }
  bool close() {
    open_.pop_back();
    return !diverting() || divert_last();
  }
  bool put(json&& v) {
    place(std::move(v));
    return !diverting() || divert_last();
  }

  // Whether the value just completed is an element of the diverted array:
  // the innermost open container is that array, a member of the root.
  bool diverting() const {
    return divert_ && open_.size() == 2 && open_[0].key && *open_[0].key == divert_key_ && open_[1].container->is_array();
  }
  bool divert_last() {
    json::array_t& array = open_[1].container->get_ref<json::array_t&>();
    json element = std::move(array.back());
    array.pop_back();
    ++diverted_;
    if ((*divert_)(std::move(element))) return true;
    error = "/" + divert_key_ + "/" + std::to_string(diverted_ - 1) + ": refused";
    return false;
  }

  // "/files/0/sha256": every open container's position in its parent; with
  // into_top, also the position the next value takes in the innermost one.
  std::string path(bool into_top) const {
    std::string out;
    for (size_t i = 0; i < open_.size(); ++i) {
      const bool innermost = i + 1 == open_.size();
      if (innermost && !into_top) break;
      const json& c = *open_[i].container;
      // Appended piece by piece: GCC 12 reads "/" + temporary as an
      // overflowing copy when this file shares a unity batch with others.
      const size_t before = i == 1 && divert_ && open_[0].key && *open_[0].key == divert_key_ ? diverted_ : 0;
      if (c.is_array()) out.append("/").append(std::to_string(before + (innermost ? c.size() : c.size() - 1)));
      else if (open_[i].key) out.append("/").append(cut_text(*open_[i].key, 48));
    }
    return out;
  }

  size_t max_depth_;
  std::vector<Open> open_;
  json* slot_ = nullptr;
  std::string divert_key_;
  const JsonElementReader* divert_ = nullptr;
  size_t diverted_ = 0;
};

const char* type_word(const json& v) { return v.type_name(); }

}  // namespace

JsonRead read_json(std::string_view text, size_t max_depth) {
  CheckedDomBuilder builder(max_depth);
  const bool ok = json::sax_parse(text.begin(), text.end(), &builder, json::input_format_t::json, /*strict=*/true);
  if (!ok) return {std::nullopt, builder.error.empty() ? "is not JSON" : builder.error};
  return {std::move(builder.root), ""};
}

JsonRead read_json_diverting(std::istream& text, std::string_view key, const JsonElementReader& element,
                             size_t max_depth) {
  CheckedDomBuilder builder(max_depth, key, element);
  const bool ok = json::sax_parse(text, &builder, json::input_format_t::json, /*strict=*/true);
  if (!ok) return {std::nullopt, builder.error.empty() ? "is not JSON" : builder.error};
  return {std::move(builder.root), ""};
}

bool JsonRef::has(std::string_view key) const {
  return value_->is_object() && value_->find(key) != value_->end();
}

void JsonRef::fail(const std::string& why) const { throw JsonInputError(where() + ": " + why); }

void JsonRef::expect(bool ok, const char* expected) const {
  if (!ok) fail(std::string("is ") + type_word(*value_) + ", expected " + expected);
}

JsonRef JsonRef::at(std::string_view key) const {
  expect(value_->is_object(), "an object");
  const auto it = value_->find(key);
  if (it == value_->end()) fail("key \"" + cut_text(key, 48) + "\" is missing");
  return {*it, path_ + "/" + cut_text(key, 48)};
}

JsonRef JsonRef::at(size_t index) const {
  expect(value_->is_array(), "an array");
  if (index >= value_->size()) fail("has no element " + std::to_string(index));
  return {(*value_)[index], path_ + "/" + std::to_string(index)};
}

size_t JsonRef::size() const {
  expect(value_->is_array(), "an array");
  return value_->size();
}

const std::string& JsonRef::str() const {
  expect(value_->is_string(), "a string");
  return value_->get_ref<const std::string&>();
}

uint64_t JsonRef::u64() const {
  expect(value_->is_number_unsigned() || (value_->is_number_integer() && value_->get<int64_t>() >= 0),
         "a non-negative integer");
  return value_->get<uint64_t>();
}

double JsonRef::number() const {
  expect(value_->is_number(), "a number");
  return value_->get<double>();
}

}  // namespace meshgate
