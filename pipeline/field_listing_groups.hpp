// The field listing `inspect --json` prints ("fields": [{path, offset, size,
// type, value, status, ...}]) in groups made on demand: one per record (a
// node, a key, a slot), per stream array, per string, per container entry.
// A 20,000-node MSH lists ~700,000 fields; held as one JSON DOM they took
// about 1 KB each (inspect 0.7 GB, diff --semantic 2.2 GB on a 2 MB file).
// The commands that read listings (inspect --json, diff, rebuild, dump, set,
// view) keep the groups' keys and make one group's fields at a time, so what
// they hold grows with the number of groups, not of JSON objects.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace meshgate {

class FieldListing {
 public:
  // Appends the group's fields, in listing order, to the JSON array `out`;
  // `key` is the group's (so that a fill need not hold its own copy).
  using Fill = std::function<void(const std::string& key, nlohmann::json& out)>;
  struct Group {
    std::string key;  // every field path of the group starts with it ("res1[12]"); "" for one whole listing
    Fill fill;
  };

  FieldListing() = default;
  // A listing already made as one JSON array (MOD, NRes: bounded by their size limits), as one group.
  static FieldListing from_array(nlohmann::json fields);

  void add(std::string key, Fill fill) { groups_.push_back({std::move(key), std::move(fill)}); }
  // Keeps `owner` (what the fills read) alive as long as this listing or a copy of it.
  void keep_alive(std::shared_ptr<const void> owner) { owners_.push_back(std::move(owner)); }

  // This listing with each group's key renamed and `edit` run on its fields
  // after they are made (what they read is shared, not copied). From a
  // listing about to go, its fills are moved, not copied: a side of `diff
  // --semantic` holds one group per record (91,000 for 47,000 MSH nodes).
  using Rename = std::function<std::string(const std::string& key)>;
  using Edit = std::function<void(nlohmann::json& fields)>;
  [[nodiscard]] FieldListing transformed(const Rename& rename, Edit edit) const&;
  [[nodiscard]] FieldListing transformed(const Rename& rename, Edit edit) &&;

  [[nodiscard]] const std::vector<Group>& groups() const { return groups_; }
  [[nodiscard]] nlohmann::json group_fields(size_t group) const;
  // The field with this path, made from the groups whose key starts it.
  [[nodiscard]] std::optional<nlohmann::json> find(std::string_view path) const;
  // Every field as one JSON array (the listing as `inspect --json` prints it).
  [[nodiscard]] nlohmann::json to_json() const;

  // Every field in order, one group made at a time: a reference from it is
  // valid until the iterator moves on.
  class iterator {
   public:
    using value_type = nlohmann::json;
    using difference_type = std::ptrdiff_t;
    iterator() = default;
    iterator(const FieldListing* listing, size_t group);
    const nlohmann::json& operator*() const { return fields_[at_]; }
    const nlohmann::json* operator->() const { return &fields_[at_]; }
    iterator& operator++();
    bool operator==(const iterator& o) const { return group_ == o.group_ && at_ == o.at_; }

   private:
    void load();  // makes group_'s fields, or those of the next group that has any
    const FieldListing* listing_ = nullptr;
    size_t group_ = 0, at_ = 0;
    nlohmann::json fields_ = nlohmann::json::array();
  };
  [[nodiscard]] iterator begin() const { return {this, 0}; }
  [[nodiscard]] iterator end() const { return {this, groups_.size()}; }

 private:
  static FieldListing transformed_from(std::vector<Group> groups, std::vector<std::shared_ptr<const void>> owners,
                                       const Rename& rename, Edit edit);
  std::vector<Group> groups_;
  std::vector<std::shared_ptr<const void>> owners_;
};

}  // namespace meshgate
