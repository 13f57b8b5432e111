// Names and types in OpenCL C: structs laid out byte for byte as Clang laid out
// the C++ classes (the host fills them and reads them back), declarators with
// address-space qualifiers, and identifiers that collide with nothing.
#include <clang/AST/Attr.h>
#include <clang/AST/RecordLayout.h>

#include <clang/Basic/SourceManager.h>

#include "lower.hpp"
#include "opencl_names.hpp"

namespace ampcl::translate {

using namespace clang;

namespace {

const std::set<std::string>& keywords() {
  static const std::set<std::string> words = {
      "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else",
      "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long", "register",
      "restrict", "return", "short", "signed", "sizeof", "static", "struct", "switch", "typedef",
      "union", "unsigned", "void", "volatile", "while", "bool", "true", "false", "uchar",
      "ushort", "uint", "ulong", "half", "size_t", "ptrdiff_t", "intptr_t", "uintptr_t",
      "global", "local", "constant", "private", "kernel", "read_only", "write_only",
      "read_write", "image1d_t", "image2d_t", "image3d_t", "sampler_t", "event_t",
      "this", "class", "new", "delete", "template", "typename", "namespace", "operator",
      "get_global_id", "get_local_id", "get_group_id", "get_global_size", "get_local_size",
      "barrier", "mem_fence", "min", "max", "clamp", "sin", "cos", "tan", "sqrt", "exp",
      "log", "pow", "fabs", "abs", "floor", "ceil", "round", "fmin", "fmax", "mad", "dot",
      "select", "convert_int", "as_int", "as_float"};
  return words;
}

}  // namespace

bool reserved_word(const std::string& n) { return keywords().count(n) || opencl_names().count(n); }

namespace {

std::string builtin_type(const BuiltinType* b, bool& is_double) {
  switch (b->getKind()) {
    case BuiltinType::Void: return "void";
    case BuiltinType::Bool: return "bool";
    case BuiltinType::Char_S:
    case BuiltinType::SChar: return "char";
    case BuiltinType::Char_U:
    case BuiltinType::UChar: return "uchar";
    case BuiltinType::Short: return "short";
    case BuiltinType::UShort: return "ushort";
    case BuiltinType::Int: return "int";
    case BuiltinType::UInt: return "uint";
    case BuiltinType::Long:
    case BuiltinType::LongLong: return "long";
    case BuiltinType::ULong:
    case BuiltinType::ULongLong: return "ulong";
    case BuiltinType::Float: return "float";
    case BuiltinType::Double: is_double = true; return "double";
    case BuiltinType::WChar_S:
    case BuiltinType::Char32: return "int";
    case BuiltinType::WChar_U: return "uint";
    case BuiltinType::Char16: return "ushort";
    case BuiltinType::NullPtr: return "void*";
    default: return "";
  }
}

}  // namespace

std::string lowering::sanitize(const std::string& s) {
  std::string out;
  for (char ch : s) {
    const bool ok = std::isalnum(static_cast<unsigned char>(ch)) != 0;
    if (ok) out += ch;
    else if (!out.empty() && out.back() != '_') out += '_';
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  if (out.empty() || std::isdigit(static_cast<unsigned char>(out[0])) != 0) out = "x" + out;
  // Identifiers that start with __ are the generated code's own.
  while (out.size() > 1 && out[0] == '_' && out[1] == '_') out.erase(0, 1);
  return out;
}

std::string lowering::fresh(const std::string& base) {
  std::string b = sanitize(base);
  std::string name = b;
  for (int n = 1; used_names.count(name) || reserved_word(name); ++n)
    name = b + "_" + std::to_string(n);
  used_names.insert(name);
  return name;
}

std::string lowering::field_name(const FieldDecl* f) {
  if (f->getIdentifier()) {
    const std::string n = f->getName().str();
    return reserved_word(n) ? n + "_" : n;
  }
  // Lambda captures are unnamed fields: name them after what they capture.
  if (const auto* rd = dyn_cast<CXXRecordDecl>(f->getParent()); rd && rd->isLambda()) {
    llvm::DenseMap<const VarDecl*, FieldDecl*> caps;
    FieldDecl* this_capture = nullptr;
    rd->getCaptureFields(caps, this_capture);
    for (auto& [var, field] : caps)
      if (field == f) {
        const std::string n = sanitize(var->getName().str());
        return reserved_word(n) ? n + "_" : n;
      }
  }
  return "f" + std::to_string(f->getFieldIndex());
}

std::string lowering::record_name(const RecordDecl* rd, space views) {
  if (const RecordDecl* def = rd->getDefinition()) rd = def;
  // One struct per memory its views are in: global (what kernels capture) keeps
  // the plain name, others are other structs.
  if (views == space::global || views == space::conflict || !holds_views(ctx.getRecordType(rd)))
    views = space::none;
  const std::pair<const RecordDecl*, space> key{rd, views};
  if (auto it = record_names.find(key); it != record_names.end()) return it->second;

  std::string base;
  if (const auto* cxx = dyn_cast<CXXRecordDecl>(rd); cxx && cxx->isLambda()) {
    PresumedLoc p = sm.getPresumedLoc(rd->getLocation());
    base = "lambda_" + std::to_string(p.isValid() ? p.getLine() : 0);
  } else if (const auto* spec = dyn_cast<ClassTemplateSpecializationDecl>(rd)) {
    base = spec->getName().str();
    PrintingPolicy pp(ctx.getLangOpts());
    pp.SuppressScope = true;
    for (const TemplateArgument& a : spec->getTemplateArgs().asArray()) {
      std::string s;
      llvm::raw_string_ostream os(s);
      a.print(pp, os, true);
      base += "_" + os.str();
    }
  } else {
    base = rd->getName().empty() ? "anonymous" : rd->getName().str();
  }
  if (views == space::priv) base += "_private";
  if (views == space::local) base += "_local";
  if (views == space::constant) base += "_constant";
  const std::string name = fresh(base);
  record_names[key] = name;
  record_typedefs.push_back(std::string("typedef ") + (rd->isUnion() ? "union " : "struct ") + name +
                            " " + name + ";\n");

  // The definition, after the definitions of what it holds by value.
  record_state[key] = 1;
  if (const auto* cxx = dyn_cast<CXXRecordDecl>(rd)) {
    if (cxx->isPolymorphic() || cxx->getNumVBases())
      error(rd->getLocation(), "'" + rd->getNameAsString() +
                                   "' has virtual functions or virtual bases, which "
                                   "restrict(amp) code cannot use");
  }
  const ASTRecordLayout& layout = ctx.getASTRecordLayout(rd);
  struct member {
    std::int64_t offset;
    std::int64_t size;
    std::int64_t align;
    std::string text;
  };
  std::vector<member> members;
  if (const auto* cxx = dyn_cast<CXXRecordDecl>(rd)) {
    for (const CXXBaseSpecifier& b : cxx->bases()) {
      const CXXRecordDecl* base_rd = b.getType()->getAsCXXRecordDecl();
      if (!base_rd || base_rd->isEmpty()) continue;
      member m;
      m.offset = layout.getBaseClassOffset(base_rd).getQuantity();
      m.size = ctx.getASTRecordLayout(base_rd).getDataSize().getQuantity();
      m.align = ctx.getTypeAlignInChars(b.getType()).getQuantity();
      m.text = record_name(base_rd, views) + " base_" + sanitize(base_rd->getName().str());
      members.push_back(m);
    }
  }
  for (const FieldDecl* f : rd->fields()) {
    member m;
    m.offset = static_cast<std::int64_t>(layout.getFieldOffset(f->getFieldIndex()) / 8);
    m.size = ctx.getTypeSizeInChars(f->getType()).getQuantity();
    m.align = ctx.getTypeAlignInChars(f->getType()).getQuantity();
    if (f->isBitField()) {
      error(f->getLocation(), "bit-field '" + f->getName().str() +
                                  "': restrict(amp) code cannot use bit-fields");
      continue;
    }
    if (has_annotation(f, "ampcl_host_only")) {
      // Host state: keep its bytes, as words of its alignment.
      const char* word = m.align >= 8 ? "ulong" : m.align == 4 ? "uint" : m.align == 2 ? "ushort" : "uchar";
      const std::int64_t w = m.align >= 8 ? 8 : m.align;
      // One word is a scalar, so that device code may copy it (views copy their handle).
      m.text = std::string(word) + " " + field_name(f) +
               (m.size == w ? "" : "[" + std::to_string(m.size / w) + "]");
    } else if (per_object(f)) {
      // A view's data, or a view held by value: in this struct's memory.
      m.text = declare(f->getType(), levels{views == space::none ? space::global : views},
                       field_name(f));
    } else {
      m.text = declare(f->getType(), field_levels(f), field_name(f));
    }
    members.push_back(m);
  }

  std::string body;
  std::int64_t at = 0;
  int pads = 0;
  std::int64_t max_align = 1;
  for (const member& m : members) {
    if (!rd->isUnion()) {
      const std::int64_t natural = (at + m.align - 1) / m.align * m.align;
      if (m.offset < natural) {
        error(rd->getLocation(), "the layout of '" + rd->getNameAsString() +
                                     "' cannot be reproduced in OpenCL C (a base class's tail "
                                     "padding reused by a member)");
        break;
      }
      if (m.offset > natural)
        body += "  uchar pad" + std::to_string(pads++) + "[" + std::to_string(m.offset - at) + "];\n";
      at = m.offset + m.size;
    } else {
      at = std::max(at, m.size);
    }
    max_align = std::max(max_align, m.align);
    body += "  " + m.text + ";\n";
  }
  const std::int64_t size = layout.getSize().getQuantity();
  const std::int64_t align = layout.getAlignment().getQuantity();
  if (members.empty()) {
    body += "  uchar empty;\n";
  } else {
    const std::int64_t c_size = (at + max_align - 1) / max_align * max_align;
    if (c_size != size && size > at)
      body += "  uchar pad" + std::to_string(pads++) + "[" + std::to_string(size - at) + "];\n";
  }
  std::string attrs;
  if (align > max_align) attrs = " __attribute__((aligned(" + std::to_string(align) + ")))";
  const char* kind = rd->isUnion() ? "union" : "struct";
  record_order.push_back(std::string(kind) + " " + name + " {\n" + body + "}" + attrs + ";\n");
  record_state[key] = 2;
  return name;
}

std::string lowering::type(QualType t, const levels& lv, std::size_t at) {
  levels rest(lv.begin() + static_cast<long>(std::min(at, lv.size())), lv.end());
  return declare(t, rest, "");
}

std::string lowering::declare(QualType t, const levels& lv, const std::string& name) {
  std::string decl = name;
  space pending = space::none;
  std::size_t at = 0;
  QualType cur = t.getCanonicalType();
  for (;;) {
    if (const auto* r = cur->getAs<ReferenceType>()) {
      decl = "*" + std::string(pending == space::none ? "" : qualifier(pending)) + decl;
      pending = at < lv.size() ? lv[at] : space::none;
      ++at;
      cur = r->getPointeeType().getCanonicalType();
      if (isa<ArrayType>(cur.getTypePtr())) decl = "(" + decl + ")";
      continue;
    }
    if (const auto* p = cur->getAs<PointerType>()) {
      decl = "*" + std::string(pending == space::none ? "" : qualifier(pending)) + decl;
      pending = at < lv.size() ? lv[at] : space::none;
      ++at;
      cur = p->getPointeeType().getCanonicalType();
      if (isa<ArrayType>(cur.getTypePtr())) decl = "(" + decl + ")";
      continue;
    }
    if (const auto* a = dyn_cast<ConstantArrayType>(cur.getTypePtr())) {
      decl += "[" + std::to_string(a->getSize().getZExtValue()) + "]";
      cur = a->getElementType().getCanonicalType();
      continue;
    }
    if (const auto* a = dyn_cast<IncompleteArrayType>(cur.getTypePtr())) {
      decl += "[]";
      cur = a->getElementType().getCanonicalType();
      continue;
    }
    break;
  }
  std::string base;
  if (const auto* b = cur->getAs<BuiltinType>()) {
    bool d = false;
    base = builtin_type(b, d);
    if (d) uses_double = true;
  } else if (const auto* e = cur->getAs<EnumType>()) {
    bool d = false;
    base = builtin_type(e->getDecl()->getIntegerType()->getAs<BuiltinType>(), d);
  } else if (const RecordDecl* rd = cur->getAsRecordDecl()) {
    base = record_name(rd, at < lv.size() ? lv[at] : space::none);
  }
  if (base.empty()) {
    base = "int";
    error(SourceLocation(), "the type '" + cur.getAsString() +
                                "' has no OpenCL C counterpart (function pointers, member "
                                "pointers and vector types are not supported)");
  }
  // Only pointees carry qualifiers; the const of the C++ type was checked there.
  const std::string q = pending == space::none ? "" : qualifier(pending);
  return q + base + (decl.empty() ? "" : " " + decl);
}

}  // namespace ampcl::translate
