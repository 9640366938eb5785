// Checks a JSON document against one of meshgate's own JSON Schemas (the
// files in pipeline/schema/, compiled in). Debian ships no C++ JSON Schema
// validator, so this implements the keywords those schemas use — type,
// const, enum, required, properties, additionalProperties (false or a
// schema), items, minItems, maxItems, uniqueItems, minimum, minLength,
// pattern, not, oneOf, and $ref into the schema's own $defs — and refuses a schema that
// uses any other (so a schema edit cannot silently weaken a check). The
// tests run Python's jsonschema over the same documents to keep them honest.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace meshgate {

// Every way `document` violates `schema`, as "/files/3/expected: ...", in
// document order; empty when it is valid. Stops after `limit` violations.
[[nodiscard]] std::vector<std::string> schema_violations(const nlohmann::json& schema, const nlohmann::json& document,
                                                         size_t limit = 20);

// pipeline/schema/{manifest,dump,evidence}.v1.schema.json, as built in: what
// gate, build and docs check a lock, a dump and an evidence report against.
[[nodiscard]] const nlohmann::json& manifest_schema();
[[nodiscard]] const nlohmann::json& dump_schema();
[[nodiscard]] const nlohmann::json& evidence_schema();

}  // namespace meshgate
