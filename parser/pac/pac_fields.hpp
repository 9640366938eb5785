// The relative-slot container DMC3 HD ships its models in (PAC\0 and PNST share
// the envelope; docs/spec/dmc3-containers.md §1): an 8-byte header and a table
// of u32 offsets relative to the container's first byte. There is no size
// field: a member's extent is derived (pac_model.hpp).
#pragma once

#include <array>

#include "parser/core/field_table.hpp"

namespace meshgate::pac {

using enum FieldType;
using S = Status;

// The first four bytes of a PAC or a PNST container: read by the parser, written by the layout builder.
inline constexpr std::array<std::byte, 4> kPacMagic = {std::byte{'P'}, std::byte{'A'}, std::byte{'C'}, std::byte{0}};
inline constexpr std::array<std::byte, 4> kPnstMagic = {std::byte{'P'}, std::byte{'N'}, std::byte{'S'}, std::byte{'T'}};

inline constexpr RecordSpec<2> kHeaderSpec{"pac_header", 8, {{
    {0x00, 4, bytes, "magic", S::structural_confirmed,
     "\"PAC\\0\" or \"PNST\"; classification is by magic, not by extension (dmc-rengine-cpp receipt: 32/32 PAC artifacts)"},
    {0x04, 4, u32, "slot_count", S::structural_confirmed,
     "declared slot count N; slot numbers are identity (empty slots kept); largest real table 415 slots"},
}}};

inline constexpr RecordSpec<1> kSlotSpec{"pac_slot", 4, {{
    {0x00, 4, u32, "offset", S::structural_confirmed,
     "member offset relative to the container's first byte; 0 = empty slot; non-zero points after the table and "
     "inside the container; real offsets are 0 or 8 mod 16 (an observation, never a rule)",
     FieldRole::layout},
}}};

// Tool limits (not ABI capacities): a table larger than this is refused before
// anything is allocated for it. The largest real table seen has 415 slots;
// 8,192 is twenty times that, and keeps `inspect --json` of a full table (a
// field per slot and per member) within the memory bound docs/GUARANTEES.md states.
inline constexpr uint64_t kMaxSlots = 8192;
// Containers hold many models; same bound as an NRes archive.
inline constexpr uint64_t kMaxInputBytes = 256ull << 20;

namespace hdr {
inline constexpr size_t magic = field_index<kHeaderSpec>("magic");
inline constexpr size_t slot_count = field_index<kHeaderSpec>("slot_count");
}  // namespace hdr

namespace slot {
inline constexpr size_t offset = field_index<kSlotSpec>("offset");
}  // namespace slot

}  // namespace meshgate::pac
