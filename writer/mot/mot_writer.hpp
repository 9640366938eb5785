// Serialises a parsed MOT from the model only: header, masks, header tail,
// count, each track's prefix and keys (or its head and raw body), the tail.
// The OutputImage fails on any byte the model does not produce.
#pragma once

#include "parser/mot/mot_model.hpp"
#include "writer/core/write_result.hpp"

namespace meshgate::mot {

[[nodiscard]] WriteResult write_mot(const Motion& motion, const PartObserver* observer = nullptr);

}  // namespace meshgate::mot
