// A container replace, add and remove edit in place (a volume of any size,
// never held whole): its row opens it over positioned reads of its file
// (FormatRow::open_in_place), plans the edit over them (plan_in_place:
// what is new made, every other part to be copied from the file as it
// lies), streams the plan to the output, and checks, when the output is
// read back, that every part copied is byte for byte the range it was
// copied from (check_in_place). change/ drives the steps without naming
// the format.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <string>

#include "parser/core/byte_source.hpp"

namespace meshgate {

// An edit planned over the source: the new file's size and its bytes on demand.
class InPlacePlan {
 public:
  virtual ~InPlacePlan() = default;
  [[nodiscard]] virtual uint64_t size() const = 0;
  // The new file to `out`: new parts written, the others copied from
  // `source` (file to file where both are files, copy_into); false, `out`
  // set bad, when a read of the source fails.
  [[nodiscard]] virtual bool write(ByteSource& source, std::ostream& out) const = 0;
};

// plan_in_place's answer: the plan, or why the edit is refused.
struct PlannedInPlace {
  std::shared_ptr<const InPlacePlan> plan;
  std::optional<std::string> error;
  std::string added_name;  // an added member's name, as the container stores it
};

}  // namespace meshgate
