// Canonical MSH exporter (seed §10, spec §2-§3): builds a valid model NRes from
// a plain triangle mesh split into nodes, slots and material batches, with
// optional animation tracks. It computes everything the format derives:
// strides and attrs, base vertices and index starts, triangle descriptors
// (face normals, edge neighbours), slot and model bounds, the frame map,
// fallback keys, strings, and (through build_nres) the sort table and padding.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "writer/nres/nres_layout_builder.hpp"

namespace meshgate::msh {

struct ExportVertex {
  std::array<float, 3> position{};
  std::array<float, 3> normal{0, 0, 1};
  std::array<float, 2> uv{};
};

// One Res13 batch: its own vertices and a batch-relative triangle list.
struct ExportBatch {
  uint8_t wear_row = 0;       // written at +4 (PP/OP reading); +2 = 0, +5 = 0xFF, +6 = 0xFFFF as OP observes
  uint16_t batch_flags = 0;
  std::vector<ExportVertex> vertices;  // <= 65535
  std::vector<uint16_t> indices;       // multiple of 3, each < vertices.size()
  std::vector<uint16_t> tri_flags;     // per triangle; empty = all 0
};

// The geometry a node shows in one slot word (block 0..2, column 0..4, §3.1).
struct ExportSlot {
  unsigned block = 0, column = 0;
  std::vector<ExportBatch> batches;
};

struct ExportKey {
  std::array<float, 3> translation{};
  float time = 0;                               // in frames, integral, strictly increasing in a track
  std::array<float, 4> rotation{0, 0, 0, 1};    // x, y, z, w (FP/PP order; OP reads w first: [CONFLICT])
};

struct ExportNode {
  std::string name;             // Res10 text (Windows-1251 bytes) and Res9 name
  uint16_t parent = 0xFFFF;     // 0xFFFF or an earlier node
  uint16_t flags = 0;
  std::vector<ExportSlot> slots;
  std::vector<ExportKey> track;  // empty: static, one identity key at time 0 (FP's canonical rule)
};

struct ExportModel {
  std::string name = "MODEL";   // entry-name prefix
  std::vector<ExportNode> nodes;
  uint32_t frame_count = 0;     // Res19 attr2; nodes with a track get a run of this many words
  bool with_res9 = true;        // 32-byte names per node (OP)
  bool with_res15 = true;       // 8 bytes per vertex, present in every retail model
  std::vector<std::array<uint8_t, 8>> res15;  // per vertex; empty = zeros
  bool with_res17 = true;       // empty interior graph, as in most retail models
  std::vector<std::array<uint16_t, 2>> res18;  // per vertex (extended models); empty = no Res18
  std::vector<std::array<uint8_t, 48>> res20;  // light entries (extended models); empty = no Res20
};

// The container description (payloads, attrs, names in retail stream order
// 1,2,3,4,5,18,15,13,6,7,8,19,9,10,17,20), or an error naming what the input
// violates (a u16 range, a parent order, key times).
struct ExportResult {
  nres::ArchiveDescription archive;
  std::optional<std::string> error;
  [[nodiscard]] bool ok() const { return !error; }
};

[[nodiscard]] ExportResult describe_msh(const ExportModel& model);
// describe_msh + build_nres; empty on error (with *error set when given).
[[nodiscard]] std::vector<std::byte> export_msh(const ExportModel& model, std::string* error = nullptr);

}  // namespace meshgate::msh
