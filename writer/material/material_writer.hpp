// MAT0 from its model (header, phases, tracks and keys, the gap after them;
// a payload of another version from its raw bytes) and WEAR as the bytes the
// table holds (a text resource round-trips as its bytes; the rows are a view).
#pragma once

#include "parser/material/mat0_model.hpp"
#include "parser/material/wear_table.hpp"
#include "writer/core/write_result.hpp"

namespace meshgate {

[[nodiscard]] WriteResult write_mat0(const mat0::Material& material, const PartObserver* observer = nullptr);
[[nodiscard]] WriteResult write_wear(const wear::Table& table, const PartObserver* observer = nullptr);

}  // namespace meshgate
