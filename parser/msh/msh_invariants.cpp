#include "parser/msh/msh_invariants.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "parser/core/element_kernel.hpp"
#include "parser/msh/msh_diagnostic_codes.hpp"
#include "parser/msh/msh_streams.hpp"

namespace meshgate::msh {

namespace {

namespace entry = nres::entry;

// Collects the first violation of a warning code and how often it happens,
// so one sweep over a stream costs one diagnostic, not thousands.
class FirstViolation {
 public:
  explicit FirstViolation(const DiagnosticCode& c) : code_(c) {}

  void note(std::string p, uint64_t at, auto make_message) {
    if (count++ == 0) path = std::move(p), offset = at, message = make_message();
  }
  bool flush(Diagnostics& d) {
    if (count == 0) return true;
    return d.warn(code_, path, offset, message + (count > 1 ? " (" + std::to_string(count) + " places)" : ""));
  }

 private:
  const DiagnosticCode& code_;
  std::string path;
  uint64_t offset = 0;
  std::string message;
  uint64_t count = 0;
};

// Whether any component of `n` f32x3 bit patterns has an all-ones exponent (NaN or
// infinity): a flat OR the compiler vectorises, as the index kernels below.
MESHGATE_ELEMENT_KERNEL bool any_non_finite(const F32x3Bits* vectors, size_t n) {
  uint32_t all_ones = 0;
  for (size_t k = 0; k < n; ++k)
    for (size_t c = 0; c < 3; ++c) all_ones |= static_cast<uint32_t>((vectors[k][c] & 0x7F800000u) == 0x7F800000u);
  return all_ones != 0;
}

// The largest of `n` indices: a flat reduction the compiler vectorises (16
// words per AVX2 max); the baseline SSE2 build has no unsigned 16-bit max and
// emulated it at a cycle per index.
MESHGATE_ELEMENT_KERNEL uint16_t largest_index(const uint16_t* words, size_t n) {
  uint16_t largest = 0;
  for (size_t k = 0; k < n; ++k) largest = std::max(largest, words[k]);
  return largest;
}

// Marks every vertex `base + words[k]` as reached (the caller checked they are
// in range). One store per index is the floor: unrolled four ways so the
// stores are not serialised behind the loop counter.
MESHGATE_ELEMENT_KERNEL void mark_reached(std::vector<uint8_t>& reached, uint64_t base, const uint16_t* words, size_t n) {
  uint8_t* r = reached.data() + base;
  size_t k = 0;
  for (; k + 4 <= n; k += 4) {
    r[words[k]] = 1;
    r[words[k + 1]] = 1;
    r[words[k + 2]] = 1;
    r[words[k + 3]] = 1;
  }
  for (; k < n; ++k) r[words[k]] = 1;
}

// §4.21/§4.22 in one branch-free pass over the Res7 descriptors seen as
// 16-bit lanes (every field of the table is 16 bits wide, so lane = offset /
// 2): true when some neighbour link is neither kNone nor below `count`, or
// some selector word sets bits above its three 2-bit selectors.
//
// Both rules are one comparison per lane, `(uint16)(word + bias) > bound`:
//   link lanes:     bias 1, bound min(count, 0xFFFF): kNone wraps to 0 and
//                   passes, a link below count gives at most count, one at
//                   or above it more;
//   selector lane:  bias 0, bound 0x3F (a bit above the selectors);
//   other lanes:    bias 0, bound 0xFFFF (no rule).
// So the pass keeps the largest biased word of each lane and compares once
// at the end: a load, an add and a max per 32 lanes (four records: one
// AVX-512 register of words, two AVX2 ones). Separate "is a link, is not
// kNone, is at or above count, or has selector overflow" tests per lane had
// made it three times the instructions. The caller names the first offender
// only when this is true.
constexpr size_t kTriangleLanes = kTriangleSpec.size / 2;
constexpr uint32_t kNeighbourLaneMask = (1u << kTriangleSpec.fields[1].offset / 2) |
                                        (1u << kTriangleSpec.fields[2].offset / 2) |
                                        (1u << kTriangleSpec.fields[3].offset / 2);
constexpr uint32_t kSelLane = kTriangleSpec.fields[triangle::sel_packed].offset / 2;
constexpr uint16_t kSelLargest = 0x3F;  // the three 2-bit selectors; any bit above breaks §4.22
static_assert(std::ranges::all_of(kTriangleSpec.fields, [](const FieldSpec& f) { return f.width == 2; }));
static_assert(kRecordIsItsImage<kTriangleSpec> && kTriangleLanes == 8);
static_assert((kNeighbourLaneMask >> kSelLane & 1u) == 0);

constexpr size_t kBlockRecords = 4, kBlockLanes = kBlockRecords * kTriangleLanes;
constexpr bool is_link_lane(size_t lane) { return ((kNeighbourLaneMask >> (lane % kTriangleLanes)) & 1u) != 0; }
constexpr uint16_t lane_bias(size_t lane) { return is_link_lane(lane) ? 1 : 0; }
constexpr uint16_t lane_bound(size_t lane, uint16_t limit) {
  return is_link_lane(lane) ? limit : lane % kTriangleLanes == kSelLane ? kSelLargest : uint16_t{0xFFFF};
}
constexpr auto kLaneBias = [] {
  std::array<uint16_t, kBlockLanes> m{};
  for (size_t j = 0; j < kBlockLanes; ++j) m[j] = lane_bias(j);
  return m;
}();

MESHGATE_ELEMENT_KERNEL bool triangle_rules_broken(const TriangleRecord* records, size_t count) {
  const auto* bytes = reinterpret_cast<const std::byte*>(records);  // the records' images, back to back
  const auto limit = static_cast<uint16_t>(std::min<size_t>(count, 0xFFFF));
  const auto biased = [&](size_t lane_in_file, size_t lane) {
    return static_cast<uint16_t>(static_cast<uint16_t>(load_fixed_le<2>(bytes + 2 * lane_in_file)) + kLaneBias[lane]);
  };
  std::array<uint16_t, kBlockLanes> largest{};
  size_t r = 0;
  for (; r + kBlockRecords <= count; r += kBlockRecords)
    for (size_t j = 0; j < kBlockLanes; ++j) largest[j] = std::max(largest[j], biased(r * kTriangleLanes + j, j));
  for (size_t i = r * kTriangleLanes; i < count * kTriangleLanes; ++i) {  // the last count % 4 records
    const size_t j = i - r * kTriangleLanes;
    largest[j] = std::max(largest[j], biased(i, j));
  }
  bool broken = false;
  for (size_t j = 0; j < kBlockLanes; ++j) broken |= largest[j] > lane_bound(j, limit);
  return broken;
}

class Checker {
 public:
  Checker(const Model& m, Diagnostics& d)
      : m_(m), d_(d), counts_(model_counts(m_)), nodes_(m_) {
    if (auto* s = m.get<HeaderSlotStream>(stream_type::header_slots)) slots_ = &s->slots;
    if (auto* s = m.get<BatchStream>(stream_type::batches)) batches_ = &s->batches;
    if (auto* s = m.get<TriangleStream>(stream_type::triangles)) tris_ = &s->triangles;
    if (auto* s = m.get<KeyStream>(stream_type::keys)) keys_ = &s->keys;
    if (auto* s = m.get<WordStream>(stream_type::indices)) indices_ = &s->words;
    if (auto* s = m.get<WordStream>(stream_type::frame_map)) frame_map_ = &s->words;
  }

  bool run() {
    return stream_counts() && finite_values() && nodes() && slots() && batches() && triangles() && !d_.has_error();
  }

 private:
  // File offset of field `f` of element `k` of the first stream of `type`.
  uint64_t at(uint32_t type, uint64_t k, uint64_t stride, uint64_t f, uint64_t first = 0) const {
    const Stream* s = m_.find(type);
    return s ? s->record.get(entry::data_offset) + first + k * stride + f : 0;
  }
  template <const auto& Spec>
  uint64_t field_at(uint32_t type, uint64_t k, size_t field, uint64_t first = 0) const {
    return at(type, k, Spec.size, Spec.fields[field].offset, first);
  }
  template <const auto& Spec>
  static std::string path(uint32_t type, uint64_t k, size_t field) {
    return "res" + std::to_string(type) + "[" + std::to_string(k) + "]." + std::string(Spec.fields[field].name);
  }
  size_t stream_index(const Stream* s) const { return static_cast<size_t>(s - m_.model().streams.data()); }
  uint64_t entry_at(const Stream* s, size_t field) const {
    return nres::directory_offset(m_.model().header) + stream_index(s) * nres::kEntrySpec.size +
           nres::kEntrySpec.fields[field].offset;
  }
  std::string entry_path(const Stream* s, std::string_view field) const {
    return "entries[" + std::to_string(stream_index(s)) + "]." + std::string(field);
  }
  bool fail(const DiagnosticCode& c, std::string p, uint64_t off, std::string msg) {
    return d_.reject(c, std::move(p), off, std::move(msg));
  }

  // §4.3, §4.4.
  bool stream_counts() {
    for (uint32_t type : {4u, 5u, 15u, 16u, 18u}) {
      const Stream* s = m_.find(type);
      if (!s) continue;
      const uint64_t n = s->record.get(entry::size) / find_stream_type(type)->stride;
      if (n != counts_.vertices)
        return fail(codes::vertex_count_mismatch, entry_path(s, "size"), entry_at(s, entry::size),
                    "Res" + std::to_string(type) + " holds " + std::to_string(n) + " elements but Res3 holds " +
                        std::to_string(counts_.vertices) + " vertices");
    }
    const Stream* res6 = m_.find(stream_type::indices);
    if (res6->record.get(entry::size) % 6 != 0)
      return fail(codes::index_count_not_triangles, entry_path(res6, "size"), entry_at(res6, entry::size),
                  "Res6 is " + std::to_string(res6->record.get(entry::size)) +
                      " bytes, not a whole number of 3-index triangles");
    if (const Stream* res7 = m_.find(stream_type::triangles); res7 && counts_.triangles != counts_.indices / 3)
      return fail(codes::triangle_count_mismatch, entry_path(res7, "size"), entry_at(res7, entry::size),
                  "Res7 holds " + std::to_string(counts_.triangles) + " descriptors for " +
                      std::to_string(counts_.indices / 3) + " triangles in Res6");
    return true;
  }

  // §4.7-§4.12.
  bool nodes() {
    FirstViolation beyond{codes::map_word_beyond_fallback}, times{codes::key_time_not_increasing},
        gap{codes::slot_block_gap};
    const auto& spec = kNodeSpec;  // field offsets are the same in the 24-byte variant
    const uint64_t stride = m_.find(stream_type::nodes)->record.get(entry::attr3);
    auto node_field = [&](uint64_t n, size_t f) { return at(1, n, stride, spec.fields[f].offset); };
    auto node_path = [&](uint64_t n, size_t f) { return path<kNodeSpec>(1, n, f); };
    for (size_t n = 0; n < nodes_.size(); ++n) {
      const NodeView v = nodes_[n];
      for (size_t k = 0; k < v.slots.size(); ++k)
        if (v.slots[k] != kNone && v.slots[k] >= counts_.slots)
          return fail(codes::slot_index_out_of_range, node_path(n, 4 + k), node_field(n, 4 + k),
                      "node " + std::to_string(n) + " slot word " + std::to_string(k) + " is " +
                          std::to_string(v.slots[k]) + ", not below the " + std::to_string(counts_.slots) + " slots");
      if (v.parent != kNone && v.parent >= n)
        return fail(codes::parent_not_before_child, node_path(n, 1), node_field(n, 1),
                    "node " + std::to_string(n) + " has parent " + std::to_string(v.parent) +
                        "; a parent must come before its child");
      if (keys_ && v.fallback_key >= keys_->size())
        return fail(codes::fallback_key_out_of_range, node_path(n, 3), node_field(n, 3),
                    "node " + std::to_string(n) + " fallback_key " + std::to_string(v.fallback_key) +
                        " is not below the " + std::to_string(keys_->size()) + " Res8 keys");
      if (v.anim_map_start != kNone) {
        if (uint64_t{v.anim_map_start} + counts_.frames > counts_.frame_map_words)
          return fail(codes::anim_map_out_of_range, node_path(n, 2), node_field(n, 2),
                      "node " + std::to_string(n) + " frame run [" + std::to_string(v.anim_map_start) + ", +" +
                          std::to_string(counts_.frames) + ") passes the " +
                          std::to_string(counts_.frame_map_words) + " Res19 words");
        track(n, v, beyond, times);
      }
      std::array<bool, kSlotBlocks> filled{};
      for (size_t a = 0; a < kSlotBlocks; ++a)
        for (size_t b = 0; b < kSlotsPerBlock; ++b) filled[a] = filled[a] || v.slots[a * kSlotsPerBlock + b] != kNone;
      for (size_t a = 1; a < kSlotBlocks; ++a)
        if (filled[a] && !filled[a - 1])
          gap.note(node_path(n, 4 + a * kSlotsPerBlock), node_field(n, 4 + a * kSlotsPerBlock), [&] {
            return "node " + std::to_string(n) + " fills slot block " + std::to_string(a) + " but block " +
                   std::to_string(a - 1) + " is empty";
          });
    }
    return beyond.flush(d_) && times.flush(d_) && gap.flush(d_);
  }

  // §4.11 for one animated node whose run is in range: words <= fallback_key,
  // and the keys of its track (first mapped key .. fallback_key) strictly increase in time.
  void track(size_t n, const NodeView& v, FirstViolation& beyond, FirstViolation& times) {
    uint64_t first_key = v.fallback_key;
    for (uint64_t f = 0; f < counts_.frames; ++f) {
      const uint64_t w = (*frame_map_)[v.anim_map_start + f];
      if (w > v.fallback_key)
        beyond.note("res19[" + std::to_string(v.anim_map_start + f) + "]", at(19, v.anim_map_start + f, 2, 0), [&] {
          return "node " + std::to_string(n) + " frame " + std::to_string(f) + " maps to key " + std::to_string(w) +
                 ", beyond its fallback_key " + std::to_string(v.fallback_key) + " (read as the fallback)";
        });
      else
        first_key = std::min(first_key, w);
    }
    if (!keys_ || v.fallback_key >= keys_->size()) return;
    for (uint64_t k = first_key + 1; k <= v.fallback_key; ++k) {
      const float t0 = (*keys_)[k - 1].get_f32(key::time), t1 = (*keys_)[k].get_f32(key::time);
      if (!(t1 > t0))
        times.note(path<kKeySpec>(8, k, key::time), field_at<kKeySpec>(8, k, key::time), [&] {
          return "node " + std::to_string(n) + " key " + std::to_string(k) + " time " + std::to_string(t1) +
                 " does not follow key " + std::to_string(k - 1) + " time " + std::to_string(t0);
        });
    }
  }

  // §4.13-§4.16.
  bool slots() {
    using namespace std::string_literals;
    FirstViolation coverage{codes::slot_batch_coverage};
    constexpr size_t kTriStart = 0, kTriCount = 1, kBatchStart = 2, kBatchCount = 3;
    auto slot_at = [&](uint64_t s, size_t f) { return field_at<kSlotSpec>(2, s, f, kModelHeaderSpec.size); };
    for (size_t s = 0; s < slots_->size(); ++s) {
      const SlotRecord& r = (*slots_)[s];
      const uint64_t bs = r.get(kBatchStart), bc = r.get(kBatchCount), ts = r.get(kTriStart), tc = r.get(kTriCount);
      // The field to blame: the start when it alone is out of range, else the count.
      const size_t batch_field = bs > counts_.batches ? kBatchStart : kBatchCount;
      const size_t tri_field = ts > counts_.triangles ? kTriStart : kTriCount;
      if (bs + bc > counts_.batches)
        return fail(codes::slot_batch_range, path<kSlotSpec>(2, s, batch_field), slot_at(s, batch_field),
                    "slot " + std::to_string(s) + " batches [" + std::to_string(bs) + ", +" + std::to_string(bc) +
                        ") pass the " + std::to_string(counts_.batches) + " Res13 batches");
      if (ts + tc > counts_.triangles)
        return fail(codes::slot_triangle_range, path<kSlotSpec>(2, s, tri_field), slot_at(s, tri_field),
                    "slot " + std::to_string(s) + " triangles [" + std::to_string(ts) + ", +" + std::to_string(tc) +
                        ") pass the " + std::to_string(counts_.triangles) + " Res7 descriptors");
      for (size_t f = 4; f <= 13; ++f)  // AABB min/max, sphere centre and radius
        if (!std::isfinite(r.get_f32(f)))
          return fail(codes::slot_bounds_invalid, path<kSlotSpec>(2, s, f), slot_at(s, f),
                      "slot " + std::to_string(s) + " " + std::string(kSlotSpec.fields[f].name) + " is not finite");
      for (size_t axis = 0; axis < 3; ++axis)
        if (r.get_f32(4 + axis) > r.get_f32(7 + axis))
          return fail(codes::slot_bounds_invalid, path<kSlotSpec>(2, s, 4 + axis), slot_at(s, 4 + axis),
                      "slot " + std::to_string(s) + " AABB is inverted on axis " + "xyz"s[axis]);
      if (r.get_f32(13) < 0)
        return fail(codes::slot_bounds_invalid, path<kSlotSpec>(2, s, 13), slot_at(s, 13),
                    "slot " + std::to_string(s) + " sphere radius is negative");
      if (bc == 0) continue;
      uint64_t covered = 0;
      for (uint64_t b = bs; b < bs + bc; ++b) covered += (*batches_)[b].get(batch::index_count) / 3;
      if ((*batches_)[bs].get(batch::index_start) / 3 != ts || covered != tc)
        coverage.note(path<kSlotSpec>(2, s, kTriStart), slot_at(s, kTriStart), [&] {
          return "slot " + std::to_string(s) + " triangles [" + std::to_string(ts) + ", +" + std::to_string(tc) +
                 ") but its batches start at triangle " + std::to_string((*batches_)[bs].get(batch::index_start) / 3) +
                 " and cover " + std::to_string(covered);
        });
    }
    return coverage.flush(d_);
  }

  // Every f32 is finite: a NaN or infinite position, bound or key value is a
  // warning at its first place (the engine reads it as it is); a key time
  // that is not finite is an error, since the frame map cannot index it.
  // Slot AABBs and spheres are §4.15's (slot_bounds_invalid), not repeated.
  bool finite_values() {
    FirstViolation values{codes::non_finite_value};
    const auto is_finite_bits = [](uint64_t bits) { return (bits & 0x7F800000u) != 0x7F800000u; };
    if (const auto* res2 = m_.get<HeaderSlotStream>(stream_type::header_slots)) {
      for (size_t f = 0; f < kModelHeaderSpec.fields.size(); ++f)
        if (!is_finite_bits(res2->header.get(f)))
          values.note("res2." + std::string(kModelHeaderSpec.fields[f].name), at(2, 0, 0, kModelHeaderSpec.fields[f].offset),
                      [&] { return "Res2 " + std::string(kModelHeaderSpec.fields[f].name) + " is not finite"; });
      for (size_t k = 0; k < res2->slots.size(); ++k)
        for (size_t f = 14; f <= 15; ++f)  // base_area, base_volume
          if (!is_finite_bits(res2->slots[k].get(f)))
            values.note(path<kSlotSpec>(2, k, f), field_at<kSlotSpec>(2, k, f, kModelHeaderSpec.size),
                        [&] { return "slot " + std::to_string(k) + " " + std::string(kSlotSpec.fields[f].name) + " is not finite"; });
    }
    if (const auto* res3 = m_.get<PositionStream>(stream_type::positions)) {
      // One vector pass over the exponents; the place is looked for only when one is all ones.
      const bool any = any_non_finite(res3->positions.data(), res3->positions.size());
      for (size_t v = 0; any && v < res3->positions.size(); ++v)
        for (size_t c = 0; c < 3; ++c)
          if (!is_finite_bits(res3->positions[v][c]))
            values.note("res3[" + std::to_string(v) + "].position_" + "xyz"[c], at(3, v, 12, 4 * c),
                        [&] { return "vertex " + std::to_string(v) + " position " + "xyz"[c] + " is not finite"; });
    }
    if (keys_) {
      for (size_t k = 0; k < keys_->size(); ++k) {
        const KeyRecord& key = (*keys_)[k];
        if (!is_finite_bits(key.get(key::time)))
          return fail(codes::key_time_not_finite, path<kKeySpec>(8, k, key::time), field_at<kKeySpec>(8, k, key::time),
                      "key " + std::to_string(k) + " time is not finite; the frame map cannot index it");
        for (size_t f = 0; f < 3; ++f)
          if (!is_finite_bits(key.get(f)))
            values.note(path<kKeySpec>(8, k, f), field_at<kKeySpec>(8, k, f),
                        [&] { return "key " + std::to_string(k) + " " + std::string(kKeySpec.fields[f].name) + " is not finite"; });
      }
    }
    return values.flush(d_);
  }

  // §4.17-§4.20.
  bool batches() {
    FirstViolation not_triangles{codes::batch_index_count_not_triangles}, vertex_range{codes::batch_vertex_range},
        tiling{codes::batches_not_tiling}, unreached{codes::vertex_unreached};
    std::vector<uint8_t> reached(static_cast<size_t>(counts_.vertices), 0);
    uint64_t expected_start = 0;
    for (size_t b = 0; b < batches_->size(); ++b) {
      const BatchRecord& r = (*batches_)[b];
      const uint64_t start = r.get(batch::index_start), count = r.get(batch::index_count), base = r.get(batch::base_vertex),
                     vcount = r.get(batch::vertex_count);
      const size_t index_field = start > counts_.indices ? batch::index_start : batch::index_count;
      if (start + count > counts_.indices)
        return fail(codes::batch_index_range, path<kBatchSpec>(13, b, index_field), field_at<kBatchSpec>(13, b, index_field),
                    "batch " + std::to_string(b) + " indices [" + std::to_string(start) + ", +" +
                        std::to_string(count) + ") pass the " + std::to_string(counts_.indices) + " Res6 indices");
      if (count % 3 != 0)
        not_triangles.note(path<kBatchSpec>(13, b, batch::index_count), field_at<kBatchSpec>(13, b, batch::index_count), [&] {
          return "batch " + std::to_string(b) + " index_count " + std::to_string(count) + " is not a multiple of 3";
        });
      if (start != expected_start)
        tiling.note(path<kBatchSpec>(13, b, batch::index_start), field_at<kBatchSpec>(13, b, batch::index_start), [&] {
          return "batch " + std::to_string(b) + " starts at index " + std::to_string(start) +
                 ", not where the previous batch ended (" + std::to_string(expected_start) + ")";
        });
      expected_start = start + count;
      if (base + vcount > counts_.vertices)
        vertex_range.note(path<kBatchSpec>(13, b, batch::vertex_count), field_at<kBatchSpec>(13, b, batch::vertex_count), [&] {
          return "batch " + std::to_string(b) + " vertices [" + std::to_string(base) + ", +" + std::to_string(vcount) +
                 ") pass the " + std::to_string(counts_.vertices) + " vertices";
        });
      // Fast path: when the batch's largest index breaks neither rule, no index
      // can, and marking what it reaches is the whole job. Otherwise the
      // index-by-index loop below names the first offender.
      const uint16_t* words = indices_->data() + start;
      const uint32_t largest = count == 0 ? 0 : largest_index(words, static_cast<size_t>(count));
      if (base + largest < counts_.vertices && largest < vcount) {
        mark_reached(reached, base, words, static_cast<size_t>(count));
        continue;
      }
      for (uint64_t k = start; k < start + count; ++k) {
        const uint64_t index = (*indices_)[k];
        if (base + index >= counts_.vertices)
          return fail(codes::index_out_of_range, "res6[" + std::to_string(k) + "]", at(6, k, 2, 0),
                      "batch " + std::to_string(b) + " index " + std::to_string(index) + " + base_vertex " +
                          std::to_string(base) + " is not below the " + std::to_string(counts_.vertices) + " vertices");
        reached[static_cast<size_t>(base + index)] = true;
        if (index >= vcount)
          vertex_range.note("res6[" + std::to_string(k) + "]", at(6, k, 2, 0), [&] {
            return "batch " + std::to_string(b) + " index " + std::to_string(index) + " is not below its vertexCount " +
                   std::to_string(vcount) + " (+0x0E, OP's reading)";
          });
      }
    }
    if (expected_start != counts_.indices && !batches_->empty())
      tiling.note("res13", at(13, 0, 0, 0), [&] {
        return "batches end at index " + std::to_string(expected_start) + " but Res6 holds " +
               std::to_string(counts_.indices);
      });
    // memchr, not std::find: libstdc++'s find goes a byte at a time (a third
    // of this check's time at 1,000 vertices); every vertex is reached in a
    // sound model, so the search usually finds nothing.
    const void* first_unreached = reached.empty() ? nullptr : std::memchr(reached.data(), 0, reached.size());
    for (size_t v = first_unreached ? static_cast<size_t>(static_cast<const uint8_t*>(first_unreached) - reached.data())
                                    : reached.size();
         v < reached.size(); ++v)
      if (!reached[v])
        unreached.note("res3[" + std::to_string(v) + "]", at(3, v, 12, 0),
                       [&] { return "vertex " + std::to_string(v) + " is reached by no batch index"; });
    return not_triangles.flush(d_) && vertex_range.flush(d_) && tiling.flush(d_) && unreached.flush(d_);
  }

  // §4.21, §4.22.
  bool triangles() {
    if (!tris_) return true;
    FirstViolation high_bits{codes::sel_packed_high_bits};
    if (!triangle_rules_broken(tris_->data(), tris_->size())) return true;
    for (size_t t = 0; t < tris_->size(); ++t) {
      const TriangleRecord& r = (*tris_)[t];
      for (size_t f = 1; f <= 3; ++f)
        if (r.get(f) != kNone && r.get(f) >= tris_->size())
          return fail(codes::triangle_link_out_of_range, path<kTriangleSpec>(7, t, f), field_at<kTriangleSpec>(7, t, f),
                      "triangle " + std::to_string(t) + " neighbour " + std::to_string(r.get(f)) +
                          " is neither 0xFFFF nor below the " + std::to_string(tris_->size()) + " descriptors");
      if (r.get(triangle::sel_packed) & ~uint64_t{0x3F})
        high_bits.note(path<kTriangleSpec>(7, t, triangle::sel_packed), field_at<kTriangleSpec>(7, t, triangle::sel_packed), [&] {
          return "triangle " + std::to_string(t) + " selPacked " + hex_offset(r.get(triangle::sel_packed)) +
                 " sets bits above the three 2-bit selectors";
        });
    }
    return high_bits.flush(d_);
  }

  const StreamsByType m_;  // the model's streams, looked up by type
  Diagnostics& d_;
  ModelCounts counts_;
  NodeViewList nodes_;
  const PodVector<SlotRecord>* slots_ = nullptr;
  const PodVector<BatchRecord>* batches_ = nullptr;
  const PodVector<TriangleRecord>* tris_ = nullptr;
  const PodVector<KeyRecord>* keys_ = nullptr;
  const PodVector<uint16_t>* indices_ = nullptr;
  const PodVector<uint16_t>* frame_map_ = nullptr;
};

}  // namespace

bool check_invariants(const Model& model, Diagnostics& diagnostics) { return Checker(model, diagnostics).run(); }

}  // namespace meshgate::msh
