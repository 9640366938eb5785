// A PAC/PNST container's invariants (the rows' `invariants`, shared: a PNST
// is read by the PAC's parser and tallied under the PAC's ids;
// docs/spec/dmc3-containers.md §3).
#pragma once

#include "pipeline/format_rows.hpp"

namespace meshgate::pac_row {

extern const RowInvariants kInvariants;

}  // namespace meshgate::pac_row
