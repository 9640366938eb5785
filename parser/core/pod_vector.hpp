// A std::vector whose resize() leaves trivially copyable elements
// uninitialised: a decoded stream is resized and then filled by one bulk copy
// from the input, so zero-filling it first would write every byte twice.
// So does every other element insertion without a value (emplace_back(),
// the count constructor). A type whose default constructor zero-fills
// (Record) is made through its ForOverwrite constructor instead.
// Value-initialisation (`T{}`) and every constructor with a value behave as usual.
#pragma once

#include <algorithm>
#include <memory>
#include <type_traits>
#include <vector>

namespace meshgate {

// The tag of a constructor that leaves an object's bytes for its caller to
// fill (Record's: a run of records is made, then copied over in one go).
struct ForOverwrite {
  explicit ForOverwrite() = default;
};
inline constexpr ForOverwrite for_overwrite{};

template <typename T, typename Base = std::allocator<T>>
class DefaultInitAllocator : public Base {
  static_assert(std::is_trivially_copyable_v<T>);
  using Traits = std::allocator_traits<Base>;

 public:
  template <typename U>
  struct rebind {
    using other = DefaultInitAllocator<U, typename Traits::template rebind_alloc<U>>;
  };
  using Base::Base;

  template <typename U>
  void construct(U* p) noexcept(std::is_nothrow_default_constructible_v<U>) {
    if constexpr (std::is_constructible_v<U, ForOverwrite>)
      ::new (static_cast<void*>(p)) U(for_overwrite);  // a type whose default zero-fills (Record)
    else
      ::new (static_cast<void*>(p)) U;  // default-initialisation: no zero fill
  }
  template <typename U, typename... Args>
  void construct(U* p, Args&&... args) {
    Traits::construct(static_cast<Base&>(*this), p, std::forward<Args>(args)...);
  }
};

template <typename T>
using PodVector = std::vector<T, DefaultInitAllocator<T>>;

// Element-wise equality with a plain std::vector (a written file against the
// bytes it came from); found by argument-dependent lookup, either operand order.
template <typename T>
[[nodiscard]] bool operator==(const PodVector<T>& a, const std::vector<T>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end());
}

}  // namespace meshgate
