// Names that reach reports as text (file paths, NRes entry names) are bytes
// from the user's disk and from game archives, often Windows-1251, not UTF-8;
// JSON must be UTF-8, and nlohmann::json refuses (throws) on anything else.
// utf8_or_escaped keeps every valid UTF-8 sequence as it is and writes each
// byte of an invalid one as the four characters \xNN: one fixed spelling per
// name, so a manifest written today and a sweep run tomorrow still agree.
// A backslash is written "\\", so every backslash in the result starts an
// escape and no two names share a spelling (a file literally named "\xCC"
// is "\\xCC", the byte 0xCC is "\xCC"). Bytes in `also_escaped` (ASCII) are
// written \xNN too: report paths escape "!", which only nesting may produce.
#pragma once

#include <string>
#include <string_view>

namespace meshgate {

[[nodiscard]] std::string utf8_or_escaped(std::string_view bytes, std::string_view also_escaped = {});

}  // namespace meshgate
