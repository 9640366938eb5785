#include "reports/display_stream.hpp"

#include "parser/core/utf8_text.hpp"

namespace meshgate {

bool DisplayStreambuf::pass(std::string_view piece, bool more) {
  // In slices: a 100 MB JSON report costs one slice's copy, not another 100 MB.
  constexpr size_t kSlice = 64 * 1024;
  std::string out;
  do {
    const std::string_view slice = piece.substr(0, kSlice);
    piece.remove_prefix(slice.size());
    const bool last = piece.empty();
    held_.append(slice);
    out.clear();
    held_.erase(0, append_display_text(out, held_, LineBreaks::kept, more || !last));
    if (target_->sputn(out.data(), static_cast<std::streamsize>(out.size())) != static_cast<std::streamsize>(out.size()))
      return false;
  } while (!piece.empty());
  return true;
}

void DisplayStreambuf::finish() {
  if (!held_.empty()) pass({}, false);
  target_->pubsync();
}

DisplayStreambuf::int_type DisplayStreambuf::overflow(int_type c) {
  if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
  const char byte = traits_type::to_char_type(c);
  return pass(std::string_view(&byte, 1), true) ? c : traits_type::eof();
}

std::streamsize DisplayStreambuf::xsputn(const char* s, std::streamsize n) {
  return pass(std::string_view(s, static_cast<size_t>(n)), true) ? n : 0;
}

}  // namespace meshgate
