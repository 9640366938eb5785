#include "parser/pac/pac_kaitai.hpp"

#include "parser/pac/pac_fields.hpp"

namespace meshgate::pac {

ksy::Spec kaitai_spec() {
  ksy::Spec s = ksy::spec_named(
      "dmc3_pac", "DMC3 HD PAC/PNST container", "dmc3-pac", "pac",
      "Devil May Cry 3 HD (PC) relative-slot container, PAC\\0 or PNST: a header and a table of u32 member offsets "
      "relative to the container's first byte (docs/spec/dmc3-containers.md §1).");
  s.root.seq = {ksy::attr("header", std::string(kHeaderSpec.name), "magic and slot count"),
                ksy::attr("slots", std::string(kSlotSpec.name), "one offset per slot; 0 is an empty slot",
                          "header.slot_count")};
  s.types = {ksy::record_type(kHeaderSpec, "The container header."),
             ksy::record_type(kSlotSpec, "A slot: its member's offset, or 0.")};
  s.unread = {"slots[].member"};
  s.not_expressed = {
      "a member's extent: it runs to the next larger distinct offset or the end of the container (no size field), "
      "so the .ksy reads the table, not the members (slots[].member in meshgate)",
      "the magic is PAC\\0 or PNST; offsets point after the table and inside the container; slots sharing an "
      "offset share a member",
      "the bytes between the table and the first member, and a member's own format (MOD, PTX, MOT, SCM or a "
      "nested PAC, told by its bytes)",
  };
  return s;
}

}  // namespace meshgate::pac
