// Offset-aware custom mutator (LLVMFuzzerCustomMutator), linked into the parse
// and round-trip targets of the fuzz preset. It parses the input, picks one of
// the offset / count / size / index fields the parser read (from the field
// tables, through the coverage marks) and writes a boundary value into it —
// 0, 1, size-1, size, size+1, just past the next section, overlapping an
// earlier one, unaligned, 0xFFFF, 0xFFFFFFFF, 2^63 — or splices the bytes of
// one section over another. Byte-level mutation would need ~2^32 tries to hit
// one such value; this hits one per call. Deterministic for a given seed.
// When the input gives no field (no magic, rejected at once), and one call in
// five anyway, it falls back to LLVMFuzzerMutate to keep byte-level variety.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "fuzz/offset_fields.hpp"
#include "synth/core/prng.hpp"

extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size);

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t max_size, unsigned int seed) {
  using namespace meshgate;
  Prng rng(seed);
  if (size == 0 || rng.chance(20)) return LLVMFuzzerMutate(data, size, max_size);
  const fuzzing::MutationSurface& surface =
      fuzzing::attack_surface_for_mutation(Bytes(reinterpret_cast<const std::byte*>(data), size));
  if (surface.field_count() == 0) return LLVMFuzzerMutate(data, size, max_size);
  // One field or one splice changes, in place: the size stays.
  const std::span<std::byte> bytes(reinterpret_cast<std::byte*>(data), size);
  if (surface.start_count() >= 2 && rng.chance(15)) {
    // Splice: one section's leading bytes over another's (a record duplicated onto its neighbour).
    const uint64_t from = surface.start(rng.range(0, surface.start_count() - 1));
    const uint64_t to = surface.start(rng.range(0, surface.start_count() - 1));
    const uint64_t length = std::min<uint64_t>({rng.range(4, 64), size - from, size - to});
    std::memmove(bytes.data() + to, bytes.data() + from, length);
  } else {
    const fuzzing::TargetField f = surface.field(rng.range(0, surface.field_count() - 1));
    uint64_t current = 0;
    for (uint32_t i = 0; i < f.width && f.offset + i < size; ++i) current |= static_cast<uint64_t>(bytes[f.offset + i]) << (8 * i);
    const std::vector<uint64_t> values = fuzzing::boundary_values(current, size, surface);
    fuzzing::poke(bytes, f.offset, f.width, values[rng.range(0, values.size() - 1)]);
  }
  return size;
}
