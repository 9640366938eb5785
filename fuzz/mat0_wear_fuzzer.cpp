// libFuzzer target for MAT0 materials and WEAR tables. Neither has
// a magic, so the first byte chooses: even -> MAT0 of version 6 (its payload
// follows), odd and < 0x80 -> MAT0 of the version in the second byte (kept
// raw unless 6), >= 0x80 odd -> WEAR. Diagnostics and marks lie inside the
// payload, a rejection carries an error; an accepted resource writes back
// byte for byte (with and without an image) and re-parses equal; a WEAR's
// coverage leaves no byte out, and both row readings answer for every row.
#include "fuzz/fuzz_oracles.hpp"
#include "parser/material/mat0_parser.hpp"
#include "parser/material/wear_table.hpp"
#include "writer/material/material_writer.hpp"

using namespace meshgate;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  const uint8_t selector = data[0];
  const bool is_wear = (selector & 1) != 0 && selector >= 0x80;
  const uint32_t version = (selector & 1) == 0 ? mat0::kKnownVersion : data[1];
  const size_t skip = (selector & 1) != 0 && !is_wear ? 2 : 1;
  const Bytes payload(reinterpret_cast<const std::byte*>(data + skip), size - skip);
  const auto* bytes = reinterpret_cast<const uint8_t*>(payload.data());
  if (is_wear) {
    const wear::ParseResult r = wear::parse_wear(payload);
    fuzzing::check_diagnostics(r.diagnostics, payload.size());
    fuzzing::check_marks_inside(r.coverage_map, payload.size());
    if (!r.ok()) {
      fuzzing::check_rejected_with_error(r.diagnostics);
      return 0;
    }
    if (r.coverage.covered_bytes != payload.size()) fuzzing::fail("an accepted WEAR left bytes uncovered");
    fuzzing::check_identical(write_wear(*r.table), bytes, payload.size());
    fuzzing::check_parts_without_image([&](const PartObserver* o) { return write_wear(*r.table, o); }, bytes,
                                       payload.size());
    for (uint64_t row = 0; row < 256; ++row) {
      (void)r.table->material(row, wear::RowReading::by_id);
      (void)r.table->material(row, wear::RowReading::by_position);
    }
    return 0;
  }
  const mat0::ParseResult r = mat0::parse_mat0(payload, {.version = version});
  fuzzing::check_diagnostics(r.diagnostics, payload.size());
  fuzzing::check_marks_inside(r.coverage_map, payload.size());
  if (!r.ok()) {
    fuzzing::check_rejected_with_error(r.diagnostics);
    return 0;
  }
  const WriteResult written = write_mat0(*r.material);
  fuzzing::check_identical(written, bytes, payload.size());
  fuzzing::check_parts_without_image([&](const PartObserver* o) { return write_mat0(*r.material, o); }, bytes,
                                     payload.size());
  const mat0::ParseResult again =
      mat0::parse_mat0(Bytes(written.bytes.data(), written.bytes.size()), {.version = version});
  if (!again.ok() || !(*again.material == *r.material)) fuzzing::fail("parse(write(m)) != m");
  if (!r.material->raw && !r.material->entries.empty() && mat0::static_phase(*r.material) >= r.material->entries.size())
    fuzzing::fail("the static phase is not one of the material's phases");
  return 0;
}
