// Text placed into the self-contained HTML pages (the model viewer, the
// evidence report): escaped so it cannot end an element early, and page
// templates filled in one pass.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>

namespace meshgate {

// <, > and & as entities: text inside HTML elements.
[[nodiscard]] std::string html_text(const std::string& s);
// JSON text placed inside a <script> element: every data block a page embeds
// goes through here. <, > and & become \u003c, \u003e and \u0026 and the line
// separators U+2028/U+2029 \u2028/\u2029: the same values to JSON.parse, and
// no "</script", "<!--" or "<script" left for the HTML parser to act on (a
// node named "<!--<script>" otherwise puts it into the script's double-escaped
// state, and the page's own script never runs). Valid because in JSON text
// these characters can only stand inside strings.
[[nodiscard]] std::string script_json(std::string_view json);
// Script source code inside <script> (three.js, read from the system, not from
// a model): "</" becomes "<\/". Never for data: use script_json.
[[nodiscard]] std::string script_safe(std::string s);
// The template with each @@NAME@@ replaced, in one pass: no inserted text is
// ever scanned for markers; an unknown @@NAME@@ is kept as written.
[[nodiscard]] std::string fill(std::string_view text, const std::map<std::string, std::string>& values);
// fill(), writing as it goes: each known @@NAME@@ is replaced by whatever its
// function hands to `emit`, so a page need never be held whole.
void fill_streamed(std::string_view text, const std::map<std::string, std::function<void()>>& values,
                   const std::function<void(std::string_view text)>& emit);

}  // namespace meshgate
