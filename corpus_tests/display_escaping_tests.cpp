// Names from files are text for people to read,
// never commands. display_text (and the stream guard made from it) writes
// control characters as \u00NN and bytes that are not UTF-8 as \xNN, so no
// ESC, BEL or CSI reaches a terminal; script_json keeps a page's embedded
// data from ending or disabling the page's script.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "parser/core/diagnostics.hpp"
#include "parser/core/utf8_text.hpp"
#include "reports/byte_map_picture.hpp"
#include "reports/display_stream.hpp"
#include "change/field_diff.hpp"
#include "reports/html_text.hpp"
#include "reports/markdown_tables.hpp"

namespace meshgate {
namespace {

// A window-title and clear-screen sequence, as an NRes name can carry it.
const std::string kHostileName = "A\x1b]0;pwned\x07\x1b[2J\xc2\x9b" "31m\x9b" "1m\x7f" "B.MSH";

// True when the text holds what a terminal acts on: a C0 byte (but the
// allowed line breaks), DEL, a C1 character (C2 80..9F), or any byte that is
// not part of valid UTF-8 (a lone 0x9B is CSI to an 8-bit terminal).
bool drives_terminal(std::string_view text, bool lines_allowed) {
  for (size_t i = 0; i < text.size(); ++i) {
    const auto b = static_cast<unsigned char>(text[i]);
    if (lines_allowed && (b == '\n' || b == '\t')) continue;
    if (b < 0x20 || b == 0x7F) return true;
    if (b == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) <= 0x9F) return true;
  }
  std::string no_backslashes(text);
  std::erase(no_backslashes, '\\');
  return utf8_or_escaped(no_backslashes) != no_backslashes;
}

TEST(DisplayText, ControlCharactersAreSpelledNotSent) {
  const std::string shown = display_text(kHostileName);
  EXPECT_FALSE(drives_terminal(shown, false)) << shown;
  EXPECT_EQ(shown, "A\\u001B]0;pwned\\u0007\\u001B[2J\\u009B31m\\x9B1m\\u007FB.MSH");
}

TEST(DisplayText, KeepsUtf8AndBackslashesAndIsIdempotent) {
  const std::string cyrillic = "\xd0\x9c\xd0\x9e\xd0\x94\xd0\x95\xd0\x9b\xd0\xac.MSH";  // МОДЕЛЬ: bytes 0x9C, 0x9E inside
  EXPECT_EQ(display_text(cyrillic), cyrillic);
  EXPECT_EQ(display_text("dir\\\\xCC\\name \xf0\x9f\x98\x80"), "dir\\\\xCC\\name \xf0\x9f\x98\x80");
  for (const std::string& t : {kHostileName, cyrillic, std::string("\xcc\xcc\n\t\r", 5)})
    EXPECT_EQ(display_text(display_text(t)), display_text(t));
  // Windows-1251 bytes are escaped just as utf8_or_escaped spells them.
  EXPECT_EQ(display_text("\xcc\xce\xc4"), utf8_or_escaped("\xcc\xce\xc4"));
}

TEST(DisplayText, LineBreaksOnlyWhenAsked) {
  EXPECT_EQ(display_text("a\nb\tc\r"), "a\\u000Ab\\u0009c\\u000D");
  EXPECT_EQ(display_text("a\nb\tc\r", LineBreaks::kept), "a\nb\tc\\u000D");
  EXPECT_EQ(display_text(std::string("a\0b", 3)), "a\\u0000b");
}

// A ZIP member's name may be 65,535 bytes: a message shows its head and its
// tail (the extension, the member) around "...", never cutting a character.
TEST(DisplayName, ALongNameIsCutInTheMiddleAndAShortOneIsWhole) {
  EXPECT_EQ(display_name(kHostileName), display_text(kHostileName));
  const std::string at_limit(kDisplayNameBytes, 'n');
  EXPECT_EQ(display_name(at_limit), at_limit);
  const std::string head = "vol.zip!d/", tail = "\xd0\x9c.mod";  // ends in М.mod
  const std::string name = head + std::string(65000, 'n') + "\xd0\x9c" "\xd0\x9c" + ".mod";
  const std::string shown = display_name(name);
  EXPECT_LE(shown.size(), kDisplayNameBytes + 3);
  EXPECT_TRUE(shown.starts_with(head)) << shown;
  EXPECT_TRUE(shown.ends_with(tail)) << shown;
  EXPECT_NE(shown.find("n...n"), std::string::npos) << shown;
  EXPECT_EQ(utf8_or_escaped(shown), shown) << "a character was cut";
  // The cut never splits a UTF-8 sequence, wherever it falls.
  for (size_t pad = 0; pad < 4; ++pad) {
    std::string cyrillic(pad, 'x');
    for (int i = 0; i < 200; ++i) cyrillic += "\xd0\x9c";
    EXPECT_EQ(utf8_or_escaped(display_name(cyrillic)), display_name(cyrillic)) << pad;
  }
  EXPECT_FALSE(drives_terminal(display_name(kHostileName + std::string(500, 'x') + kHostileName), false));
}

TEST(DisplayText, PiecesGiveTheSameTextAsTheWhole) {
  const std::string text = kHostileName + "\xd0\x9c\xe2\x82\xac\xf0\x9f\x98\x80\xe2\x82" "x\xf0\x9f";
  const std::string whole = display_text(text, LineBreaks::kept);
  for (size_t cut = 0; cut <= text.size(); ++cut) {
    std::string out, held;
    held = text.substr(0, cut);
    held.erase(0, append_display_text(out, held, LineBreaks::kept, true));
    EXPECT_LE(held.size(), 3u);
    held += text.substr(cut);
    append_display_text(out, held, LineBreaks::kept, false);
    EXPECT_EQ(out, whole) << "cut at " << cut;
  }
}

TEST(DisplayStream, NothingWrittenThroughItDrivesTheTerminal) {
  std::ostringstream sink;
  {
    DisplayStreambuf guard(sink.rdbuf());
    std::ostream out(&guard);
    out << "meshgate inspect: " << kHostileName << ": not a model\n";
    for (char c : std::string("byte by byte \xd0\x9c\x1b[2J\xc2\x9b\n")) out.put(c);
    out << "cut \xe2\x82";  // finished below: an incomplete sequence at the end is escaped, not lost
  }
  EXPECT_FALSE(drives_terminal(sink.str(), true)) << sink.str();
  EXPECT_EQ(sink.str(), "meshgate inspect: " + display_text(kHostileName) + ": not a model\nbyte by byte \xd0\x9c" +
                            "\\u001B[2J\\u009B\ncut \\xE2\\x82");
}

TEST(DisplayStream, LargeWritesAreCutWithoutSplittingACharacter) {
  for (size_t before : {65535u, 65534u, 65536u, 131071u}) {
    const std::string text = std::string(before, 'a') + "\xd0\x9c\xf0\x9f\x98\x80\x1b" + std::string(70000, 'b') + "\xe2\x82\xac";
    std::ostringstream sink;
    {
      DisplayStreambuf guard(sink.rdbuf());
      std::ostream out(&guard);
      out << text;
    }
    EXPECT_EQ(sink.str(), display_text(text, LineBreaks::kept)) << before;
  }
}

TEST(DisplayStream, JsonPassesAsValidJsonWithTheSameValues) {
  const nlohmann::json report = {{"path", kHostileName.substr(0, kHostileName.find("\x9b" "1m"))},
                                 {"entries", {{{"name", "\x7f\xc2\x85\xc2\x9f\xd0\x9c"}}}}};
  std::ostringstream sink;
  {
    DisplayStreambuf guard(sink.rdbuf());
    std::ostream out(&guard);
    out << report.dump(2) << "\n";
  }
  EXPECT_FALSE(drives_terminal(sink.str(), true)) << sink.str();
  EXPECT_EQ(nlohmann::json::parse(sink.str()), report);
}

TEST(DisplayLines, DiagnosticsDiffAndMarkdownAreOneLineOfText) {
  const Diagnostic d{"nres.entry", Severity::error, "entries[0].name", 16, "entry " + kHostileName + "\nforged: ok"};
  const std::string line = format_diagnostic("dir/" + kHostileName, d);
  EXPECT_FALSE(drives_terminal(line, false)) << line;

  FileDiff diff;
  diff.path_a = "x.rlb!" + kHostileName;
  diff.fields.push_back(FieldChange{"entries[0].name\n", 16, 16, nlohmann::json("a\x1b"), nlohmann::json("b\x07"), "PRESERVED"});
  const std::string text = file_diff_text(diff);
  EXPECT_FALSE(drives_terminal(text, true)) << text;
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1) << text;

  const nlohmann::json invariants = nlohmann::json::array(
      {{{"id", "x"}, {"description", "d|" + kHostileName}, {"holds", 1}, {"violated", 1},
        {"first_violation", {{"path", "a`b\n|" + kHostileName}, {"offset", 4}}}}});
  const std::string md = invariant_table_markdown(invariants);
  EXPECT_FALSE(drives_terminal(md, true)) << md;
  EXPECT_EQ(std::count(md.begin(), md.end(), '\n'), 3) << md;  // header, rule, one row
  EXPECT_NE(md.find("`` a`b\\u000A\\|A\\u001B"), std::string::npos) << md;
}

TEST(DisplayLines, ByteMapPictureNamesItsFileAsText) {
  // XML 1.0 allows no C0 character and no byte that is not UTF-8: the file's name is display text in the SVG.
  const ByteGrid grid = byte_grid({{0, 100, ByteClass::padding}}, 100, 64);
  const std::string svg = byte_map_svg(grid, {{0, 100, ByteClass::padding}}, "<b>" + kHostileName);
  EXPECT_FALSE(drives_terminal(svg, true)) << svg;
  EXPECT_NE(svg.find("<title>&lt;b&gt;A\\u001B]0;pwned"), std::string::npos) << svg.substr(0, 400);
}

TEST(ScriptJson, NoMarkupLeftAndTheSameValues) {
  for (const std::string name : {"<!--<script>", "</script><script>alert(1)</script>", "<!-- -->&amp;<\xe2\x80\xa8\xe2\x80\xa9",
                                 "</SCRIPT", "a]]><b>"}) {
    const nlohmann::json data = {{"name", name}, {"nodes", {name, "\\<"}}};
    const std::string embedded = script_json(data.dump());
    EXPECT_EQ(embedded.find_first_of("<>&"), std::string::npos) << embedded;
    EXPECT_EQ(embedded.find("\xe2\x80\xa8"), std::string::npos) << embedded;
    EXPECT_EQ(embedded.find("\xe2\x80\xa9"), std::string::npos) << embedded;
    EXPECT_EQ(nlohmann::json::parse(embedded), data) << embedded;
  }
  EXPECT_EQ(script_json(R"({"a":"<!--<script>"})"), R"({"a":"\u003c!--\u003cscript\u003e"})");
}

}  // namespace
}  // namespace meshgate
