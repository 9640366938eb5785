#include "reports/first_violators.hpp"

namespace meshgate {

void FirstViolators::set_inputs(const std::vector<InputFile>& inputs) {
  displays_.clear();
  inputs_.clear();
  displays_.reserve(inputs.size());
  for (const InputFile& in : inputs) displays_.push_back(in.display);
  for (size_t i = 0; i < displays_.size(); ++i) inputs_.emplace(displays_[i], i);
}

// The input itself, or the input it is nested in: the path cut at its '!'s
// from the right (an input given as an address FILE!NESTED holds '!' too).
size_t FirstViolators::input_of(std::string_view path) const {
  for (;;) {
    if (const auto found = inputs_.find(path); found != inputs_.end()) return found->second;
    const size_t cut = path.rfind('!');
    if (cut == std::string_view::npos) return kUnknown;
    path = path.substr(0, cut);
  }
}

bool FirstViolators::may_be_first(std::string_view path, const std::vector<std::string_view>& ids) {
  const size_t input = input_of(path);
  if (input == kUnknown) return true;
  bool may = false;
  std::lock_guard lock(mutex_);
  for (std::string_view id : ids) {
    const auto [at, inserted] = earliest_.try_emplace(id, input);
    if (inserted || input <= at->second) {
      at->second = input;
      may = true;
    }
  }
  return may;
}

}  // namespace meshgate
