#include "pipeline/format_rows.hpp"

#include <array>

#include "parser/core/core_diagnostic_codes.hpp"
#include "pipeline/field_listing.hpp"
#include "pipeline/formats/row_parts.hpp"
#include "pipeline/formats/rows.hpp"

namespace meshgate {

namespace {

// Addresses, not copies: the rows live in their own files, and an address
// is a constant where a copy would depend on the order files initialise in.
const std::array<const FormatRow*, kFormatCount> kRows = {
#define FORMAT(id, name, magics, claims, frames, max_input_bytes, nres_type_id, row) &row,
#include "parser/detect/formats.def"
};

// A file no parser takes: what it is not, and nothing else.
void parse_unknown(ParsedFile& f, ParseContext&) {
  f.format = Format::unknown;
  f.tree_diagnostics.push_back({core_codes::unknown_format.code, Severity::error, "", 0,
                                "no format's magic or marker, nor its structure (expected " + known_magics_text() + ")"});
}

nlohmann::json inspect_unknown(const ParsedFile& f) {
  return inspect_envelope(format_name(Format::unknown), f.data, false, f.diagnostics());
}

}  // namespace

const FormatRow kUnknownRow{.format = Format::unknown,
                            .parse = parse_unknown,
                            .inflate_child = nullptr,
                            .write_back = nullptr,
                            .read_only_reason = nullptr,
                            .inspect = inspect_unknown,
                            .fields = nullptr,
                            .summary_text = no_summary,
                            .rebuild = nullptr,
                            .describe_mark = nullptr,
                            .export_gltf = nullptr,
                            .lods = 0,
                            .reads_looks = false,
                            .is_look = false};

std::span<const FormatRow* const> format_rows() { return kRows; }

const FormatRow& row_of(Format format) {
  for (const FormatRow* row : kRows)
    if (row->format == format) return *row;
  return kUnknownRow;  // the registry test keeps every Format in the table
}

CanonicalLayout written_layout(const std::string& path, const WriteResult& written) {
  CanonicalLayout out;
  if (!written.ok()) {
    const Diagnostic& d = *written.error;
    out.error = d.severity == Severity::error ? path + ": " + std::string(d.code) + ": " + d.message : path + ": rejected";
    return out;
  }
  out.bytes.assign(written.bytes.begin(), written.bytes.end());
  return out;
}

}  // namespace meshgate
