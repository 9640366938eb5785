// The terminal's last guard: every byte meshgate prints through std::cout and
// std::cerr passes display_text (parser/core/utf8_text.hpp), so no name from
// a file, an archive or a directory listing — wherever a message puts it, a
// library's exception text and CLI11's echo of the arguments included — can
// send ESC, BEL or CSI to the terminal. Lines and tabs pass; JSON stays valid
// (control characters become \u00NN, which nlohmann never leaves raw anyway).
// printf-style output (stdio) is not covered: those sites escape their names.
#pragma once

#include <iostream>
#include <streambuf>
#include <string>

namespace meshgate {

// A streambuf that writes the display form of what it is given to `target`,
// unbuffered (so it interleaves with stdio as the stream it replaces did),
// holding back only an incomplete UTF-8 sequence (at most 3 bytes).
class DisplayStreambuf : public std::streambuf {
 public:
  explicit DisplayStreambuf(std::streambuf* target) : target_(target) {}
  DisplayStreambuf(const DisplayStreambuf&) = delete;
  DisplayStreambuf& operator=(const DisplayStreambuf&) = delete;
  ~DisplayStreambuf() override { finish(); }
  // Writes what is held back (escaped: nothing will complete it) and flushes.
  void finish();

 protected:
  int_type overflow(int_type c) override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;
  int sync() override { return target_->pubsync(); }

 private:
  bool pass(std::string_view piece, bool more);
  std::streambuf* target_;
  std::string held_;
};

// Installs a DisplayStreambuf on std::cout and std::cerr for its lifetime.
class DisplayGuard {
 public:
  DisplayGuard() {
    std::cout.rdbuf(&out_);
    std::cerr.rdbuf(&err_);
  }
  DisplayGuard(const DisplayGuard&) = delete;
  DisplayGuard& operator=(const DisplayGuard&) = delete;
  ~DisplayGuard() {
    out_.finish();
    err_.finish();
    std::cout.rdbuf(original_out_);
    std::cerr.rdbuf(original_err_);
  }

 private:
  std::streambuf* original_out_ = std::cout.rdbuf();
  std::streambuf* original_err_ = std::cerr.rdbuf();
  DisplayStreambuf out_{original_out_}, err_{original_err_};
};

}  // namespace meshgate
