#include "parser/msh/msh_parser.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>
#include <set>

#include "parser/core/record_reader.hpp"
#include "parser/msh/msh_diagnostic_codes.hpp"
#include "parser/msh/msh_invariants.hpp"
#include "parser/msh/msh_streams.hpp"

namespace meshgate::msh {

namespace {

using nres::EntryRecord;
namespace entry = nres::entry;

constexpr uint32_t kRes10 = 10;

// Element streams are copied in bulk: their types must be the catalogue's strides.
static_assert(find_stream_type(stream_type::positions)->stride == sizeof(F32x3Bits) &&
              find_stream_type(stream_type::normals)->stride == sizeof(U8x4) &&
              find_stream_type(stream_type::uv0)->stride == sizeof(U16x2) &&
              find_stream_type(stream_type::res18)->stride == sizeof(U16x2) &&
              find_stream_type(stream_type::indices)->stride == sizeof(uint16_t) &&
              find_stream_type(stream_type::frame_map)->stride == sizeof(uint16_t));

// Mark the container's own records in an MSH coverage map, field by field
// from the NRes tables, exactly as the NRes parser does: the header before
// the payloads, the directory (at EOF) after them, so marks arrive in file
// order and summarize() has nothing to sort.
void mark_container_header(CoverageMap& cov) {
  const uint32_t header = cov.add_owner("header");
  for (const FieldSpec& f : nres::kHeaderSpec.fields) cov.mark(f.offset, f.width, header, f.name);
}
void mark_container_directory(CoverageMap& cov, const nres::Archive& a) {
  const uint64_t dir = nres::directory_offset(a.header);
  const uint32_t entries = cov.add_record_table_owner("entries", dir, nres::kEntrySpec.size, nres::kEntrySpec.fields);
  cov.mark_records(dir, a.entries.size(), entries);
}

class Parser {
 public:
  Parser(Bytes data, const ParseOptions& options) : in_(data), diags_(options.strict), pool_(options.pool) {}

  ParseResult run(const nres::ParseResult& container) {
    ParseResult result;
    if (container.ok()) {
      const nres::Archive& a = *container.archive;
      model_.file_size = a.file_size;
      model_.header = a.header;
      model_.gaps = a.gaps;
      dir_ = nres::directory_offset(a.header);
      // A mark or two per stream (a Res10 string two), the container's records,
      // and their owners' paths ("res2.header", "res13"): growing the vectors
      // mark by mark cost a dozen allocations per model.
      cov_.reserve(4 * a.entries.size() + 24, 2 * a.entries.size() + 8, 16 * (2 * a.entries.size() + 8));
      mark_container_header(cov_);
      const bool decoded = decode_streams(a) && check_stream_set() && decode_strings();
      mark_container_directory(cov_, a);
      if (decoded && check_invariants(model_, diags_)) result.coverage = cov_.summarize(in_.size());
    }
    result.diagnostics = container.diagnostics;
    for (Diagnostic& d : diags_.take()) result.diagnostics.push_back(std::move(d));
    if (container.ok() && !diags_.has_error()) result.model = std::move(model_);
    result.coverage_map = std::move(cov_);
    return result;
  }

 private:
  // ---- helpers ------------------------------------------------------------
  static std::string entry_path(size_t i, std::string_view field) {
    return "entries[" + std::to_string(i) + "]." + std::string(field);
  }
  uint64_t entry_field_offset(size_t i, size_t field) const {
    return dir_ + i * nres::kEntrySpec.size + nres::kEntrySpec.fields[field].offset;
  }
  static std::string type_label(const EntryRecord& r) {
    const StreamType* t = find_stream_type(static_cast<uint32_t>(r.get(entry::type_id)));
    return "Res" + std::to_string(r.get(entry::type_id)) + (t ? " (" + std::string(t->name) + ")" : "");
  }

  // ---- per-stream checks of §2.1 / §4.1 / §4.2 --------------------------------
  // attr2 and attr3 rules that do not change how the payload is read: warnings.
  bool check_attrs(size_t i, const EntryRecord& r, const StreamType& t) {
    if (t.attr2_rule == Attr2Rule::zero && r.get(entry::attr2) != 0 &&
        !diags_.warn(codes::stream_attr2_nonzero, entry_path(i, "attr2"), entry_field_offset(i, entry::attr2),
              type_label(r) + " attr2 is " + std::to_string(r.get(entry::attr2)) + ", not 0"))
      return false;
    const uint64_t attr3 = r.get(entry::attr3);
    if (t.count_rule != CountRule::unchecked && attr3 != t.attr3 && attr3 != t.attr3_alt &&
        !diags_.warn(codes::stream_attr3_mismatch, entry_path(i, "attr3"), entry_field_offset(i, entry::attr3),
              type_label(r) + " attr3 is " + std::to_string(attr3) + ", §2.1 says " + std::to_string(t.attr3)))
      return false;
    return true;
  }

  // size % stride == 0 and attr1 == size / stride (§4.1). Returns the count.
  // The check stays small enough to inline; the report is out of line (as a
  // call, the returned optional went through the stack on every stream).
  std::optional<uint64_t> fixed_count(size_t i, const EntryRecord& r, uint64_t stride, uint64_t header_bytes = 0) {
    const uint64_t size = r.get(entry::size);  // >= header_bytes: checked by the caller
    const uint64_t count = (size - header_bytes) / stride;
    if ((size - header_bytes) % stride != 0 || r.get(entry::attr1) != count) {
      reject_count(i, r, stride, header_bytes);
      return std::nullopt;
    }
    return count;
  }
  [[gnu::noinline, gnu::cold]] void reject_count(size_t i, const EntryRecord& r, uint64_t stride, uint64_t header_bytes) {
    const uint64_t size = r.get(entry::size);
    if ((size - header_bytes) % stride != 0) {
      diags_.reject(header_bytes ? codes::slot_table_tail : codes::stream_size_not_multiple, entry_path(i, "size"),
           entry_field_offset(i, entry::size),
           type_label(r) + " payload of " + std::to_string(size) + " bytes " +
               (header_bytes ? "minus the 0x8C header " : "") + "is not a multiple of the " +
               std::to_string(stride) + "-byte stride");
      return;
    }
    diags_.reject(codes::stream_count_mismatch, entry_path(i, "attr1"), entry_field_offset(i, entry::attr1),
         type_label(r) + " attr1 is " + std::to_string(r.get(entry::attr1)) + " but the payload holds " +
             std::to_string((size - header_bytes) / stride) + " elements");
  }

  template <const auto& Spec>
  PodVector<Record<Spec>> read_records(uint32_t type, uint64_t base, uint64_t count, uint64_t first_offset = 0) {
    // The caller checked count against the payload size; the slice is the last guard.
    const auto bytes = in_.slice(base + first_offset, count * uint64_t{Spec.size});
    if (!bytes) return {};
    // A run of records is its bytes back to back: one copy, as the writer does.
    static_assert(kRecordIsItsImage<Spec>);
    PodVector<Record<Spec>> out;
    if (pool_) pool_->lend(out);
    out.resize(static_cast<size_t>(count));  // records made for overwrite: no zero fill
    if (count > 0) std::memcpy(static_cast<void*>(out.data()), bytes->data(), bytes->size());
    const uint32_t owner = cov_.add_record_table_owner(stream_path(type), base + first_offset, Spec.size, Spec.fields);
    cov_.mark_records(base + first_offset, count, owner);
    return out;
  }

  // An element stream: one bulk little-endian copy (the element type is the
  // stream's exact layout: the catalogue strides are checked below) and one
  // coverage mark.
  template <typename Element>
  PodVector<Element> read_array(uint32_t type, std::string_view leaf, uint64_t base, uint64_t count) {
    const auto bytes = in_.slice(base, count * sizeof(Element));  // the payload was bounds-checked by the NRes parser
    if (!bytes) return {};
    PodVector<Element> out;
    if (pool_) pool_->lend(out);
    out.resize(static_cast<size_t>(count));
    load_le_elements(*bytes, std::span(out));
    cov_.mark(base, count * sizeof(Element), cov_.add_owner(stream_path(type)), leaf);
    return out;
  }

  // ---- decoding ---------------------------------------------------------------
  bool decode_streams(const nres::Archive& a) {
    // Each Stream made from its record: resize() would zero-fill every
    // 120-byte Stream first (a `rep stos` each, 4% of an MSH round trip).
    if (pool_) pool_->lend(model_.streams);
    model_.streams.reserve(a.entries.size());
    for (size_t i = 0; i < a.entries.size(); ++i) {
      const EntryRecord& r = a.entries[i].record;
      Stream& s = model_.streams.emplace_back(Stream{r, RawStream{}});
      const uint32_t type = static_cast<uint32_t>(r.get(entry::type_id));
      if (type == kRes10) continue;  // needs the node count: decode_strings()
      if (!decode_stream(i, r, type, s.data)) return false;
    }
    return true;
  }

  bool decode_stream(size_t i, const EntryRecord& r, uint32_t type, StreamData& out) {
    const uint64_t base = r.get(entry::data_offset), size = r.get(entry::size);
    const StreamType* t = find_stream_type(type);
    if (t == nullptr) return keep_raw(type, base, size, out);  // unknown or terrain type: exact bytes
    if (!check_attrs(i, r, *t)) return false;
    switch (type) {
      case stream_type::nodes: {  // Res1: the stride is attr3, 38 or 24 (MTCHECK.MSH)
        const uint64_t stride = r.get(entry::attr3);
        if (stride != kNodeSpec.size && stride != kNodeShortSpec.size)
          return diags_.reject(codes::node_stride_unsupported, entry_path(i, "attr3"), entry_field_offset(i, entry::attr3),
                      "Res1 attr3 is " + std::to_string(stride) + "; only 38- and 24-byte nodes are known");
        auto n = fixed_count(i, r, stride);
        if (!n) return false;
        if (stride == kNodeSpec.size)
          out = NodeStream{read_records<kNodeSpec>(type, base, *n)};
        else
          out = ShortNodeStream{read_records<kNodeShortSpec>(type, base, *n)};
        return true;
      }
      case stream_type::header_slots: {
        if (size < kModelHeaderSpec.size)
          return diags_.reject(codes::header_too_short, entry_path(i, "size"), entry_field_offset(i, entry::size),
                      "Res2 is " + std::to_string(size) + " bytes, shorter than its 0x8C-byte header");
        auto n = fixed_count(i, r, kSlotSpec.size, kModelHeaderSpec.size);
        if (!n) return false;
        HeaderSlotStream hs;
        (void)read_record(in_, base, cov_.add_owner("res2.header"), cov_, hs.header);
        hs.slots = read_records<kSlotSpec>(type, base, *n, kModelHeaderSpec.size);
        out = std::move(hs);
        return true;
      }
      default: break;
    }
    auto n = t->count_rule == CountRule::size_over_stride ? fixed_count(i, r, t->stride) : std::optional<uint64_t>{0};
    if (!n) return false;
    switch (type) {
      case stream_type::positions:
        out = PositionStream{read_array<F32x3Bits>(type, "positions", base, *n)};
        return true;
      case stream_type::normals:
        out = PackedNormalStream{read_array<U8x4>(type, "normals", base, *n)};
        return true;
      case stream_type::uv0:
      case stream_type::res18:
        out = WordPairStream{read_array<U16x2>(type, type == stream_type::uv0 ? "uv0" : "res18", base, *n)};
        return true;
      case stream_type::indices:
      case stream_type::frame_map:
        out = WordStream{read_array<uint16_t>(type, type == stream_type::indices ? "indices" : "frame_map", base, *n)};
        return true;
      case stream_type::triangles:
        out = TriangleStream{read_records<kTriangleSpec>(type, base, *n)};
        return true;
      case stream_type::keys:
        out = KeyStream{read_records<kKeySpec>(type, base, *n)};
        return true;
      case stream_type::batches:
        out = BatchStream{read_records<kBatchSpec>(type, base, *n)};
        return true;
      default:  // node_names, res15, res16, interior_graph, lights: layout known at most, meaning not: exact bytes
        return keep_raw(type, base, size, out);
    }
  }

  bool keep_raw(uint32_t type, uint64_t base, uint64_t size, StreamData& out) {
    Bytes bytes = *in_.slice(base, size);
    RawStream raw;
    if (pool_) pool_->lend(raw.bytes);
    raw.bytes.assign(bytes.begin(), bytes.end());
    out = std::move(raw);
    const StreamType* t = find_stream_type(type);
    cov_.mark(base, size, cov_.add_owner(stream_path(type)), t ? t->name : "raw");
    return true;
  }

  // §4.6: required 1, 2, 3, 6, 13; expected 4, 5, 8, 19; each type at most once.
  bool check_stream_set() {
    // The catalogue's types are below 64: a bit each. Others (unknown types
    // kept as raw streams) go to a set, which a retail model never needs.
    uint64_t seen_low = 0;
    std::set<uint32_t> seen_high;
    static_assert(std::ranges::all_of(kStreamTypes, [](const StreamType& t) { return t.type_id < 64; }));
    const auto seen = [&](uint32_t type) { return type < 64 ? (seen_low >> type & 1) != 0 : seen_high.contains(type); };
    const auto first_of_its_type = [&](uint32_t type) {
      if (type >= 64) return seen_high.insert(type).second;
      const bool first = !seen(type);
      seen_low |= uint64_t{1} << type;
      return first;
    };
    for (size_t i = 0; i < model_.streams.size(); ++i) {
      const uint32_t type = static_cast<uint32_t>(model_.streams[i].record.get(entry::type_id));
      if (first_of_its_type(type)) continue;
      const StreamType* t = find_stream_type(type);
      const bool required = t && t->required;
      const std::string message = "stream type " + std::to_string(type) + " appears more than once" +
                                  (required ? "" : "; the first one is used (FP, PP; OP takes the last)");
      if (required) return diags_.reject(codes::duplicate_required_stream, entry_path(i, "type_id"),
                                entry_field_offset(i, entry::type_id), message);
      if (!diags_.warn(codes::duplicate_stream, entry_path(i, "type_id"), entry_field_offset(i, entry::type_id), message))
        return false;
    }
    for (const StreamType& t : kStreamTypes)
      if (t.required && !seen(t.type_id))
        return diags_.reject(codes::required_stream_missing, "entries", dir_,
                    "required stream Res" + std::to_string(t.type_id) + " (" + std::string(t.name) + ") is missing");
    for (uint32_t type : {4u, 5u, 8u, 19u})
      if (!seen(type) &&
          !diags_.warn(codes::expected_stream_missing, "entries", dir_,
                "stream Res" + std::to_string(type) + " (" + std::string(find_stream_type(type)->name) +
                    ") is missing; every retail model has it"))
        return false;
    return true;
  }

  // §3.8 / §4.5: one u32-length-prefixed record per node, consuming the payload exactly.
  bool decode_strings() {
    const uint64_t nodes = model_counts(model_).nodes;
    const Stream* res1 = model_.find(stream_type::nodes);
    for (size_t i = 0; i < model_.streams.size(); ++i) {
      Stream& s = model_.streams[i];
      if (s.record.get(entry::type_id) != kRes10) continue;
      if (!check_attrs(i, s.record, *find_stream_type(kRes10))) return false;
      if (res1 && s.record.get(entry::attr1) != res1->record.get(entry::attr1))
        return diags_.reject(codes::strings_count_mismatch, entry_path(i, "attr1"), entry_field_offset(i, entry::attr1),
                    "Res10 attr1 is " + std::to_string(s.record.get(entry::attr1)) + " but Res1 attr1 is " +
                        std::to_string(res1->record.get(entry::attr1)));
      const uint64_t base = s.record.get(entry::data_offset), size = s.record.get(entry::size);
      StringStream strings;
      strings.records.reserve(static_cast<size_t>(std::min<uint64_t>(nodes, size / 4)));  // a record is 4 bytes at least
      uint64_t at = 0;
      while (at < size) {
        const std::string path = "res10[" + std::to_string(strings.records.size()) + "]";
        if (strings.records.size() == nodes)
          return diags_.reject(codes::strings_malformed, path, base + at,
                      "Res10 holds more than one record per node (" + std::to_string(nodes) + " nodes); " +
                          std::to_string(size - at) + " bytes are left");
        auto length = in_.read_u32le(base + at);
        if (!length || size - at < 4)
          return diags_.reject(codes::strings_malformed, path + ".length", base + at,
                      "Res10 record header runs past the end of the " + std::to_string(size) + "-byte payload");
        const uint64_t text = *length ? uint64_t{*length} + 1 : 0;
        if (text > size - at - 4)
          return diags_.reject(codes::strings_malformed, path + ".length", base + at,
                      "Res10 record of length " + std::to_string(*length) + " runs past the end of the payload");
        const uint32_t owner = cov_.add_owner(path);
        cov_.mark(base + at, 4, owner, "length");
        StringRecord rec{*length, {}};
        if (text) {
          Bytes t = *in_.slice(base + at + 4, text);
          rec.text = SmallBytes(t);
          cov_.mark(base + at + 4, text, owner, "text");
          if (t.back() != std::byte{0})
            return diags_.reject(codes::string_not_terminated, path + ".text", base + at + 4 + text - 1,
                        "Res10 record of length " + std::to_string(*length) + " does not end with a NUL");
        }
        strings.records.push_back(std::move(rec));
        at += 4 + text;
      }
      if (strings.records.size() != nodes)
        return diags_.reject(codes::strings_malformed, "res10", base,
                    "Res10 holds " + std::to_string(strings.records.size()) + " records for " +
                        std::to_string(nodes) + " nodes");
      s.data = std::move(strings);
    }
    return true;
  }

  ByteReader in_;
  Diagnostics diags_;
  StreamPool* pool_;
  CoverageMap cov_;
  Model model_;
  uint64_t dir_ = 0;
};

}  // namespace

std::string stream_path(uint32_t type_id) {
  // Made for every stream's coverage owner: one string, no temporaries.
  std::array<char, 3 + 10> text{'r', 'e', 's'};
  char* end = std::to_chars(text.data() + 3, text.data() + text.size(), type_id).ptr;
  return std::string(text.data(), end);
}

bool is_model_archive(const nres::Archive& archive) {
  bool has_model_stream = false;
  for (const nres::Entry& e : archive.entries) {
    const uint64_t type = e.record.get(entry::type_id);
    if (type == 0 || type > kMaxCataloguedType || type == 11 || type == 14) return false;  // 11, 14: terrain
    if (const StreamType* t = find_stream_type(static_cast<uint32_t>(type)); t && t->required) has_model_stream = true;
  }
  return has_model_stream;
}

ParseResult parse_msh_archive(Bytes data, const nres::ParseResult& container, const ParseOptions& options) {
  return Parser(data, options).run(container);
}

ParseResult parse_msh(Bytes data, const ParseOptions& options) {
  // The model decodes its streams from `data`: the container need not copy its payloads.
  return parse_msh_archive(
      data, nres::parse_nres(data, {.profile = options.profile, .strict = options.strict, .copy_payloads = false}),
      options);
}

}  // namespace meshgate::msh
