// What a parser made of one file, held without naming any format: each row
// puts its own parser's result in (ParsedModel::put), and a reader that
// wants one format's result asks for it by type (as<Result>()).
// The walk, the round trip and the reports read what every result has (its
// verdict, diagnostics and coverage) through ResultFacts, so no list of every
// format's type exists outside formats.def and the rows.
#pragma once

#include <concepts>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#include "parser/core/coverage_map.hpp"
#include "parser/core/diagnostics.hpp"

namespace meshgate {

// The coverage of a parsed file when the parse reached the end; else nulls.
struct ParsedCoverage {
  const CoverageMap* map = nullptr;
  const CoverageSummary* summary = nullptr;
};

// What every parser's result says of the file, whatever its format.
struct ResultFacts {
  bool ok = false;
  const std::vector<Diagnostic>* diagnostics = nullptr;
  const CoverageSummary* coverage = nullptr;  // as far as the parse got; nullptr: the format has none
  ParsedCoverage described;                   // the byte map, when the parse reached the end
};

// The facts of a parser's result: its own `facts()` when it is made of
// several (an MSH model and its container), else its ok(), diagnostics,
// coverage and coverage_map, as far as it has them (a volume has no map).
template <typename Result>
[[nodiscard]] ResultFacts facts_of(const Result& r) {
  if constexpr (requires { { r.facts() } -> std::same_as<ResultFacts>; }) {
    return r.facts();
  } else {
    ResultFacts out;
    out.ok = r.ok();
    out.diagnostics = &r.diagnostics;
    if constexpr (requires { r.coverage; }) out.coverage = &r.coverage;
    if constexpr (requires { r.coverage_map; })
      if (r.ok()) out.described = {&r.coverage_map, &r.coverage};
    return out;
  }
}

class ParsedModel {
 public:
  ParsedModel() = default;
  ParsedModel(ParsedModel&&) noexcept = default;
  ParsedModel& operator=(ParsedModel&&) noexcept = default;
  ParsedModel(const ParsedModel& other) : held_(other.held_ ? other.held_->copy() : nullptr) {}
  ParsedModel& operator=(const ParsedModel& other) {
    if (this != &other) held_ = other.held_ ? other.held_->copy() : nullptr;
    return *this;
  }

  // Holds `Result` made from `args` in place of what was held.
  template <typename Result, typename... Args>
  Result& emplace(Args&&... args) {
    auto held = std::make_unique<Held<Result>>(std::forward<Args>(args)...);
    Result& value = held->value;
    held_ = std::move(held);
    return value;
  }
  template <typename Result>
  Result& put(Result&& result) {
    return emplace<std::remove_cvref_t<Result>>(std::forward<Result>(result));
  }

  // The result when it is a `Result`; else nullptr.
  template <typename Result>
  [[nodiscard]] const Result* as() const {
    return held_ && held_->type == &kTypeTag<Result> ? &static_cast<const Held<Result>&>(*held_).value : nullptr;
  }
  template <typename Result>
  [[nodiscard]] Result* as() {
    return held_ && held_->type == &kTypeTag<Result> ? &static_cast<Held<Result>&>(*held_).value : nullptr;
  }

  // False for a file no parser took (an unknown format, a member not inflated).
  [[nodiscard]] bool has_value() const { return held_ != nullptr; }
  // Its facts; all false and null when nothing is held.
  [[nodiscard]] ResultFacts facts() const { return held_ ? held_->facts() : ResultFacts{}; }

 private:
  // One address per type names it (no RTTI: the fuzz and Windows builds
  // need none, and an address compares as cheaply as an index).
  template <typename Result>
  static constexpr char kTypeTag = 0;

  struct Slot {
    const void* type;
    explicit Slot(const void* t) : type(t) {}
    virtual ~Slot() = default;
    [[nodiscard]] virtual std::unique_ptr<Slot> copy() const = 0;
    [[nodiscard]] virtual ResultFacts facts() const = 0;
  };
  template <typename Result>
  struct Held final : Slot {
    Result value;
    template <typename... Args>
    explicit Held(Args&&... args) : Slot(&kTypeTag<Result>), value(std::forward<Args>(args)...) {}
    [[nodiscard]] std::unique_ptr<Slot> copy() const override { return std::make_unique<Held>(value); }
    [[nodiscard]] ResultFacts facts() const override { return facts_of(value); }
  };

  std::unique_ptr<Slot> held_;
};

}  // namespace meshgate
