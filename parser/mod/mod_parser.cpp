#include "parser/mod/mod_parser.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstring>

#include "parser/core/record_reader.hpp"
#include "parser/core/element_kernel.hpp"
#include "parser/mod/mod_diagnostic_codes.hpp"
#include "parser/mod/mod_layout.hpp"
#include "parser/mod/mod_nodes.hpp"

namespace meshgate::mod {

namespace {


std::string range_text(uint64_t begin, uint64_t length) {
  return "[" + hex_offset(begin) + ", " + (begin + length < begin ? std::string("overflow") : hex_offset(begin + length)) +
         ")";
}

bool is_finite_bits(uint32_t bits) { return (bits & 0x7F800000u) != 0x7F800000u; }

// Copies a stream of little-endian f32 lanes into the model and counts the
// NaN/infinite ones in the same pass (one pass per stream: a separate scan
// re-read every position and normal). A flat loop with a local count, which
// the compiler vectorises.
MESHGATE_ELEMENT_KERNEL uint32_t copy_counting_non_finite(const std::byte* src, uint32_t* dst, size_t lanes) {
  uint32_t count = 0;
  for (size_t i = 0; i < lanes; ++i) {
    const auto bits = static_cast<uint32_t>(load_fixed_le<4>(src + 4 * i));
    dst[i] = bits;
    count += (bits & 0x7F800000u) == 0x7F800000u;
  }
  return count;
}

// Whole vectors of lanes, then the remainder through the same loop in a block
// padded with zeros (finite): the loop's scalar remainder cost as much as the
// vectors before it.
uint32_t load_counting_non_finite(Bytes src, std::span<F32x3Bits> out) {
  const size_t lanes = 3 * out.size(), whole = whole_vectors(lanes);
  if (lanes == 0) return 0;
  uint32_t* dst = out.front().data();
  uint32_t count = copy_counting_non_finite(src.data(), dst, whole);
  if (whole < lanes) {
    const auto tail = padded_tail<std::byte, 4 * kKernelPadTo>(src.data() + 4 * whole, 4 * (lanes - whole), std::byte{0});
    std::array<uint32_t, kKernelPadTo> bits;
    count += copy_counting_non_finite(tail.data(), bits.data(), kKernelPadTo);
    std::copy_n(bits.begin(), lanes - whole, dst + whole);
  }
  return count;
}

class Parser {
 public:
  Parser(Bytes data, const ParseOptions& options)
      : in_(data), diags_(options.strict), pool_(options.pool), member_(options.container_member), eof_(data.size()) {}

  ParseResult run() {
    ParseResult result;
    reserve_for(expected_counts(in_.bytes()));
    const bool parsed = parse_header() && parse_objects() && parse_nodes();
    // Workspaces are packed in a trailer after the node domain (§5): marked
    // last, the marks of a usual file arrive in file order, and summarize()
    // has nothing to sort.
    for (const WorkspaceSpan& w : workspaces_) cov_.mark(w.begin, w.end - w.begin, w.owner, kWorkspaceSpec.name);
    if (parsed) {
      if (member_) {
        // The MOD's own end: where its last field ends (the marks hold every field).
        uint64_t own_end = 0;
        for (const CoverageMark& m : cov_.marks()) own_end = std::max(own_end, m.end);
        eof_ = std::min<uint64_t>(own_end, in_.size());
        result.member_tail = ParseResult::MemberTail{eof_, in_.size() - eof_};
      }
      check_workspace_tiling();
      finish_coverage(result);
    }
    result.diagnostics = diags_.take();
    result.meshes = std::move(analyses_);
    if (!diags_.has_error()) result.model = std::move(model_);
    result.coverage_map = std::move(cov_);
    return result;
  }

 private:
  // ---- helpers ------------------------------------------------------------
  // The objects and meshes a file declares, read ahead of the parse so its
  // coverage map and per-mesh lists are sized once: each count bounded by the
  // records the file can hold (the parse refuses a count that does not fit).
  struct ExpectedCounts {
    size_t objects = 0, meshes = 0;
  };
  static ExpectedCounts expected_counts(Bytes data) {
    ExpectedCounts e;
    if (data.size() < kObjectTableOffset) return e;
    e.objects = static_cast<size_t>(std::min<uint64_t>(load_field(data, kHeaderSpec.fields[hdr::object_count]),
                                                       (data.size() - kObjectTableOffset) / kObjectSpec.size));
    uint64_t meshes = 0;
    for (size_t i = 0; i < e.objects; ++i)
      meshes += load_field(data.subspan(object_record_offset(i)), kObjectSpec.fields[obj::mesh_count]);
    e.meshes = static_cast<size_t>(std::min<uint64_t>(meshes, data.size() / kMeshSpec.size));
    return e;
  }
  // Per mesh a record, its streams and its workspace, an owner
  // "objects[i].meshes[j]" and an analysis; per object a record and an
  // owner; and the header's and the node domain's marks.
  void reserve_for(const ExpectedCounts& e) {
    constexpr size_t kMarksPerMesh = 1 + kStreamSpecs.size() + 1, kPathBytes = 24, kFixedMarks = 32;
    cov_.reserve(kFixedMarks + e.objects + e.meshes * kMarksPerMesh, 4 + e.objects + e.meshes,
                 64 + (e.objects + e.meshes) * kPathBytes);
    analyses_.reserve(e.meshes);
    workspaces_.reserve(e.meshes);
  }
  // `i` in decimal, written into `digits` (a size_t has at most 20).
  static std::string_view decimal(size_t i, std::array<char, 20>& digits) {
    const char* end = std::to_chars(digits.data(), digits.data() + digits.size(), i).ptr;
    return {digits.data(), static_cast<size_t>(end - digits.data())};
  }
  std::string field_path(uint32_t owner, std::string_view leaf) const {
    const std::string_view path = cov_.owner(owner);
    std::string out;
    out.reserve(path.size() + 1 + leaf.size());
    return out.append(path).append(".").append(leaf);
  }
  bool fail(const DiagnosticCode& code, std::string path, uint64_t offset, std::string message) {
    return diags_.reject(code, std::move(path), offset, std::move(message));
  }
  bool warn(const DiagnosticCode& code, std::string path, uint64_t offset, std::string message) {
    return diags_.warn(code, std::move(path), offset, std::move(message));
  }

  // Callers bounds-check every record first with a specific code; the
  // fallback error only guards against a range check that was missed.
  template <const auto& Spec>
  bool read_record(uint64_t offset, uint32_t owner, Record<Spec>& out) {
    if (meshgate::read_record(in_, offset, owner, cov_, out)) return true;
    return fail(codes::truncated_header, std::string(cov_.owner(owner)), offset,
                std::string(Spec.name) + " record " + range_text(offset, Spec.size) + " leaves the file");
  }

  // Sections that hold decoded copies must not claim more bytes in total than
  // the file has: aliased streams could otherwise multiply the allocation.
  bool claim(uint64_t length, uint32_t owner, std::string_view leaf, uint64_t offset) {
    claimed_ += length;
    if (claimed_ > in_.size())
      return fail(codes::sections_exceed_file, field_path(owner, leaf), offset,
                  "streams and workspaces claim " + std::to_string(claimed_) + " bytes, more than the " +
                      std::to_string(in_.size()) + "-byte file holds; sections alias each other");
    return true;
  }

  // ---- header (spec §1) -----------------------------------------------------
  bool parse_header() {
    const uint32_t owner = cov_.add_owner("header");
    if (in_.size() < kHeaderSpec.size)
      return fail(codes::truncated_header, "header", in_.size(),
                  "file is " + std::to_string(in_.size()) + " bytes, shorter than the 0x40-byte MOD header");
    if (!read_record(0, owner, model_.header)) return false;
    model_.file_size = in_.size();
    const HeaderRecord& h = model_.header;

    if (!std::equal(kMagic.begin(), kMagic.end(), h.raw(hdr::magic).begin()))
      return fail(codes::header_fields, "header.magic", 0, "magic is not \"MOD \" (4D 4F 44 20)");

    const float version = h.get_f32(hdr::version);
    const bool known = std::any_of(kKnownVersions.begin(), kKnownVersions.end(),
                                   [&](float k) { return std::fabs(version - k) <= kVersionEpsilon; });
    if (!known &&
        !warn(codes::unconfirmed_version, "header.version", kHeaderSpec.fields[hdr::version].offset,
              "version " + std::to_string(version) + " is not one of 0.80, 0.82, 0.84, 1.00, 1.01"))
      return false;

    const uint64_t objects = h.get(hdr::object_count);
    const uint64_t table_end = object_record_offset(objects);
    if (table_end > in_.size())
      return fail(codes::object_table_out_of_bounds, "header.outer_record_count",
                  kHeaderSpec.fields[hdr::object_count].offset,
                  std::to_string(objects) + " objects need an object table " +
                      range_text(kObjectTableOffset, table_end - kObjectTableOffset) + " past the " +
                      std::to_string(in_.size()) + "-byte file");

    node_count_ = static_cast<unsigned>(h.get(hdr::node_count));
    if (node_count_ == 0 &&
        !warn(codes::zero_transform_domain, "header.transform_domain_count",
              kHeaderSpec.fields[hdr::node_count].offset, "node count is 0; skin decoding is disabled"))
      return false;
    const uint64_t joint = h.get(hdr::default_joint);
    if (node_count_ > 0 && joint >= node_count_ &&
        !warn(codes::default_joint_out_of_range, "header.default_joint_index",
              kHeaderSpec.fields[hdr::default_joint].offset,
              "default joint " + std::to_string(joint) + " is not below the node count " +
                  std::to_string(node_count_) + " (the JntNo fallback would index past currentWorld)"))
      return false;
    return true;
  }

  // ---- objects and meshes (spec §2, §3, §5) --------------------------------
  bool parse_objects() {
    const uint64_t count = model_.header.get(hdr::object_count);  // bounded by the file (parse_header)
    if (pool_) pool_->lend(model_.objects);
    model_.objects.resize(count);
    // The object table first, then each object's meshes: marks in file order.
    // The table fits the file (parse_header), so no record read fails here.
    // Their owners are consecutive: objects[i] is first_owner + i.
    const auto first_owner = static_cast<uint32_t>(cov_.owner_count());
    for (size_t i = 0; i < count; ++i) {
      const uint32_t owner = cov_.add_owner("objects[" + std::to_string(i) + "]");
      if (!read_record(object_record_offset(i), owner, model_.objects[i].record)) return false;
    }
    for (size_t i = 0; i < count; ++i) {
      Object& object = model_.objects[i];
      const uint64_t offset = object_record_offset(i);
      const auto owner = static_cast<uint32_t>(first_owner + i);

      const uint64_t meshes = object.record.get(obj::mesh_count);
      const uint64_t table = object.record.get(obj::mesh_table_offset);
      const uint64_t table_field = offset + kObjectSpec.fields[obj::mesh_table_offset].offset;
      if (meshes > 0) {
        if (table >= in_.size())
          return fail(codes::inner_table_out_of_bounds, field_path(owner, "inner_table_offset"), table_field,
                      "mesh table offset " + hex_offset(table) + " lies outside the " + std::to_string(in_.size()) +
                          "-byte file");
        if (!range_fits(table, meshes * kMeshSpec.size, in_.size()))
          return fail(codes::inner_record_truncated, field_path(owner, "inner_table_offset"), table_field,
                      std::to_string(meshes) + " mesh records " + range_text(table, meshes * kMeshSpec.size) +
                          " run past the end of the file");
      }

      if (pool_) pool_->lend(object.meshes);
      object.meshes.resize(meshes);
      uint64_t vertex_sum = 0;
      for (size_t j = 0; j < meshes; ++j) {
        if (!parse_mesh(i, j, object)) return false;
        vertex_sum += object.meshes[j].record.get(mesh::vertex_count);
      }
      const uint64_t aggregate = object.record.get(obj::aggregate_count);
      if (aggregate != vertex_sum)
        return fail(codes::aggregate_mismatch, field_path(owner, "aggregate_element_count"),
                    offset + kObjectSpec.fields[obj::aggregate_count].offset,
                    "aggregate element count " + std::to_string(aggregate) + " differs from the sum " +
                        std::to_string(vertex_sum) + " of the object's mesh vertex counts");
    }
    return true;
  }

  bool parse_mesh(size_t object_index, size_t mesh_index, Object& object) {
    Mesh& m = object.meshes[mesh_index];
    const uint64_t offset = *mesh_record_offset(object.record, mesh_index);  // range checked by the caller
    std::array<char, 20> i_digits, j_digits;  // "objects[i].meshes[j]", joined in the map
    const uint32_t owner =
        cov_.add_owner({"objects[", decimal(object_index, i_digits), "].meshes[", decimal(mesh_index, j_digits), "]"});
    if (!read_record(offset, owner, m.record)) return false;
    const MeshRecord& r = m.record;
    auto field_offset = [&](size_t f) { return offset + kMeshSpec.fields[f].offset; };
    auto field_name = [&](size_t f) { return kMeshSpec.fields[f].name; };

    for (size_t f = mesh::clamp_first; f <= mesh::clamp_last; ++f) {
      if (r.get(f) > 0x3FF &&
          !warn(codes::gs_clamp_out_of_range, field_path(owner, field_name(f)), field_offset(f),
                "GS CLAMP value " + hex_offset(r.get(f)) + " exceeds 10 bits; raw value kept"))
        return false;
    }
    struct NonZeroCheck { size_t field; const DiagnosticCode& code; const char* why; };
    for (const NonZeroCheck& c : {NonZeroCheck{mesh::reserved38, codes::inner_38_nonzero, "the MOD aux slot is inactive (zero 180/180)"},
                                  NonZeroCheck{mesh::generated_count, codes::generated_count_nonzero,
                                               "serialized files hold 0; a post-loaded image is not a MOD"},
                                  NonZeroCheck{mesh::reserved4c, codes::inner_4c_nonzero, "zero 180/180 in the corpus"}}) {
      if (r.get(c.field) != 0 &&
          !warn(c.code, field_path(owner, field_name(c.field)), field_offset(c.field),
                "value " + hex_offset(r.get(c.field)) + " is non-zero: " + c.why + "; raw value kept"))
        return false;
    }
    const uint64_t slot = r.get(mesh::texture_slot), mirror = model_.header.get(hdr::texture_slot_count);
    if (slot >= mirror &&
        !warn(codes::texture_slot_beyond_mirror, field_path(owner, "texture_slot"), field_offset(mesh::texture_slot),
              "texture slot " + std::to_string(slot) + " is not below the header mirror " + std::to_string(mirror) +
                  " (the companion's count is authoritative)"))
      return false;

    // Streams: bounds, alignment, then decode.
    const uint64_t n = r.get(mesh::vertex_count);
    std::array<Bytes, kStreamSpecs.size()> streams;
    for (size_t s = 0; s < kStreamSpecs.size(); ++s) {
      const size_t f = mesh::stream_offset(s);
      const uint64_t begin = stream_offset(r, s), length = stream_length(r, s);
      auto bytes = in_.slice(begin, length);
      if (!bytes)
        return fail(codes::mesh_stream_out_of_bounds, field_path(owner, field_name(f)), field_offset(f),
                    std::string(kStreamSpecs[s].name) + " stream " + range_text(begin, length) + " for " +
                        std::to_string(n) + " vertices runs past the end of the " + std::to_string(in_.size()) +
                        "-byte file");
      if (!claim(length, owner, field_name(f), field_offset(f))) return false;
      if (length > 0 && begin % kStreamAlignment != 0 &&
          !warn(codes::stream_misaligned, field_path(owner, field_name(f)), field_offset(f),
                std::string(kStreamSpecs[s].name) + " stream starts at " + hex_offset(begin) +
                    ", not 16-aligned (every retail stream is)"))
        return false;
      cov_.mark(begin, length, owner, kStreamSpecs[s].name);
      streams[s] = *bytes;
    }
    MeshAnalysis analysis;
    analysis.non_finite_components = decode_streams(m, streams, n);

    analysis.owner = owner;
    analysis.record_offset = offset;
    if (analysis.non_finite_components > 0 &&
        !warn(codes::non_finite_vector, field_path(owner, "positions"), stream_offset(r, stream::positions),
              std::to_string(analysis.non_finite_components) +
                  " position/normal components are NaN or infinite; raw bits kept"))
      return false;

    // Workspace: record-relative (spec §9.1), capacity align16(6(n-2)).
    const uint64_t capacity = workspace_capacity(n);
    auto ws = workspace_offset(offset, r);
    const size_t wf = mesh::workspace_rel;
    if (!ws || !in_.is_valid_range(*ws, capacity))
      return fail(codes::generated_workspace_out_of_bounds, field_path(owner, field_name(wf)), field_offset(wf),
                  "workspace at mesh record " + hex_offset(offset) + " + " + hex_offset(r.get(wf)) + " = " +
                      (ws ? range_text(*ws, capacity) : std::string("overflow")) + " lies outside the file");
    if (!claim(capacity, owner, field_name(wf), field_offset(wf))) return false;
    analysis.workspace_offset = *ws;
    if (capacity > 0) {
      if (*ws % kStreamAlignment != 0 &&
          !warn(codes::workspace_misaligned, field_path(owner, field_name(wf)), field_offset(wf),
                "workspace starts at " + hex_offset(*ws) + ", not 16-aligned (180/180 retail workspaces are)"))
        return false;
      Bytes bytes = *in_.slice(*ws, capacity);
      if (pool_) pool_->lend(m.workspace);
      m.workspace.assign(bytes.begin(), bytes.end());
      workspaces_.push_back({*ws, *ws + capacity, analyses_.size(), owner});  // marked by run()
    }

    // Skin (spec §3): warnings with per-mesh failure counts; raw bytes untouched.
    analysis.skin = summarize_skin(m, node_count_);
    if (analysis.skin.lane0_nonzero > 0 &&
        !warn(codes::blend_lane0_nonzero, field_path(owner, "blend_indices"), stream_offset(r, stream::blend_indices),
              std::to_string(analysis.skin.lane0_nonzero) + " vertices have a non-zero BLENDINDICES lane x "
              "(zero 20,976/20,976 in the corpus); byte kept"))
      return false;
    if (node_count_ > 0 && analysis.skin.failures > 0 &&
        !warn(codes::skin_invariant_mismatch, field_path(owner, "control"),
              stream_offset(r, stream::control) + 2ull * analysis.skin.first_failure_vertex,
              std::to_string(analysis.skin.failures) + " of " + std::to_string(n) +
                  " vertices fail the skin rules; first: vertex " +
                  std::to_string(analysis.skin.first_failure_vertex) + " " +
                  std::string(skin_status_name(analysis.skin.first_failure))))
      return false;
    analyses_.push_back(std::move(analysis));
    return true;
  }

  // One bulk little-endian copy per stream (the element types are the
  // streams' exact layouts), so decoding costs what copying costs; positions
  // and normals are counted for NaN/infinite components while they are
  // copied, which it returns.
  uint32_t decode_streams(Mesh& m, const std::array<Bytes, kStreamSpecs.size()>& s, uint64_t n) {
    const auto count = static_cast<size_t>(n);
    if (pool_) {
      pool_->lend(m.positions);
      pool_->lend(m.normals);
      pool_->lend(m.uv);
      pool_->lend(m.blend_indices);
      pool_->lend(m.control);
    }
    m.positions.resize(count);
    m.normals.resize(count);
    m.uv.resize(count);
    m.blend_indices.resize(count);
    m.control.resize(count);
    const uint32_t non_finite = load_counting_non_finite(s[stream::positions], std::span(m.positions)) +
                                load_counting_non_finite(s[stream::normals], std::span(m.normals));
    load_le_elements(s[stream::uv], std::span(m.uv));
    load_le_elements(s[stream::blend_indices], std::span(m.blend_indices));
    load_le_elements(s[stream::control], std::span(m.control));
    return non_finite;
  }

  // ---- node domain (spec §4) ------------------------------------------------
  bool parse_nodes() {
    const uint64_t block = model_.header.get(hdr::document_offset);
    const uint64_t doc_field = kHeaderSpec.fields[hdr::document_offset].offset;
    if (block >= in_.size())
      return fail(codes::document_out_of_bounds, "header.document_offset", doc_field,
                  "node-domain block offset " + hex_offset(block) + " lies outside the " +
                      std::to_string(in_.size()) + "-byte file");
    if (!in_.is_valid_range(block, kNodeHeaderSpec.size))
      return fail(codes::td_document_header, "header.document_offset", doc_field,
                  "node block header " + range_text(block, kNodeHeaderSpec.size) + " runs past the end of the file");
    const uint32_t owner = cov_.add_owner("nodes");
    NodeBlock& nb = model_.nodes;
    if (!read_record(block, owner, nb.header)) return false;

    const uint64_t n = node_count_;
    const std::array<size_t, 4> rel_fields = {node::parent_rel, node::order_rel, node::group_rel, node::transform_rel};
    std::array<uint64_t, 4> rel{};
    for (size_t k = 0; k < 4; ++k) rel[k] = nb.header.get(rel_fields[k]);
    auto rel_path = [&](size_t k) { return field_path(owner, kNodeHeaderSpec.fields[rel_fields[k]].name); };
    auto rel_offset = [&](size_t k) { return block + kNodeHeaderSpec.fields[rel_fields[k]].offset; };

    for (size_t k = 0; k < 4; ++k) {
      if (rel[k] < kNodeHeaderSpec.size || (k > 0 && rel[k] < rel[k - 1]))
        return fail(codes::td_header, rel_path(k), rel_offset(k),
                    "offset " + hex_offset(rel[k]) +
                        (rel[k] < kNodeHeaderSpec.size ? " points into the 0x20-byte block header"
                                                       : " is below the previous array's offset " +
                                                             hex_offset(rel[k - 1])));
    }
    for (size_t k = 1; k < 4; ++k) {
      if (rel[k] - rel[k - 1] < n)
        return fail(codes::td_table_spans, rel_path(k), rel_offset(k),
                    "only " + std::to_string(rel[k] - rel[k - 1]) + " bytes between arrays at " +
                        hex_offset(rel[k - 1]) + " and " + hex_offset(rel[k]) + " for " + std::to_string(n) + " nodes");
    }
    std::array<Bytes, 3> arrays;
    for (size_t k = 0; k < 3; ++k) {
      auto begin = checked_add(block, rel[k]);
      auto bytes = begin ? in_.slice(*begin, n) : std::nullopt;
      if (!bytes)
        return fail(codes::td_table_range, rel_path(k), rel_offset(k),
                    "node array at block " + hex_offset(block) + " + " + hex_offset(rel[k]) + " (" +
                        std::to_string(n) + " bytes) runs past the end of the file");
      arrays[k] = *bytes;
    }
    auto xf_begin = checked_add(block, rel[3]);
    if (!xf_begin || !in_.is_valid_range(*xf_begin, n * kTransformSpec.size))
      return fail(codes::td_transform_truncated, rel_path(3), rel_offset(3),
                  std::to_string(n) + " transform records at block " + hex_offset(block) + " + " + hex_offset(rel[3]) +
                      " run past the end of the file");

    const NodeLayout layout{rel[0], rel[1], rel[2], rel[3]};
    if (layout != retail_node_layout(n) &&
        !warn(codes::td_layout_variant, field_path(owner, "parent_array_rel"), block,
              "node offsets " + hex_offset(rel[0]) + "/" + hex_offset(rel[1]) + "/" + hex_offset(rel[2]) + "/" +
                  hex_offset(rel[3]) + " differ from the retail formula for N=" + std::to_string(n)))
      return false;

    const std::array<std::string_view, 3> names = {kParentArraySpec.name, kOrderArraySpec.name,
                                                   kMotionGroupArraySpec.name};
    std::array<std::vector<uint8_t>*, 3> targets = {&nb.parents, &nb.order, &nb.motion_groups};
    for (size_t k = 0; k < 3; ++k) {
      if (pool_) pool_->lend(*targets[k]);
      targets[k]->resize(static_cast<size_t>(n));
      std::transform(arrays[k].begin(), arrays[k].end(), targets[k]->begin(),
                     [](std::byte v) { return static_cast<uint8_t>(v); });
      cov_.mark(block + rel[k], n, owner, names[k]);
    }
    if (pool_) pool_->lend(nb.transforms);
    nb.transforms.resize(static_cast<size_t>(n));
    uint32_t non_finite = 0;
    uint64_t first_non_finite = 0;
    const uint32_t xf_owner =
        cov_.add_record_table_owner("nodes.transforms", *xf_begin, kTransformSpec.size, kTransformSpec.fields);
    cov_.mark_records(*xf_begin, n, xf_owner);
    const Bytes xf_bytes = *in_.slice(*xf_begin, n * kTransformSpec.size);  // range checked above
    for (size_t k = 0; k < n; ++k) {
      const uint64_t at = *xf_begin + k * kTransformSpec.size;
      nb.transforms[k].decode(xf_bytes.subspan(k * kTransformSpec.size, kTransformSpec.size));
      for (size_t f = 0; f < TransformRecord::kFieldCount; ++f) {
        if (f == xf::reserved1c) continue;  // undecoded; not a number we interpret
        if (!is_finite_bits(static_cast<uint32_t>(nb.transforms[k].get(f))) && non_finite++ == 0)
          first_non_finite = at + kTransformSpec.fields[f].offset;
      }
    }
    if (non_finite > 0 &&
        !warn(codes::td_non_finite_transform, "nodes.transforms", first_non_finite,
              std::to_string(non_finite) + " transform components are NaN or infinite; raw bits kept"))
      return false;

    if (!order_is_permutation(nb) &&
        !warn(codes::td_permutation_incomplete, "nodes.order", block + rel[1],
              "order array is not a permutation of 0.." + std::to_string(n == 0 ? 0 : n - 1)))
      return false;
    if (auto bad = first_non_topological_position(nb);
        bad && !warn(codes::td_hierarchy_invalid, "nodes.parents[" + std::to_string(*bad) + "]",
                     block + rel[0] + *bad,
                     *bad == 0 ? "order position 0 must be a root (0xFF)"
                               : "parent " + std::to_string(nb.parents[*bad]) + " at order position " +
                                     std::to_string(*bad) + " was not evaluated at an earlier position"))
      return false;
    return true;
  }

  // Spec §5: workspaces are packed gaplessly into a trailer ending at EOF.
  void check_workspace_tiling() {
    if (workspaces_.empty()) return;
    std::sort(workspaces_.begin(), workspaces_.end(),
              [](const WorkspaceSpan& a, const WorkspaceSpan& b) { return a.begin < b.begin; });
    for (size_t k = 1; k < workspaces_.size(); ++k) {
      if (workspaces_[k].begin != workspaces_[k - 1].end) {
        warn(codes::workspace_trailer_not_tiled, field_path(analyses_[workspaces_[k].analysis].owner, "workspace"),
             workspaces_[k].begin,
             "workspace starts at " + hex_offset(workspaces_[k].begin) + " but the previous one ends at " +
                 hex_offset(workspaces_[k - 1].end));
        return;
      }
    }
    if (workspaces_.back().end != eof_)
      warn(codes::workspace_trailer_not_tiled, field_path(analyses_[workspaces_.back().analysis].owner, "workspace"),
           workspaces_.back().end,
           "the last workspace ends at " + hex_offset(workspaces_.back().end) + ", not at " +
               (member_ ? "the MOD's own end " : "EOF ") + hex_offset(eof_));
  }

  void finish_coverage(ParseResult& result) {
    result.coverage = cov_.summarize(in_.size());
    for (const CoverageOverlap& o : result.coverage.overlaps) {
      warn(codes::coverage_overlap, o.second_path, o.begin,
           "bytes " + range_text(o.begin, o.end - o.begin) + " are claimed by both " + o.first_path + " and " +
               o.second_path);
    }
    model_.gaps = collect_gaps(result.coverage, in_.bytes());
  }

  struct WorkspaceSpan {
    uint64_t begin, end;
    size_t analysis;
    uint32_t owner;  // the mesh's coverage owner
  };

  ByteReader in_;
  Diagnostics diags_;
  CoverageMap cov_;
  Model model_;
  std::vector<MeshAnalysis> analyses_;
  std::vector<WorkspaceSpan> workspaces_;
  uint64_t claimed_ = 0;
  unsigned node_count_ = 0;
  StreamPool* pool_;
  bool member_ = false;
  uint64_t eof_ = 0;  // where the EOF rules apply: the input's end, or a member's own end
};

}  // namespace

bool looks_like_mod(Bytes data) { return has_magic(data, kMagics[0]); }

ParseResult parse_mod(Bytes data, const ParseOptions& options) { return Parser(data, options).run(); }

}  // namespace meshgate::mod
