// One volume rewrite as a process, for ci/bench.sh to time against `cp` of
// the same volume (issue 49: replacing a 100 KB member of a 500 MB volume
// costs at most 1.5x the copy, medians): the volume streamed from its file
// (writer/zip/zip_rewrite.hpp, FileSource), the new member read whole, the
// output written atomically (flushed to disk) as every meshgate output is.
// Usage: zip_rewrite_bench VOLUME MEMBER NEWFILE OUT
#include <cstdio>
#include <fstream>
#include <iterator>

#include "writer/core/atomic_file.hpp"
#include "writer/zip/zip_rewrite.hpp"

int main(int argc, char** argv) {
  using namespace meshgate;
  if (argc != 5) {
    std::fprintf(stderr, "usage: zip_rewrite_bench VOLUME MEMBER NEWFILE OUT\n");
    return 2;
  }
  std::ifstream in(argv[3], std::ios::binary);
  const std::vector<char> text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto* first = reinterpret_cast<const std::byte*>(text.data());
  platform::ReadOnlyFile file(argv[1]);
  if (!file.is_open() || !in) {
    std::fprintf(stderr, "zip_rewrite_bench: cannot read %s or %s\n", argv[1], argv[3]);
    return 2;
  }
  zip::FileSource source(file);
  auto planned = zip::plan_rewrite(source, {{zip::EditKind::replace, argv[2], {first, first + text.size()}}});
  if (!planned.rewrite) {
    std::fprintf(stderr, "zip_rewrite_bench: %s: %s\n", planned.problem->path.c_str(), planned.problem->message.c_str());
    return 1;
  }
  const auto written = write_file_atomically(argv[4], [&](std::ostream& out) { (void)zip::write_rewrite(*planned.rewrite, source, out); });
  if (!written.ok) {
    std::fprintf(stderr, "zip_rewrite_bench: %s\n", written.error.c_str());
    return 1;
  }
  return 0;
}
