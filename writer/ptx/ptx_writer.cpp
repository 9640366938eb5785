#include "writer/ptx/ptx_writer.hpp"

#include "writer/core/output_image.hpp"

namespace meshgate::ptx {

namespace {

template <typename R>
bool emit_record(OutputImage& out, uint64_t& at, const R& record, const std::string& path) {
  const bool ok = out.emit(at, R::kSize, path, [&](std::span<std::byte> dst) { record.encode(dst); });
  at += R::kSize;
  return ok;
}

bool emit_run(OutputImage& out, uint64_t& at, const std::vector<std::byte>& bytes, const std::string& path) {
  const bool ok = bytes.empty() || out.emit_bytes(at, bytes, path);
  at += bytes.size();
  return ok;
}

bool emit_entry(OutputImage& out, uint64_t& at, const Entry& e, const std::string& path) {
  const bool head = e.framing == Framing::tm2 ? emit_record(out, at, e.tm2, path + ".head")
                                              : emit_record(out, at, e.object, path + ".head");
  bool ok = head && emit_run(out, at, e.pre_dds, path + ".pre_dds");
  if (ok && e.dds) {
    ok = emit_record(out, at, e.dds->header, path + ".dds") && emit_run(out, at, e.dds->payload, path + ".dds.payload");
  }
  return ok && emit_run(out, at, e.padding, path + ".padding");
}

}  // namespace

WriteResult write_ptx(const Companion& c, const PartObserver* observer) {
  OutputImage out(c.byte_size(), observer);
  uint64_t at = 0;
  bool ok = emit_record(out, at, c.header, "header");
  for (size_t i = 0; ok && i < c.block_counts.size(); ++i)
    ok = emit_record(out, at, c.block_counts[i], "block_counts[" + std::to_string(i) + "]");
  ok = ok && emit_run(out, at, c.header_rest, "header_rest");
  for (size_t i = 0; ok && i < c.entries.size(); ++i)
    ok = emit_entry(out, at, c.entries[i], "entries[" + std::to_string(i) + "]");
  ok = ok && emit_run(out, at, c.trailing, "trailing");
  WriteResult result;
  result.error = out.finish();
  if (!result.error) result.bytes = out.take();
  return result;
}

}  // namespace meshgate::ptx
