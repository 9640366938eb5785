#include "writer/pac/pac_writer.hpp"

#include "parser/mod/mod_parser.hpp"
#include "writer/core/output_image.hpp"
#include "writer/mod/mod_writer.hpp"

namespace meshgate::pac {

WriteResult write_pac(const Container& c, const PartObserver* observer) {
  OutputImage out(c.file_size, observer);
  bool ok = out.emit(0, kHeaderSpec.size, "header", [&](std::span<std::byte> dst) { c.header.encode(dst); });
  if (ok)
    ok = out.emit(kHeaderSpec.size, c.slots.size() * uint64_t{kSlotSpec.size}, "slots", [&](std::span<std::byte> dst) {
      for (size_t k = 0; k < c.slots.size(); ++k) c.slots[k].encode(dst.subspan(k * kSlotSpec.size, kSlotSpec.size));
    });
  for (size_t m = 0; ok && m < c.members.size(); ++m) {
    const Member& member = c.members[m];
    auto path = [&] { return "slots[" + std::to_string(member.slots.front()) + "].member"; };
    if (member.kind == MemberKind::mod) {
      const mod::ParseResult parsed = mod::parse_mod(member.bytes, {.container_member = true});
      if (parsed.ok()) {
        WriteResult written = mod::write_mod(*parsed.model);
        if (written.ok()) {
          ok = out.emit_bytes(member.offset, Bytes(written.bytes.data(), written.bytes.size()), path);
          continue;
        }
      }
    }
    ok = out.emit_bytes(member.offset, member.bytes, path);
  }
  for (size_t g = 0; ok && g < c.gaps.size(); ++g) ok = out.emit_bytes(c.gaps[g].offset, c.gaps[g].bytes, "gap");
  WriteResult result;
  result.error = out.finish();
  if (!result.error) result.bytes = out.take();
  return result;
}

}  // namespace meshgate::pac
