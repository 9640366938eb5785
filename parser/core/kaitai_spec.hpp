// A format as a Kaitai Struct spec (`meshgate spec FORMAT --kaitai`): types
// made of attributes, each leaf taken from a field table (its name, width,
// type, note and provenance status), so the .ksy cannot drift from the
// parser. What joins the records — counts, positions, switches — is a
// format's own description (parser/FORMAT/FORMAT_kaitai.cpp), in Kaitai's
// expression language; what Kaitai cannot say is listed in `not_expressed`
// and left to meshgate. reports/kaitai_yaml.cpp writes it as YAML.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "parser/core/field_table.hpp"

namespace meshgate::ksy {

struct Attr {
  std::string id;           // Kaitai's: lower case
  std::string field;        // meshgate's field name, when it is not `id` ("raw_0C"): -meshgate-field
  std::string type;         // "u2", "s2", "f4", a type's id, or "" for bytes
  std::string size;         // bytes, or a user type read from a substream: an expression ("4", "span - 8")
  bool size_eos = false;    // bytes to the end of the (sub)stream
  std::string repeat_expr;  // "": one; else repeat: expr with this count
  std::string pos;          // instances only: where it is read
  std::string io;           // instances only: the stream it is read from ("_root._io"); "": its type's
  std::string if_expr;      // "": always; else read only when this holds
  std::string value;        // a value instance: this expression, read from no bytes
  std::string switch_on;    // with `cases`: the type by this expression's value
  std::vector<std::pair<std::string, std::string>> cases;  // value -> type id ("_" for any other)
  std::string doc;
  std::string status;       // the provenance status, as -meshgate-status
};

struct Type {
  std::string id;
  std::string doc;
  std::vector<Attr> seq;
  std::vector<Attr> instances;
  std::vector<std::pair<std::string, std::string>> params = {};  // id -> type: a user of it passes them, type(args)
  // meshgate's path of an object of this type, whatever holds it (an MSH
  // stream, "res13", reached through the directory's switch): -meshgate-path.
  std::string path = {};
};

struct Spec {
  std::string id;     // "dmc3_mot"
  std::string title;  // "DMC3 HD motion (.mot)"
  std::string format;  // meshgate's format name ("dmc3-mot")
  std::string file_extension;
  std::string doc;
  Type root;
  std::vector<Type> types;
  // Path segments the .ksy adds that meshgate's field paths do not have (a
  // switch's holder): removed when its leaves are compared with inspect's.
  std::vector<std::string> transparent;
  // meshgate's field paths ([] for any index) the .ksy does not read, each
  // explained in not_expressed (a PAC member, whose extent is derived).
  std::vector<std::string> unread;
  // Diagnostic codes of files meshgate reads another way than this layout
  // (a MAT0 of another version, told outside the payload): such a file is
  // not compared.
  std::vector<std::string> other_reading_codes;
  // Attribute ids read only to choose a type (a PTX entry's first word): no
  // field of meshgate's, not compared.
  std::vector<std::string> lookahead;
  std::vector<std::string> not_expressed;  // what is left to meshgate, and why
};

// An attribute of `type` (built in, a type's id, or "" for bytes the caller sizes), read `repeat_expr`
// times when that is set.
[[nodiscard]] Attr attr(std::string id, std::string type, std::string doc, std::string repeat_expr = "");

// A spec's identity, what every format's description starts from: its root type has the spec's id.
[[nodiscard]] Spec spec_named(std::string id, std::string title, std::string format, std::string file_extension,
                              std::string doc);

// Kaitai's type for a field of a table ("u2", "s2", "f4"; "" for bytes).
[[nodiscard]] std::string kaitai_type(FieldType t);

// One attribute per field of a table, in offset order: the field's own name,
// width, type, note and status.
[[nodiscard]] std::vector<Attr> field_attrs(std::span<const FieldSpec> fields);

template <size_t N>
[[nodiscard]] Type record_type(const RecordSpec<N>& spec, std::string doc) {
  return {std::string(spec.name), std::move(doc), field_attrs(spec.fields), {}, {}};
}

}  // namespace meshgate::ksy
