#include "pipeline/field_listing.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>
#include <cstdio>

#include "parser/core/hashing.hpp"
#include "pipeline/json_fields.hpp"

namespace meshgate {

using nlohmann::json;

json diagnostics_json(const std::vector<Diagnostic>& diagnostics) {
  json out = json::array();
  for (const Diagnostic& d : diagnostics)
    out.push_back({{"code", d.code},
                   {"severity", std::string(severity_name(d.severity))},
                   {"path", d.path},
                   {"offset", d.offset},
                   {"message", d.message}});
  return out;
}

json inspect_envelope(std::string_view format, Bytes data, bool parse_ok, const std::vector<Diagnostic>& diagnostics) {
  json out = {{"format", std::string(format)},
              {"size", data.size()},
              {"xxh3_64", xxh3_64_hex(data)},
              {"parse_ok", parse_ok},
              {"diagnostics", diagnostics_json(diagnostics)}};
  if (!parse_ok) {
    out["summary"] = nullptr;
    out["fields"] = json::array();
  }
  return out;
}

namespace {
uint64_t nonzero_bytes(const UncoveredRange& u, Bytes data) {
  uint64_t nz = 0;
  for (uint64_t p = u.begin; p < u.end && p < data.size(); ++p) nz += data[p] != std::byte{0};
  return nz;
}
}  // namespace

json coverage_json(const CoverageSummary& c, Bytes data) {
  uint64_t nonzero = 0;
  for (const UncoveredRange& u : c.uncovered) nonzero += nonzero_bytes(u, data);
  return {{"covered_bytes", c.covered_bytes},
          {"uncovered_bytes", c.uncovered_bytes},
          {"uncovered_nonzero_bytes", nonzero},
          {"overlaps", c.overlap_count}};
}

json uncovered_json(const UncoveredRange& u, Bytes data) {
  return {{"start", u.begin},
          {"end", u.end},
          {"length", u.end - u.begin},
          {"all_zero", nonzero_bytes(u, data) == 0},
          {"kind", std::string(gap_kind_name(u.kind))}};
}

}  // namespace meshgate
