#include "reports/html_text.hpp"

namespace meshgate {

std::string html_text(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '&') out += "&amp;";
    else out += c;
  }
  return out;
}
std::string script_json(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 16);
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '<') out += "\\u003c";
    else if (c == '>') out += "\\u003e";
    else if (c == '&') out += "\\u0026";
    else if (c == '\xE2' && text.substr(i + 1, 2) == "\x80\xA8") out += "\\u2028", i += 2;
    else if (c == '\xE2' && text.substr(i + 1, 2) == "\x80\xA9") out += "\\u2029", i += 2;
    else out += c;
  }
  return out;
}

std::string script_safe(std::string s) {
  for (size_t at = 0; (at = s.find("</", at)) != std::string::npos; at += 3) s.replace(at, 2, "<\\/");
  return s;
}

void fill_streamed(std::string_view text, const std::map<std::string, std::function<void()>>& values,
                   const std::function<void(std::string_view text)>& emit) {
  for (size_t at = 0;;) {
    const size_t open = text.find("@@", at);
    const size_t close = open == std::string_view::npos ? open : text.find("@@", open + 2);
    if (close == std::string_view::npos) return emit(text.substr(at));
    emit(text.substr(at, open - at));
    const auto it = values.find(std::string(text.substr(open + 2, close - open - 2)));
    if (it == values.end()) {
      emit("@@");
      at = open + 2;
      continue;
    }
    it->second();
    at = close + 2;
  }
}

std::string fill(std::string_view text, const std::map<std::string, std::string>& values) {
  std::map<std::string, std::function<void()>> producers;
  std::string out;
  for (const auto& [name, value] : values) producers[name] = [&out, &value = value] { out.append(value); };
  fill_streamed(text, producers, [&](std::string_view piece) { out.append(piece); });
  return out;
}

}  // namespace meshgate
