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

// Text for a human to read on a terminal (or in a Markdown document): names
// from files and archives may hold ESC, BEL or CSI, and printed raw they
// retitle the window, clear the screen or forge lines. display_text keeps
// valid UTF-8 and writes every control character, C0 (U+0000..U+001F), DEL
// and C1 (U+0080..U+009F), as \u00NN, and every byte that is not UTF-8 (a
// lone 0x9B included) as \xNN: a character is \u, a byte is \x. Backslashes
// are kept as they are, so text already spelled by utf8_or_escaped reads the
// same and display_text(display_text(t)) == display_text(t). The \u spelling
// is also a JSON escape: JSON passed through stays valid JSON with the same
// values. With LineBreaks::kept, '\n' and '\t' pass (whole multi-line blocks).
enum class LineBreaks { escaped, kept };
[[nodiscard]] std::string display_text(std::string_view text, LineBreaks breaks = LineBreaks::escaped);

// At most `max_bytes` of `text` for a message, with how much was left out
// ("yyyy... (100 bytes)"): a 200 MB bad value is not echoed whole. Never
// cuts inside a UTF-8 sequence.
[[nodiscard]] std::string cut_text(std::string_view text, size_t max_bytes = 64);

// A name (a path, a member's name) as a message shows it: display_text, and
// a name over `max_bytes` cut in the middle to its head and tail around
// "...", so one line never grows with a name from a file (a ZIP member's name
// may be 65,535 bytes) and the end, the part that tells names apart (an
// extension, a member), stays. Names up to `max_bytes` are shown whole.
inline constexpr size_t kDisplayNameBytes = 200;
[[nodiscard]] std::string display_name(std::string_view name, size_t max_bytes = kDisplayNameBytes);

// display_text for text that arrives in pieces (a stream): appends the display
// form of `text` to `out` and returns how many bytes of it were used. With
// `more` set, an incomplete UTF-8 sequence at the end is left unused, to be
// passed again at the front of the next piece; without it, it is escaped.
size_t append_display_text(std::string& out, std::string_view text, LineBreaks breaks, bool more);

}  // namespace meshgate
