// The files this process has opened to read as inputs, by identity (the same
// file however its path was spelled, through symlinks and hard links). Every
// ReadOnlyFile opened for input records its file here, and the atomic write
// (writer/core/atomic_file.cpp) refuses to replace any of them: no command
// can overwrite a file it read (a model, a PTX companion, a library, a WEAR
// beside a model, a motion, a lock, evidence, a document), whether or not
// that command listed the file among the inputs its outputs are checked
// against. A probe (a directory scan's look at a file's magic) records
// nothing: a file only probed was not read as an input.
#pragma once

#include "platform/file_status.hpp"

namespace meshgate::platform {

// Recording runs while a RecordInputs lives: main() holds one for the whole
// command, so that every command records and none can forget to. Outside one
// (the test binary, which reads and writes thousands of files in one process,
// where a deleted file's inode is soon another file's) nothing is recorded.
class RecordInputs {
 public:
  RecordInputs();   // starts with an empty record
  ~RecordInputs();  // stops, and forgets what was recorded
  RecordInputs(const RecordInputs&) = delete;
  RecordInputs& operator=(const RecordInputs&) = delete;
};

// Thread-safe: a sweep's workers read files in parallel.
void record_input(const FileIdentity& identity);
[[nodiscard]] bool is_recorded_input(const FileIdentity& identity);

}  // namespace meshgate::platform
