// Corpus observations computed generically from the field tables: for every
// field, how many records carried it and how many held zero, with min/max;
// for fields whose status is PRESERVED_UNDECODED, RESERVED_OBSERVED_ZERO or
// SEMANTIC_CANDIDATE also a value histogram. Plus element counts and version
// histograms per format. Partial results from worker threads merge in file
// order, so a sweep's observations do not depend on scheduling.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <type_traits>
#include <utility>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "parser/core/field_table.hpp"
#include "parser/mod/mod_model.hpp"
#include "parser/msh/msh_model.hpp"
#include "parser/nres/nres_model.hpp"
#include "parser/nres/nres_parser.hpp"  // NameLess
#include "parser/pac/pac_model.hpp"
#include "parser/material/mat0_model.hpp"
#include "parser/material/wear_table.hpp"
#include "parser/texm/texm_model.hpp"
#include "parser/ptx/ptx_model.hpp"
#include "parser/scm/scm_model.hpp"
#include "parser/mot/mot_model.hpp"
#include "analysis/field_catalog.hpp"
#include "analysis/value_histogram.hpp"

namespace meshgate {

[[nodiscard]] constexpr bool wants_histogram(StatusSet s) {
  return s.has(Status::preserved_undecoded) || s.has(Status::reserved_observed_zero) ||
         s.has(Status::semantic_candidate);
}

struct FieldStats {
  uint64_t count = 0;
  uint64_t zero = 0;
  bool has_range = false;
  double min = 0, max = 0;          // numeric value (signed / float as decoded; non-finite floats skipped)
  uint32_t min_bits = 0, max_bits = 0;  // f32 fields: the raw bits of min and max
  // Histogram fields: 1 + the index of the field's histogram in its
  // Observations (0: no value yet). The histograms live apart so that stats
  // stay plain data: a file's sweep makes and merges a hundred of them, and
  // with a vector in each, making them alone was 5% of a sweep.
  uint32_t histogram = 0;

  // Widens the range to [lo, hi]; a tie keeps the bits seen first.
  void widen(double lo, uint32_t lo_bits, double hi, uint32_t hi_bits) {
    if (!has_range || lo < min) min = lo, min_bits = lo_bits;
    if (!has_range || hi > max) max = hi, max_bits = hi_bits;
    has_range = true;
  }
};

// Adds `later` (the histogram of field `f` over later files) to `into`. Past
// the cap, which later values are still tracked depends on their order: they
// arrive in the order of their text, as the reports sort them.
void merge_histogram(ValueHistogram& into, const ValueHistogram& later, const FieldSpec& f);
// A histogram with each value as the reports print it.
[[nodiscard]] std::map<std::string, uint64_t> value_counts(const ValueHistogram& h, const FieldSpec& f);

class Observations {
 public:
  Observations() = default;

  // Unrolled over the table at compile time: each field's type and status
  // are constants, so a record costs a few adds and compares per field and
  // only histogram fields (PRESERVED/RESERVED/CANDIDATE) reach a histogram.
  template <const auto& Spec>
  void observe(const Record<Spec>& record) {
    FieldStats* stats = table_stats(table_index<Spec>());
    [&]<size_t... I>(std::index_sequence<I...>) {
      (observe_field<Spec, I>(stats[I], record), ...);
    }(std::make_index_sequence<Spec.fields.size()>());
  }
  // A run of records, as observe() on each in order would record it: fields
  // of at most 32 bits that need no histogram are reduced column by column in
  // their own integer type (min, max, zeros; every such value is exact in a
  // double and its bits follow from it, so the result is the same), and
  // folded into their stats once. f32, byte and histogram fields go record by
  // record. Res7 alone is 80,000 field values in a 10,000-vertex model.
  template <const auto& Spec>
  void observe_all(std::span<const Record<Spec>> records) {
    FieldStats* stats = table_stats(table_index<Spec>());
    if constexpr (is_row_of_plain_words(Spec)) {
      observe_rows_of_words(stats, Spec.fields, reinterpret_cast<const std::byte*>(records.data()), records.size());
    } else {
      [&]<size_t... I>(std::index_sequence<I...>) {
        (observe_column<Spec, I>(stats[I], records), ...);
      }(std::make_index_sequence<Spec.fields.size()>());
    }
  }
  void observe_mod(const mod::Model& model);
  void observe_nres(const nres::Archive& archive);
  void observe_msh(const msh::Model& model);
  // A PAC/PNST container: counts (containers, slots, populated/empty, members),
  // the member kinds per slot position ("kind_at_slot[3].mod"; positions 32
  // and above together as "kind_at_slot[32+].mod") and the members' offsets
  // mod 16 ("offset_mod_16=8"), under the container's format.
  void observe_pac(const pac::Container& container);
  // A Texm texture: its header and Page records, and counts (textures, levels,
  // pixel_format=N, complete_mip_chains: every level down to 1 x 1, page_chunks,
  // alpha: the engine gives it an alpha channel).
  void observe_texm(const texm::Texture& texture);
  // A Texm's entry name (the last component of its report path,
  // "Textures.lib!TEX_0001"): the names MAT0 phases ask for are checked
  // against these across the corpus (counts texture_names and
  // texture_names_resolved under nikita-mat0).
  void texture_present(std::string_view name);
  // A MAT0 material: its records, the version histogram (the entry's attr2),
  // counts (materials, phases, animated, untextured_phases, cells).
  void observe_mat0(const mat0::Material& material);
  // A WEAR table: counts (tables, rows, lightmap_sections).
  void observe_wear(const wear::Table& table);
  // A PTX companion: its header, count table, heads and DDS headers (width,
  // height, mip count, FourCC, flags, pitch histograms), and counts
  // (companions, textures, framing=texture-object|tm2,
  // pixel_format=DXT1|DXT5|uncompressed|other, levels, complete_mip_chains,
  // non_power_of_two, nonzero_padding, trailing_bytes).
  void observe_ptx(const ptx::Companion& companion);
  // A MOT motion (docs/spec/dmc3-mot.md §11): its header, count, track
  // prefixes and keys, and counts (motions, tracks, keys, compression=2|3|other,
  // hermite_keys, time_offset_nonzero, tracks_ending_at_end_frame,
  // end_frame_mirror_equal, partly_set_triplets: where the §7 mask readings differ).
  void observe_mot(const mot::Motion& motion);
  // An SCM stage (docs/spec/dmc3-scm.md §11): its records and counts
  // (stages, objects, meshes, vertices, nodes, helper_nodes, nodes_minus_objects=K,
  // flag_bit=0xB, alpha_control=0x80|other, break_flagged_vertices, topology_bits_other, runs,
  // generated_words, workspace_bytes, nonzero_workspace_fill, rotation=zero|single_axis|multi_axis,
  // roots=K, objects_bound_by=0|1|2+, texture_index_at_or_past_mirror, zero_area_triangles,
  // translation_magnitude_off, noncanonical, nonzero_gaps) and the version histogram.
  void observe_scm(const scm::Model& model, bool canonical_layout);
  void observe_scm_object(const scm::Object& object, uint64_t texture_mirror);
  void observe_scm_scene(const scm::Model& model);

  // `format` and `what` must outlive the Observations (the formats' names and literals).
  void count(std::string_view format, std::string_view what, uint64_t n);
  void version(std::string_view format, std::string_view v, uint64_t n = 1);
  void merge(const Observations& other);

  [[nodiscard]] const FieldStats& stats(size_t table, size_t field) const;
  // A histogram field's values (empty for other fields and unobserved ones).
  [[nodiscard]] const ValueHistogram& histogram(size_t table, size_t field) const;
  // {counts, versions, observations: [histogram fields]} for the evidence report.
  [[nodiscard]] nlohmann::json counts_json() const;
  [[nodiscard]] nlohmann::json versions_json() const;
  [[nodiscard]] nlohmann::json histograms_json() const;
  // One-line corpus evidence for a doc table: "0 in 180/180", "3 distinct in 180: 0x10 x170, ...".
  [[nodiscard]] std::string evidence_text(size_t table, size_t field) const;
  [[nodiscard]] nlohmann::json observed_json(size_t table, size_t field) const;

 private:
  // A 16-byte record of eight 16-bit integer fields, none with a histogram
  // (Res7): its records are rows of eight lanes, reduced lane-wise in one
  // vectorised pass (observations.cpp), as observe_column would per field.
  template <size_t N>
  static constexpr bool is_row_of_plain_words(const RecordSpec<N>& spec) {
    if (spec.size != 16 || N != 8) return false;
    for (const FieldSpec& f : spec.fields)
      if (f.width != 2 || f.is_bytes() || f.type == FieldType::f32 || wants_histogram(f.status)) return false;
    return true;
  }
  static void observe_rows_of_words(FieldStats* stats, std::span<const FieldSpec, 8> fields, const std::byte* rows,
                                    size_t count);
  template <const auto& Spec, size_t I>
  void observe_column(FieldStats& s, std::span<const Record<Spec>> records) {
    constexpr FieldSpec f = Spec.fields[I];
    if constexpr (f.is_bytes() || f.type == FieldType::f32 || f.width > 4 || wants_histogram(f.status)) {
      for (const Record<Spec>& r : records) observe_field<Spec, I>(s, r);
    } else {
      if (records.empty()) return;
      constexpr bool is_signed = f.type == FieldType::i16 || f.type == FieldType::i32;
      using Value = std::conditional_t<is_signed, int64_t, uint64_t>;
      Value lo = std::numeric_limits<Value>::max(), hi = std::numeric_limits<Value>::min();
      uint64_t zeros = 0;
      for (const Record<Spec>& r : records) {
        const Value v = is_signed ? static_cast<Value>(r.get_signed(I)) : static_cast<Value>(r.get(I));
        lo = std::min(lo, v);
        hi = std::max(hi, v);
        zeros += v == 0;
      }
      // The bits observe_field keeps: the field's raw value (a negative i16 as its 16 bits).
      constexpr uint64_t kMask = (uint64_t{1} << (8 * f.width)) - 1;
      const auto bits = [](Value v) { return static_cast<uint32_t>(static_cast<uint64_t>(v) & kMask); };
      s.count += records.size();
      s.zero += zeros;
      s.widen(static_cast<double>(lo), bits(lo), static_cast<double>(hi), bits(hi));
    }
  }
  template <const auto& Spec, size_t I>
  void observe_field(FieldStats& s, const Record<Spec>& record) {
    constexpr FieldSpec f = Spec.fields[I];
    ++s.count;
    if constexpr (f.is_bytes()) {
      const bool zero = record.raw_all_zero(I);
      s.zero += zero;
      if constexpr (wants_histogram(f.status)) {
        if constexpr (f.width > 16)
          histogram_of(s).add(HistogramKey::of_bits(zero ? 0 : 1));  // summarised: no payload bytes in reports
        else
          histogram_of(s).add(HistogramKey::of_bytes(record.raw(I)));
      }
    } else {
      const uint64_t raw = record.get(I);
      s.zero += raw == 0;
      double v = 0;
      bool finite = true;
      if constexpr (f.type == FieldType::f32) {
        const float x = f32_from_bits(static_cast<uint32_t>(raw));
        v = static_cast<double>(x);
        finite = std::isfinite(x);
      } else if constexpr (f.type == FieldType::i16) {
        v = static_cast<double>(static_cast<int16_t>(raw));
      } else if constexpr (f.type == FieldType::i32) {
        v = static_cast<double>(static_cast<int32_t>(raw));
      } else {
        v = static_cast<double>(raw);
      }
      if (finite) {
        const auto bits = static_cast<uint32_t>(raw);
        s.widen(v, bits, v, bits);
      }
      if constexpr (wants_histogram(f.status)) histogram_of(s).add(HistogramKey::of_bits(raw));
    }
  }
  // The stats of a table's fields, made on the table's first record.
  FieldStats* table_stats(size_t table);
  // The field's histogram, made on its first value.
  ValueHistogram& histogram_of(FieldStats& s) {
    if (s.histogram == 0) {
      histograms_.emplace_back();
      s.histogram = static_cast<uint32_t>(histograms_.size());
    }
    return histograms_[s.histogram - 1];
  }

  // The stats of the tables records reached, each table's fields together,
  // tables in the order first reached; first_[t] is where table t's start
  // (kUnseen: none reached). A sweep makes one Observations per file and a
  // file reaches a handful of the catalog's tables: making and merging stats
  // for all of them was most of a small file's sweep, and a vector per table
  // an allocation each.
  static constexpr uint32_t kUnseen = UINT32_MAX;
  std::vector<uint32_t> first_;
  std::vector<FieldStats> fields_;
  std::vector<ValueHistogram> histograms_;  // FieldStats::histogram - 1 indexes here
  struct Count {
    std::string_view format, what;
    uint64_t n;
  };
  struct VersionCount {
    std::string_view format;
    std::string version;
    uint64_t n;
  };
  std::vector<Count> counts_;  // a dozen names at most: a list beats a map of strings
  std::vector<VersionCount> versions_;
  // Texture names (compared in any case) the corpus's MAT0 phases name, and those its Texm entries have.
  std::set<std::string, nres::NameLess> textures_wanted_, textures_present_;  // texture names, in any case (_strcmpi)
};

// A histogram key as the reports print it (value_text, or "all zero" /
// "non-zero" for a byte field longer than 16).
[[nodiscard]] std::string key_text(const FieldSpec& f, HistogramKey key);

// A value as the reports print it: decimal for integers, hex for byte fields,
// "%.9g" plus the bits for floats.
[[nodiscard]] std::string value_text(const FieldSpec& f, uint64_t raw, Bytes bytes);

}  // namespace meshgate
