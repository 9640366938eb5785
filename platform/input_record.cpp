#include "platform/input_record.hpp"

#include <functional>
#include <mutex>
#include <unordered_set>

namespace meshgate::platform {

namespace {

struct IdentityHash {
  size_t operator()(const FileIdentity& id) const noexcept {
    return std::hash<uint64_t>{}(id.file) ^ (std::hash<uint64_t>{}(id.device) * 0x9e3779b97f4a7c15ULL);
  }
};

// 16 bytes of identity and a hash node a file: a 10,000-file sweep records
// well under a megabyte.
struct Record {
  std::mutex lock;
  bool on = false;
  std::unordered_set<FileIdentity, IdentityHash> files;
};

// Never destroyed: a write during static destruction (or a thread still
// reading at exit) must not meet a destroyed record.
Record& record() {
  static Record* const the_record = new Record;
  return *the_record;
}

}  // namespace

RecordInputs::RecordInputs() {
  Record& r = record();
  const std::lock_guard<std::mutex> held(r.lock);
  r.on = true;
  r.files.clear();
}

RecordInputs::~RecordInputs() {
  Record& r = record();
  const std::lock_guard<std::mutex> held(r.lock);
  r.on = false;
  r.files.clear();
}

void record_input(const FileIdentity& identity) {
  Record& r = record();
  const std::lock_guard<std::mutex> held(r.lock);
  if (r.on) r.files.insert(identity);
}

bool is_recorded_input(const FileIdentity& identity) {
  Record& r = record();
  const std::lock_guard<std::mutex> held(r.lock);
  return r.files.contains(identity);
}

}  // namespace meshgate::platform
