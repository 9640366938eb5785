#include "pipeline/field_listing_groups.hpp"

namespace meshgate {

using nlohmann::json;

FieldListing FieldListing::from_array(json fields) {
  FieldListing out;
  auto held = std::make_shared<const json>(std::move(fields));
  out.add("", [held = held.get()](const std::string&, json& into) {
    if (held->is_array())
      for (const json& f : *held) into.push_back(f);
  });
  out.keep_alive(held);
  return out;
}

FieldListing FieldListing::transformed(const Rename& rename, Edit edit) const& {
  return transformed_from(groups_, owners_, rename, std::move(edit));
}

FieldListing FieldListing::transformed(const Rename& rename, Edit edit) && {
  return transformed_from(std::move(groups_), std::move(owners_), rename, std::move(edit));
}

FieldListing FieldListing::transformed_from(std::vector<Group> groups, std::vector<std::shared_ptr<const void>> owners,
                                            const Rename& rename, Edit edit) {
  FieldListing out;
  out.owners_ = std::move(owners);
  out.groups_.reserve(groups.size());
  auto shared_edit = std::make_shared<const Edit>(std::move(edit));
  for (Group& g : groups) {
    std::string renamed = rename(g.key);
    out.add(std::move(renamed), [fill = std::move(g.fill), key = std::move(g.key), shared_edit](const std::string&, json& into) {
      json made = json::array();
      fill(key, made);
      (*shared_edit)(made);
      for (json& f : made) into.push_back(std::move(f));
    });
  }
  return out;
}

json FieldListing::group_fields(size_t group) const {
  json out = json::array();
  groups_[group].fill(groups_[group].key, out);
  return out;
}

std::optional<json> FieldListing::find(std::string_view path) const {
  for (size_t g = 0; g < groups_.size(); ++g) {
    if (!path.starts_with(groups_[g].key)) continue;
    for (const json& f : group_fields(g))
      if (f.is_object() && f.contains("path") && f["path"] == path) return f;
  }
  return std::nullopt;
}

json FieldListing::to_json() const {
  json out = json::array();
  for (const Group& g : groups_) g.fill(g.key, out);
  return out;
}

FieldListing::iterator::iterator(const FieldListing* listing, size_t group) : listing_(listing), group_(group) { load(); }

FieldListing::iterator& FieldListing::iterator::operator++() {
  if (++at_ >= fields_.size()) {
    ++group_;
    load();
  }
  return *this;
}

void FieldListing::iterator::load() {
  at_ = 0;
  for (; group_ < listing_->groups_.size(); ++group_) {
    fields_ = json::array();
    listing_->groups_[group_].fill(listing_->groups_[group_].key, fields_);
    if (!fields_.empty()) return;  // an empty group is skipped
  }
  fields_ = json::array();  // end: equal to end()
}

}  // namespace meshgate
