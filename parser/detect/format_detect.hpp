// Which format a file is, by its magic bytes (never by its name), and how
// large a file of that format may be before meshgate refuses to read it.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "parser/core/byte_reader.hpp"
#include "parser/core/magic.hpp"

namespace meshgate {

// nres_msh is never returned by detect_format (a model is an NRes archive whose
// streams are model types, known only after the container is parsed).
// dmc3_pac / dmc3_pnst: the relative-slot containers (parser/pac/), by magic.
// zip_volume: an NBZ volume or a ZIP archive (parser/zip/), read-only.
// nikita_texm: a Texm texture (parser/texm/), loose or an entry of Textures.lib.
// dmc3_mot: a DMC3 motion (parser/mot/), loose or a PAC member, by its marker
// at +4 or, without it, its header arithmetic.
// dmc3_ptx: a DMC3 texture companion (parser/ptx/), loose or a PAC member, by
// its first entry or, when that does not frame, its header's count table.
// nikita_mat0 / nikita_wear: a material or a WEAR table, which have no magic:
// never detected from bytes, only from their NRes entry's type (parse_tree).
// The enumerators are the ids of formats.def, in its order.
enum class Format {
#define FORMAT(id, ...) id,
#include "parser/detect/formats.def"
};
// The magics of a format that has none (formats.def).
inline constexpr std::span<const Magic> kNoMagics{};
inline constexpr size_t kFormatCount = 0
#define FORMAT(...) +1
#include "parser/detect/formats.def"
    ;

// What names a format and tells its files from their first bytes: its line
// of formats.def (the row it names, what meshgate does with a parsed file,
// is in pipeline/format_rows.hpp). One per Format, in formats.def's order,
// which is the detection order: the first whose `claims` holds names a file.
struct FormatIdentity {
  Format format;
  std::string_view name;         // in every report ("dmc3-mod")
  std::span<const Magic> magics;  // what `claims` looks for; empty: none
  bool (*claims)(Bytes prefix);  // by magic or marker; nullptr: never told from bytes (known from its container)
  bool (*frames)(Bytes prefix);  // by structure, when nothing claims a file; nullptr: never
  uint64_t max_input_bytes;      // default_max_input_bytes
  // The NRes entry type that names a file of this format whatever its bytes
  // (a resource without a magic: MAT0, WEAR); 0: none.
  uint32_t nres_type_id = 0;
};
[[nodiscard]] std::span<const FormatIdentity> format_identities();
[[nodiscard]] const FormatIdentity& identity_of(Format f);

// The first format whose magic claims the file or, when none does, the first
// whose structure it has (formats.def); unknown when neither.
[[nodiscard]] Format detect_format(Bytes prefix);
// The format an NRes entry's type names (MAT0, WEAR), if any.
[[nodiscard]] std::optional<Format> format_of_entry_type(uint32_t nres_type_id);
// Every magic and marker of formats.def, as core.unknown-format's message
// lists them: "\"MOD \" at 0x0, ..., or \"DDS \" at 0x870".
[[nodiscard]] std::string known_magics_text();
[[nodiscard]] std::string_view format_name(Format f);
// Whether an NRes file that a profile rejected (a strict sort table) is still
// an MSH model: its container parses under the compatible profile and its
// streams are model types. Reports then call it nres-msh, not nres.
[[nodiscard]] bool is_rejected_model(Bytes data);
// The first bytes detection reads: eight tell a PNST container from a text
// file that begins with the word PNST (pac::container_kind); a PTX companion,
// which has no magic, is told by its first entry at 0x800 (0x874 bytes).
inline constexpr size_t kMagicProbeBytes = 0x874;

// The largest file of a format meshgate reads (checked from fstat, before a
// byte is read), so a huge or sparse file costs neither memory nor time:
// - NRes / MSH / RsLi: 256 MiB, the allocation limit of spec §1.7 item 12;
// - DMC3 MOD: 64 MiB; retail models are under 1 MiB, and every offset the
//   header and records hold is a u32, but a larger file is not a model;
// - PAC / PNST containers: 256 MiB (they hold many models; retail ones are
//   16 B to 2.4 MB);
// - Texm textures: 384 MiB (a full chain of the 8,192-pixel limit in 4 bytes);
// - PTX companions: 512 MiB (retail sets hold 14-17 images of a few hundred KB);
// - NBZ/ZIP volumes: 4 GiB (read whole; members inflate one at a time under
//   their own format's limit);
// - unknown magic: 64 MiB (it is reported as unknown, not parsed).
// `--max-size` replaces all of them for one run.
[[nodiscard]] uint64_t default_max_input_bytes(Format f);
inline constexpr uint64_t kMaxUnknownInputBytes = uint64_t{64} << 20;  // reported as unknown, never parsed

// What one input file may cost in all, whatever its nesting (a volume in a
// volume, a container in a container): limits per level would multiply, so a
// few kilobytes could buy gigabytes. Every level of one input's tree draws on
// one budget:
// - bytes inflated or decoded: volume members, and the peeks that tell their
//   format (a bzip2 peek decodes a whole block). Everything a tree holds at
//   once was inflated from it, so memory stays within the input plus this;
// - files below the input (entries, slots and members descended into).
inline constexpr uint64_t kMaxInflatedPerInput = uint64_t{4} << 30;
inline constexpr uint64_t kMaxNestedFilesPerInput = 1'000'000;

struct SizeLimits {
  std::optional<uint64_t> override_bytes = std::nullopt;  // --max-size
  uint64_t inflated_bytes = kMaxInflatedPerInput;   // --max-inflated
  uint64_t nested_files = kMaxNestedFilesPerInput;  // --max-nested
  [[nodiscard]] uint64_t for_format(Format f) const { return override_bytes.value_or(default_max_input_bytes(f)); }
};

}  // namespace meshgate
