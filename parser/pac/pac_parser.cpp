#include "parser/pac/pac_parser.hpp"

#include <algorithm>
#include <cstdio>

#include "parser/core/checked_math.hpp"
#include "parser/core/record_reader.hpp"
#include "parser/mod/mod_parser.hpp"
#include "parser/pac/pac_diagnostic_codes.hpp"

namespace meshgate::pac {

namespace {


bool is_text_byte(std::byte b) {
  const auto c = std::to_integer<unsigned>(b);
  return c == 0x09 || c == 0x0A || c == 0x0D || (c >= 0x20 && c <= 0x7E);
}

class Parser {
 public:
  Parser(Bytes data, const ParseOptions& options) : in_(data), options_(options), diags_(options.strict) {}

  ParseResult run() {
    ParseResult result;
    if (parse_header() && parse_table() && derive_members()) finish(result);
    result.diagnostics = diags_.take();
    if (!diags_.has_error()) result.container = std::move(container_);
    result.coverage_map = std::move(cov_);
    return result;
  }

 private:
  bool fail(const DiagnosticCode& code, std::string path, uint64_t offset, std::string message) {
    return diags_.reject(code, std::move(path), offset, std::move(message));
  }
  bool warn(const DiagnosticCode& code, std::string path, uint64_t offset, std::string message) {
    return diags_.warn(code, std::move(path), offset, std::move(message));
  }
  static std::string slot_path(size_t k) { return "slots[" + std::to_string(k) + "].offset"; }
  static uint64_t slot_field_offset(size_t k) { return kHeaderSpec.size + k * uint64_t{kSlotSpec.size}; }

  bool parse_header() {
    const uint32_t owner = cov_.add_owner("header");
    if (in_.size() < kHeaderSpec.size)
      return fail(codes::truncated_header, "header", in_.size(),
                  "file is " + std::to_string(in_.size()) + " bytes, shorter than the 8-byte container header");
    (void)read_record(in_, 0, owner, cov_, container_.header);  // size checked above
    container_.file_size = in_.size();
    const Bytes magic = container_.header.raw(hdr::magic);
    if (std::equal(kPacMagic.begin(), kPacMagic.end(), magic.begin())) container_.kind = Kind::pac;
    else if (std::equal(kPnstMagic.begin(), kPnstMagic.end(), magic.begin())) container_.kind = Kind::pnst;
    else return fail(codes::bad_magic, "header.magic", 0, "magic is neither \"PAC\\0\" nor \"PNST\"");
    count_ = container_.header.get(hdr::slot_count);
    const uint64_t at = kHeaderSpec.fields[hdr::slot_count].offset;
    // Checked before the table is read or anything is sized by it.
    if (count_ > kMaxSlots)
      return fail(codes::slot_limit, "header.slot_count", at,
                  std::to_string(count_) + " slots exceed the tool limit of " + std::to_string(kMaxSlots) +
                      " (the largest real table has 415)");
    if (table_end(count_) > in_.size())
      return fail(codes::table_out_of_bounds, "header.slot_count", at,
                  std::to_string(count_) + " slots need a " + std::to_string(table_end(count_)) +
                      "-byte header and table; the file is " + std::to_string(in_.size()) + " bytes");
    return true;
  }

  bool parse_table() {
    const uint64_t end = table_end(count_);
    const uint32_t owner = cov_.add_record_table_owner("slots", kHeaderSpec.size, kSlotSpec.size, kSlotSpec.fields);
    cov_.mark_records(kHeaderSpec.size, count_, owner);
    container_.slots.reserve(static_cast<size_t>(count_));
    const Bytes table = *in_.slice(kHeaderSpec.size, count_ * kSlotSpec.size);  // fits: checked by parse_header
    for (size_t k = 0; k < count_; ++k) {
      const SlotRecord& s = container_.slots.emplace_back(table.subspan(k * kSlotSpec.size, kSlotSpec.size));
      const uint64_t offset = s.get(slot::offset);
      if (offset == 0) continue;  // an empty slot, kept
      if (offset < end)
        return fail(codes::offset_into_table, slot_path(k), slot_field_offset(k),
                    "slot " + std::to_string(k) + " offset " + hex_offset(offset) +
                        " points into the header and slot table [0, " + hex_offset(end) + ")");
      if (offset >= in_.size())
        return fail(codes::offset_out_of_bounds, slot_path(k), slot_field_offset(k),
                    "slot " + std::to_string(k) + " offset " + hex_offset(offset) + " is not inside the " +
                        std::to_string(in_.size()) + "-byte container");
    }
    return true;
  }

  // Distinct non-zero offsets, ascending; each extent to the next one or EOF.
  bool derive_members() {
    std::vector<std::pair<uint64_t, uint32_t>> order;  // (offset, slot)
    order.reserve(container_.slots.size());
    for (size_t k = 0; k < container_.slots.size(); ++k)
      if (const uint64_t o = container_.slots[k].get(slot::offset); o != 0) order.emplace_back(o, static_cast<uint32_t>(k));
    std::sort(order.begin(), order.end());
    size_t shared = 0, first_shared = 0;
    for (const auto& [offset, k] : order) {
      if (!container_.members.empty() && container_.members.back().offset == offset) {
        if (shared++ == 0) first_shared = k;
        container_.members.back().slots.push_back(k);
        continue;
      }
      container_.members.push_back(Member{offset, 0, {k}, MemberKind::opaque, {}});
    }
    for (size_t m = 0; m < container_.members.size(); ++m) {
      Member& member = container_.members[m];
      const uint64_t next = m + 1 < container_.members.size() ? container_.members[m + 1].offset : in_.size();
      member.extent = next - member.offset;
      const Bytes bytes = *in_.slice(member.offset, member.extent);  // inside: checked by parse_table
      member.kind = classify_member(bytes);
      if (options_.copy_members) member.bytes.assign(bytes.begin(), bytes.end());
      cov_.mark(member.offset, member.extent, cov_.add_owner({"slots[", std::to_string(member.slots.front()), "]"}),
                "member");
    }
    if (shared > 0 &&
        !warn(codes::shared_extent, slot_path(first_shared), slot_field_offset(first_shared),
              "slot " + std::to_string(first_shared) + " holds the offset of an earlier slot: " +
                  std::to_string(shared) + " slot(s) share another slot's member (kept as shared extents)"))
      return false;
    return true;
  }

  // Bytes after the table that no member claims (before the first member, or
  // after the table of a container with no member): kept exactly as gaps.
  void finish(ParseResult& result) {
    result.coverage = cov_.summarize(in_.size());
    container_.gaps = collect_gaps(result.coverage, in_.bytes());
    for (const Gap& g : container_.gaps) {
      if (g.all_zero()) continue;
      warn(codes::unclaimed_bytes, "unclaimed", g.offset,
           "[" + hex_offset(g.offset) + ", " + hex_offset(g.offset + g.bytes.size()) +
               ") holds non-zero bytes no member's extent claims; kept");
      break;
    }
  }

  ByteReader in_;
  ParseOptions options_;
  Diagnostics diags_;
  CoverageMap cov_;
  Container container_;
  uint64_t count_ = 0;
};

}  // namespace

std::string_view member_kind_name(MemberKind k) {
  switch (k) {
    case MemberKind::mod: return "mod";
    case MemberKind::pac: return "pac";
    case MemberKind::pnst: return "pnst";
    case MemberKind::opaque: return "opaque";
  }
  return "opaque";
}

std::string slot_name(uint32_t slot) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "slot_%04u", slot);
  return buf;
}

std::optional<Kind> container_kind(Bytes prefix) {
  if (prefix.size() < 4) return std::nullopt;
  std::optional<Kind> kind;
  if (has_magic(prefix, kPacMagics[0])) kind = Kind::pac;
  else if (has_magic(prefix, kPnstMagics[0])) kind = Kind::pnst;
  if (!kind) return std::nullopt;
  const Bytes rest = prefix.subspan(4, std::min<size_t>(prefix.size() - 4, 4));
  if (!rest.empty() && std::all_of(rest.begin(), rest.end(), is_text_byte)) return std::nullopt;
  return kind;
}

MemberKind classify_member(Bytes member) {
  if (mod::looks_like_mod(member)) return MemberKind::mod;
  if (const auto k = container_kind(member.first(std::min<size_t>(member.size(), 8))))
    return *k == Kind::pac ? MemberKind::pac : MemberKind::pnst;
  return MemberKind::opaque;
}

ParseResult parse_pac(Bytes data, const ParseOptions& options) { return Parser(data, options).run(); }

void attach_members(Container& container, Bytes data) {
  for (Member& m : container.members) {
    const Bytes bytes = data.subspan(static_cast<size_t>(m.offset), static_cast<size_t>(m.extent));  // validated by the parse
    m.bytes.assign(bytes.begin(), bytes.end());
  }
}

}  // namespace meshgate::pac
