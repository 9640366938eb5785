// The rows, one per format (or per family sharing a parser), each defined in
// its own file of this folder and listed once in pipeline/format_rows.cpp.
#pragma once

#include "pipeline/format_rows.hpp"

namespace meshgate {

extern const FormatRow kModRow;
extern const FormatRow kNresRow;
extern const FormatRow kRsliRow;
extern const FormatRow kMshRow;
extern const FormatRow kPacRow;
extern const FormatRow kPnstRow;
extern const FormatRow kZipRow;
extern const FormatRow kTexmRow;
extern const FormatRow kMat0Row;
extern const FormatRow kWearRow;
extern const FormatRow kUnknownRow;

}  // namespace meshgate
