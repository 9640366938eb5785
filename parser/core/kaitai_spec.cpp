#include "parser/core/kaitai_spec.hpp"

namespace meshgate::ksy {

std::string kaitai_type(FieldType t) {
  switch (t) {
    case FieldType::u8: return "u1";
    case FieldType::u16: return "u2";
    case FieldType::u32: return "u4";
    case FieldType::u64: return "u8";
    case FieldType::i16: return "s2";
    case FieldType::i32: return "s4";
    case FieldType::f32: return "f4";
    case FieldType::bytes: return "";
  }
  return "";
}

Attr attr(std::string id, std::string type, std::string doc, std::string repeat_expr) {
  Attr a;
  a.id = std::move(id);
  a.type = std::move(type);
  a.doc = std::move(doc);
  a.repeat_expr = std::move(repeat_expr);
  return a;
}

Spec spec_named(std::string id, std::string title, std::string format, std::string file_extension, std::string doc) {
  Spec s;
  s.root.id = id;
  s.id = std::move(id);
  s.title = std::move(title);
  s.format = std::move(format);
  s.file_extension = std::move(file_extension);
  s.doc = std::move(doc);
  return s;
}

std::vector<Attr> field_attrs(std::span<const FieldSpec> fields) {
  std::vector<Attr> out;
  for (const FieldSpec& f : fields) {
    Attr a;
    a.id = std::string(f.name);
    for (char& c : a.id) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);  // Kaitai ids are lower case
    if (a.id != f.name) a.field = std::string(f.name);
    a.type = kaitai_type(f.type);
    if (f.is_bytes()) a.size = std::to_string(f.width);
    a.doc = std::string(f.note);
    a.status = status_string(f.status);
    out.push_back(std::move(a));
  }
  return out;
}

}  // namespace meshgate::ksy
