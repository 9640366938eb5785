#include "change/png_conversion.hpp"

#include <cstdio>

#include "pipeline/format_rows.hpp"

namespace meshgate {

PngConversion convert_png(const AddressPath& path, Bytes png, const TextureEncodeOptions& options) {
  PngConversion out;
  if (path.levels.empty()) return out;
  const AddressLevel& member = path.levels.back();
  const AddressLevel* container = path.levels.size() >= 2 ? &path.levels[path.levels.size() - 2] : nullptr;
  // A member that is no file of its own is its container's to encode.
  if (const auto encode = container ? row_of(container->format).encode_member_png : nullptr) {
    out.applies = true;
    out.encoded = encode(Bytes(container->bytes), member.member, png, options);
  } else if (const auto encode_file = row_of(member.format).encode_png) {
    out.applies = true;
    out.encoded = encode_file(Bytes(member.bytes), png, options);
  }
  return out;
}

nlohmann::json conversion_json(const std::string& from, const EncodedTexture& e) {
  nlohmann::json levels = nlohmann::json::array();
  for (const LevelQuality& q : e.levels)
    levels.push_back({{"level", q.level}, {"width", q.width}, {"height", q.height}, {"channels", q.channels},
                      {"psnr_db", q.exact() ? nlohmann::json(nullptr) : nlohmann::json(q.psnr_db)}, {"exact", q.exact()}});
  return {{"from", from},          {"format", e.format},       {"encoder", e.encoder}, {"width", e.width},
          {"height", e.height},    {"mip_count", e.mip_count}, {"levels", levels}};
}

std::string conversion_summary(const std::string& from, const EncodedTexture& e) {
  std::string text = "converted " + from + " (" + std::to_string(e.width) + "x" + std::to_string(e.height) + ") to " +
                     e.format + " through " + e.encoder + ": " + std::to_string(e.mip_count) + " level" +
                     (e.mip_count == 1 ? "" : "s") + ", PSNR";
  for (const LevelQuality& q : e.levels) {
    char db[32];
    std::snprintf(db, sizeof db, " %.1f", q.psnr_db);
    text += q.exact() ? " exact" : db;
  }
  return text + " dB against the PNG and its box-filtered mips";
}

}  // namespace meshgate
