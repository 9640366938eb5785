// A format's own import options (the MOT fit's --animation, --mot-mask,
// --mot-fps, --max-error; --scm-euler) on their way from a command to the
// format's importer, kept by their type: the command puts what it parsed,
// the importer takes its own type and sees its defaults when none was put.
// So the request that carries them names no format.
#pragma once

#include <any>
#include <utility>
#include <vector>

namespace meshgate {

class ImportSettings {
 public:
  // Replaces a value of the same type put before.
  template <class T>
  void put(T value) {
    for (std::any& held : values_)
      if (held.type() == typeid(T)) {
        held = std::move(value);
        return;
      }
    values_.emplace_back(std::move(value));
  }
  // The value of type T put, else T's defaults.
  template <class T>
  [[nodiscard]] T get() const {
    for (const std::any& held : values_)
      if (const T* value = std::any_cast<T>(&held)) return *value;
    return T{};
  }

 private:
  std::vector<std::any> values_;
};

}  // namespace meshgate
