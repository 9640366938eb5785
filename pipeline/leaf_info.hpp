// What a coverage mark's leaf holds, for the byte map and the file pages:
// each format's row describes the leaves its parser marks that are not a
// record field (streams, arrays, payloads).
#pragma once

#include <span>
#include <string_view>

#include "parser/core/field_table.hpp"

namespace meshgate {

// What a leaf mark holds, from the tables: a record field (named by a leaf
// mark of a record owner, or a container header field), a stream or array
// (MOD ArraySpec, MSH stream type), or a container payload.
struct LeafInfo {
  StatusSet status;
  std::string_view note;
  std::string_view element_type;  // "f32x3", "u16", "bytes"; a field's type name
  uint32_t stride = 1;            // element size (a field's width)
  const FieldSpec* field = nullptr;
};

// A leaf a row's describe_mark describes, with an owner it is marked under
// (describe_mark may tell leaves of one name apart by their owner): the
// report's references list every row's, so a page can name every mark.
struct MarkLeaf {
  std::string_view owner;
  std::string_view leaf;
};

// The field of a record or header named `name`, if there is one.
inline const FieldSpec* field_named(std::span<const FieldSpec> fields, std::string_view name) {
  for (const FieldSpec& f : fields)
    if (f.name == name) return &f;
  return nullptr;
}

// A record field as a leaf.
inline LeafInfo of_field(const FieldSpec& f) { return {f.status, f.note, type_name(f.type), f.width, &f}; }

}  // namespace meshgate
