#include "reports/byte_map_picture.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>

#include "parser/core/utf8_text.hpp"
#include "reports/markdown_tables.hpp"
#include "writer/image/png_encode.hpp"

namespace meshgate {

namespace {

// Which class a cell of several bytes shows.
ByteClass telling_class(const std::array<uint64_t, kByteClassCount>& counts) {
  for (ByteClass c : {ByteClass::overlap, ByteClass::nonzero, ByteClass::unknown_status})
    if (counts[static_cast<size_t>(c)] > 0) return c;
  return static_cast<ByteClass>(std::max_element(counts.begin(), counts.end()) - counts.begin());
}

// Markup-escaped display text: XML 1.0 allows no C0 control character and no
// byte that is not UTF-8, so a file name holding one would make the picture
// unreadable; display_text spells them (\u001B, \xCC) first.
std::string xml_escape(const std::string& s) {
  std::string out;
  for (char c : display_text(s)) {
    if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '&') out += "&amp;";
    else if (c == '"') out += "&quot;";
    else out += c;
  }
  return out;
}

uint8_t hex_digit(char c) { return static_cast<uint8_t>(c <= '9' ? c - '0' : c - 'a' + 10); }
std::array<uint8_t, 3> rgb(ByteClass c) {
  const std::string_view h = byte_class_colour(c);  // "#rrggbb"
  return {static_cast<uint8_t>(hex_digit(h[1]) * 16 + hex_digit(h[2])),
          static_cast<uint8_t>(hex_digit(h[3]) * 16 + hex_digit(h[4])),
          static_cast<uint8_t>(hex_digit(h[5]) * 16 + hex_digit(h[6]))};
}

}  // namespace

ByteGrid byte_grid(const std::vector<ClassRun>& runs, uint64_t file_size, uint32_t columns) {
  ByteGrid g;
  g.columns = std::max<uint32_t>(1, columns);
  g.file_size = file_size;
  const uint64_t full_rows = (file_size + g.columns - 1) / g.columns;
  g.bytes_per_cell = std::max<uint64_t>(1, (full_rows + kMaxGridRows - 1) / kMaxGridRows);
  g.used_cells = (file_size + g.bytes_per_cell - 1) / g.bytes_per_cell;
  g.rows = (g.used_cells + g.columns - 1) / g.columns;
  g.cells.assign(g.rows * g.columns, ByteClass::padding);
  size_t run = 0;
  for (uint64_t cell = 0; cell < g.used_cells; ++cell) {
    const uint64_t begin = cell * g.bytes_per_cell, end = std::min(file_size, begin + g.bytes_per_cell);
    std::array<uint64_t, kByteClassCount> counts{};
    while (run < runs.size() && runs[run].end <= begin) ++run;
    for (size_t r = run; r < runs.size() && runs[r].begin < end; ++r)
      counts[static_cast<size_t>(runs[r].cls)] += std::min(end, runs[r].end) - std::max(begin, runs[r].begin);
    g.cells[cell] = telling_class(counts);
  }
  return g;
}

std::string byte_map_svg(const ByteGrid& g, const std::vector<ClassRun>& runs, const std::string& title) {
  const uint32_t cell = std::max<uint32_t>(1, 1024 / g.columns);
  const uint64_t width = uint64_t{g.columns} * cell, map_height = g.rows * cell;
  const auto totals = class_totals(runs);
  size_t legend_rows = 0;
  for (uint64_t t : totals) legend_rows += t > 0;
  const uint64_t height = map_height + 40 + 18 * legend_rows;
  std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(width + 20) + "\" height=\"" +
                    std::to_string(height + 20) + "\" font-family=\"sans-serif\" font-size=\"12\">\n";
  svg += "<title>" + xml_escape(title) + "</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
  svg += "<g transform=\"translate(10,10)\" shape-rendering=\"crispEdges\">\n";
  // One rect per run of equal cells in a row.
  for (uint64_t row = 0; row < g.rows; ++row) {
    uint64_t c = 0;
    while (c < g.columns) {
      const uint64_t index = row * g.columns + c;
      if (index >= g.used_cells) break;
      uint64_t e = c + 1;
      while (e < g.columns && row * g.columns + e < g.used_cells && g.cells[row * g.columns + e] == g.cells[index]) ++e;
      svg += "<rect x=\"" + std::to_string(c * cell) + "\" y=\"" + std::to_string(row * cell) + "\" width=\"" +
             std::to_string((e - c) * cell) + "\" height=\"" + std::to_string(cell) + "\" fill=\"" +
             std::string(byte_class_colour(g.cells[index])) + "\"/>\n";
      c = e;
    }
  }
  svg += "</g>\n";
  uint64_t y = map_height + 30;
  svg += "<text x=\"10\" y=\"" + std::to_string(y) + "\">" + xml_escape(title) + ": " + with_commas(g.file_size) + " bytes, " +
         std::to_string(g.columns * g.bytes_per_cell) + " bytes per row" +
         (g.bytes_per_cell > 1 ? ", " + std::to_string(g.bytes_per_cell) + " bytes per cell" : std::string()) + "</text>\n";
  for (size_t k = 0; k < kByteClassCount; ++k) {
    if (totals[k] == 0) continue;
    y += 18;
    const auto c = static_cast<ByteClass>(k);
    svg += "<rect x=\"10\" y=\"" + std::to_string(y - 11) + "\" width=\"12\" height=\"12\" fill=\"" +
           std::string(byte_class_colour(c)) + "\" stroke=\"#333\"/><text x=\"28\" y=\"" + std::to_string(y) + "\">" +
           std::string(byte_class_name(c)) + ": " + with_commas(totals[k]) + " bytes</text>\n";
  }
  svg += "</svg>\n";
  return svg;
}

std::vector<std::byte> byte_map_png(const ByteGrid& g, uint32_t scale) {
  scale = std::max<uint32_t>(1, scale);
  const uint64_t width = uint64_t{g.columns} * scale, height = std::max<uint64_t>(1, g.rows) * scale;
  if (width > 0x7FFFFFFFu || height > 0x7FFFFFFFu) throw std::runtime_error("the byte map is too large for a PNG");
  // The level zlib picks by default: byte maps are small and read in documents.
  return encode_png(
      static_cast<uint32_t>(width), static_cast<uint32_t>(height), PngChannels::rgb,
      [&](uint32_t y, std::span<uint8_t> row) {
        const uint64_t r = y / scale;
        for (uint64_t c = 0; c < g.columns; ++c) {
          const uint64_t index = r * g.columns + c;
          const std::array<uint8_t, 3> colour =
              index < g.used_cells ? rgb(g.cells[index]) : std::array<uint8_t, 3>{255, 255, 255};
          for (uint32_t s = 0; s < scale; ++s)
            std::copy(colour.begin(), colour.end(), row.begin() + static_cast<std::ptrdiff_t>((c * scale + s) * 3));
        }
      },
      6);
}

}  // namespace meshgate
