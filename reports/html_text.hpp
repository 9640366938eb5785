// Text placed into the self-contained HTML pages (the model viewer, the
// evidence report): escaped so it cannot end an element early, and page
// templates filled in one pass.
#pragma once

#include <map>
#include <string>
#include <string_view>

namespace meshgate {

// <, > and & as entities: text inside HTML elements.
[[nodiscard]] std::string html_text(const std::string& s);
// JSON or script text inside <script>: "</" becomes "<\/" (the same string to JSON and JS).
[[nodiscard]] std::string script_safe(std::string s);
// The template with each @@NAME@@ replaced, in one pass: no inserted text is
// ever scanned for markers; an unknown @@NAME@@ is kept as written.
[[nodiscard]] std::string fill(std::string_view text, const std::map<std::string, std::string>& values);

}  // namespace meshgate
