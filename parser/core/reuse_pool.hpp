// Objects kept for reuse across calls and threads (stream pools, inflaters):
// a call leases one, and the lease gives it back when it ends. A
// `thread_local` object would do the same without the lock, but an object
// with a destructor in thread-local storage crashes mingw-w64's static
// builds when its thread exits (the emulated TLS block is freed before the
// destructor runs: `--jobs 2` crashed meshgate.exe), so no such object is
// used anywhere. A lease costs one uncontended lock per leased call.
#pragma once

#include <memory>
#include <mutex>
#include <vector>

namespace meshgate {

template <class T>
class ReusePool {
 public:
  class Lease {
   public:
    Lease(ReusePool& pool, std::unique_ptr<T> object) : pool_(pool), object_(std::move(object)) {}
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    ~Lease() { pool_.give_back(std::move(object_)); }
    T& operator*() const { return *object_; }
    T* operator->() const { return object_.get(); }
    T* get() const { return object_.get(); }

   private:
    ReusePool& pool_;
    std::unique_ptr<T> object_;
  };

  [[nodiscard]] Lease lease() {
    std::unique_ptr<T> object;
    {
      const std::lock_guard lock(mutex_);
      if (!free_.empty()) {
        object = std::move(free_.back());
        free_.pop_back();
      }
    }
    return Lease(*this, object ? std::move(object) : std::make_unique<T>());
  }

  // Drops the objects waiting for reuse (leased ones come back as usual).
  void clear() {
    std::vector<std::unique_ptr<T>> dropped;
    {
      const std::lock_guard lock(mutex_);
      dropped.swap(free_);
    }
  }

 private:
  void give_back(std::unique_ptr<T> object) {
    const std::lock_guard lock(mutex_);
    free_.push_back(std::move(object));
  }
  std::mutex mutex_;
  std::vector<std::unique_ptr<T>> free_;
};

}  // namespace meshgate
