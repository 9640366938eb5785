// The range of a model's decoded UVs: an observation per file, not a rule
// (each model format's row decodes its own: MOD i16/4096, MSH Res5 signed
// 16-bit/1024, the FP/PP reading).
#pragma once

#include <algorithm>
#include <optional>

namespace meshgate {

struct UvRange {
  double u_min = 0, u_max = 0, v_min = 0, v_max = 0;
};

// Widens `range` (none yet: made) by the point (u, v).
inline void widen(std::optional<UvRange>& range, double u, double v) {
  if (!range) range = UvRange{u, u, v, v};
  range->u_min = std::min(range->u_min, u), range->u_max = std::max(range->u_max, u);
  range->v_min = std::min(range->v_min, v), range->v_max = std::max(range->v_max, v);
}

}  // namespace meshgate
