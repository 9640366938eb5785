// What a row's `observe` and `declared_version` (pipeline/format_rows.hpp)
// write with: the observer a sweep's file writes into and the UV range.
#pragma once

#include "observe/field_observer.hpp"
#include "observe/uv_range.hpp"
#include "pipeline/format_rows.hpp"
