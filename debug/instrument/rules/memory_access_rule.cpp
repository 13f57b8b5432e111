#include <clang/AST/Attr.h>
#include <clang/AST/ParentMapContext.h>

#include <utility>

#include "rewrite_rules.hpp"

namespace ampcl::debug::detail {

namespace {

using namespace clang;

// "off, bytes" of the components a chain like v.hi.x touches in the vector.
std::string component_range(const std::vector<const ExtVectorElementExpr*>& chain, QualType vector,
                            rewrite_context& cx) {
  const auto* vt = vector->getAs<VectorType>();
  if (!vt) return "0u, sizeof(" + vector.getAsString(cx.policy()) + ")";
  std::vector<uint32_t> comps;
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    SmallVector<uint32_t, 16> idx;
    (*it)->getEncodedElementAccess(idx);
    std::vector<uint32_t> next;
    for (uint32_t i : idx) next.push_back(comps.empty() ? i : comps[i < comps.size() ? i : 0]);
    comps = next;
  }
  uint32_t lo = ~0u, hi = 0;
  for (uint32_t i : comps) lo = std::min(lo, i), hi = std::max(hi, i + 1);
  if (comps.empty()) lo = 0, hi = vt->getNumElements();
  const auto elem = cx.ast().getTypeSizeInChars(vt->getElementType()).getQuantity();
  return u(lo * elem) + ", " + u((hi - lo) * elem);
}

// Inner dimensions of multi-dimensional arrays (t[r][c]): each index against its
// own bound, a subscript-out-of-range when outside it (the address may still lie in
// the array). The outermost one is the object's bounds check.
void check_inner_indices(const Expr* e, std::uint32_t id, space s, rewrite_context& cx) {
  const Expr* x = e->IgnoreParens();
  while (auto* as = dyn_cast<ArraySubscriptExpr>(x)) {
    const Expr* b = as->getBase()->IgnoreParenImpCasts();
    if (isa<DeclRefExpr>(b)) break;
    if (const auto* cat = cx.ast().getAsConstantArrayType(b->getType())) {
      const Expr* idx = as->getIdx();
      if (cx.in_main(idx))
        cx.wrap(idx, "__ampcl_subscript(__ampcl_c, (long)(",
                "), " + u(cat->getSize().getZExtValue()) + ", " + u(id) + ", " +
                    rewrite_context::memory_code(s) + ", 0)");
    }
    x = b;
  }
}

// The OpenCL C name of a scalar type whose bits as_TYPE() converts, and its
// unsigned type of the same size; empty for other types (bool, half, vectors,
// pointers, structs).
std::pair<std::string, std::string> bits_types(QualType t) {
  const auto* b = t.getCanonicalType()->getAs<BuiltinType>();
  if (!b) return {};
  switch (b->getKind()) {
    case BuiltinType::Char_S:
    case BuiltinType::SChar:
      return {"char", "uchar"};
    case BuiltinType::Char_U:
    case BuiltinType::UChar:
      return {"uchar", "uchar"};
    case BuiltinType::Short:
      return {"short", "ushort"};
    case BuiltinType::UShort:
      return {"ushort", "ushort"};
    case BuiltinType::Int:
      return {"int", "uint"};
    case BuiltinType::UInt:
      return {"uint", "uint"};
    case BuiltinType::Float:
      return {"float", "uint"};
    case BuiltinType::Long:
      return {"long", "ulong"};
    case BuiltinType::ULong:
      return {"ulong", "ulong"};
    case BuiltinType::Double:
      return {"double", "ulong"};
    default:
      return {};
  }
}

// How a stored value's bits reach the runtime: the OpenCL C name of its type, the
// type the bits travel as (uchar..ulong for up to 8 bytes, widened to ulong;
// ulong2..ulong8 for vectors of 16 to 64 bytes), and the hook's suffix. Empty for
// what as_TYPE() does not convert (bool, half, 3-component vectors, structs).
struct stored_bits {
  std::string type, bits, suffix;
};
stored_bits stored_bits_of(QualType t, ASTContext& ctx) {
  t = t.getCanonicalType();
  std::string name;
  if (const auto* vt = t->getAs<ExtVectorType>()) {
    const unsigned n = vt->getNumElements();
    if (n != 2 && n != 4 && n != 8 && n != 16) return {};
    name = bits_types(vt->getElementType()).first;
    if (name.empty()) return {};
    name += std::to_string(n);
  } else {
    name = bits_types(t).first;
    if (name.empty()) return {};
  }
  switch (ctx.getTypeSizeInChars(t).getQuantity()) {
    case 1:
      return {name, "uchar", ""};
    case 2:
      return {name, "ushort", ""};
    case 4:
      return {name, "uint", ""};
    case 8:
      return {name, "ulong", ""};
    case 16:
      return {name, "ulong2", "2"};
    case 32:
      return {name, "ulong4", "4"};
    case 64:
      return {name, "ulong8", "8"};
    default:
      return {};
  }
}

// `lvalue = value` of a scalar or vector, written where the rewriter can edit it:
// the assignment becomes a call that stores the value itself, so the runtime can
// compare it with what memory holds (same-value stores):
//   as_T((U)__ampcl_gput(__ampcl_c, (__global void*)&(lvalue), sizeof(T), obj, site,
//        (ulong)as_U((T)(value))))          (up to 8 bytes)
//   as_T(__ampcl_gput2(__ampcl_c, ..., as_ulong2((T)(value))))   (16 bytes; 4, 8: 32, 64)
bool rewrite_scalar_store(const Expr* raw, const Expr* e, space s, int obj, std::uint32_t id,
                          rewrite_context& cx) {
  const auto parents = cx.ast().getParents(*raw);
  if (parents.size() != 1) return false;
  const auto* bo = parents[0].get<BinaryOperator>();
  if (!bo || bo->getOpcode() != BO_Assign || bo->getLHS() != raw) return false;
  const stored_bits b = stored_bits_of(e->getType(), cx.ast());
  if (b.type.empty() || e->getType().isVolatileQualified()) return false;
  const SourceLocation op = bo->getOperatorLoc();
  if (op.isMacroID() || bo->getBeginLoc().isMacroID() || bo->getEndLoc().isMacroID() ||
      !cx.in_main(bo))
    return false;
  const bool wide = !b.suffix.empty();
  cx.insert_after(raw->getBeginLoc(), "as_" + b.type + "(" + (wide ? "" : "(" + b.bits + ")") +
                                          rewrite_context::hook(s) + "put" + b.suffix +
                                          "(__ampcl_c, (" + rewrite_context::void_pointer(s) +
                                          ")&(");
  cx.replace(op, 1,
             "), sizeof(" + b.type + "), " + std::to_string(obj) + ", " + u(id) + ", " +
                 (wide ? "" : "(ulong)") + "as_" + b.bits + "((" + b.type + ")(");
  cx.insert_before(cx.end_of(bo->getRHS()), "))))");
  return true;
}

}  // namespace

// lvalue -> (*(T*)__ampcl_lp(__ampcl_c, (__local void*)&(lvalue), off, bytes, obj, site, kind)):
// the runtime checks the bytes the access touches (a vector component's, or the
// whole lvalue's) and returns the address, or scratch memory when it is out of
// bounds. A tile_static read the quiet-read analysis cleared goes through the
// cheaper __ampcl_lqp (bounds and initialization only).
void rewrite_memory_access(const Expr* raw, access_kind kind, rewrite_context& cx) {
  if (!cx.function()) return;
  const Expr* e = raw->IgnoreParens();
  // A vector component has no address: check the vector's bytes it covers.
  std::vector<const ExtVectorElementExpr*> chain;
  while (auto* ve = dyn_cast<ExtVectorElementExpr>(e)) {
    if (!ve->getBase()->isGLValue()) return;
    chain.push_back(ve);
    e = ve->getBase()->IgnoreParens();
  }
  const space s = static_cast<space>(lvalue_space(e));
  if (s == space::none || e->getType()->isArrayType()) return;
  if (!cx.in_main(e) || !cx.first_visit(e)) return;
  if (auto* me = dyn_cast<MemberExpr>(e)) {
    if (auto* fd = dyn_cast<FieldDecl>(me->getMemberDecl()); fd && fd->isBitField()) {
      cx.result().warnings.push_back("bit-field access not instrumented");
      return;
    }
  }
  const std::string ptr = cx.ast().getPointerType(e->getType()).getAsString(cx.policy());
  if (ptr.find("(unnamed") != std::string::npos || ptr.find("(anonymous") != std::string::npos) {
    cx.result().warnings.push_back("access to an unnamed struct type not instrumented: " + ptr);
    return;
  }
  const DeclRefExpr* base = base_ref(e);
  const auto id = cx.add_site(e->getBeginLoc(), base ? base->getDecl()->getName().str() : "", kind,
                              rewrite_context::memory_of(s));
  const int obj = cx.object_index(base, s);
  cx.narrow_granule(s, obj, raw->getType());
  check_inner_indices(e, id, s, cx);
  const std::string range =
      chain.empty() ? "0u, sizeof(*(" + ptr + ")0)" : component_range(chain, e->getType(), cx);
  if (kind == access_kind::write && chain.empty() && e == raw->IgnoreParens() &&
      rewrite_scalar_store(raw, e, s, obj, id, cx))
    return;
  if (kind == access_kind::read && s == space::local && obj >= 0 && cx.quiet(e)) {
    cx.site(id).quiet = true;
    cx.wrap(e, "(*(" + ptr + ")__ampcl_lqp(__ampcl_c, (__local void*)&(",
            "), " + range + ", " + std::to_string(obj) + ", " + u(id) + "))");
    return;
  }
  cx.wrap(e,
          "(*(" + ptr + ")" + rewrite_context::hook(s) + "p(__ampcl_c, (" +
              rewrite_context::void_pointer(s) + ")&(",
          "), " + range + ", " + std::to_string(obj) + ", " + u(id) + ", " +
              u(static_cast<unsigned>(kind)) + "))");
}

namespace {

// The private variable whose storage `e` designates through subscripts and `.`
// members (a[i][j], s.b[i]), or null (through a pointer, or not private).
const VarDecl* private_root(const Expr* e) {
  for (;;) {
    e = e->IgnoreParenImpCasts();
    if (auto* as = dyn_cast<ArraySubscriptExpr>(e)) {
      const Expr* b = as->getBase()->IgnoreParenImpCasts();
      if (!b->getType()->isArrayType()) return nullptr;  // p[i]: through a pointer
      e = b;
    } else if (auto* me = dyn_cast<MemberExpr>(e)) {
      if (me->isArrow()) return nullptr;
      e = me->getBase();
    } else if (auto* dr = dyn_cast<DeclRefExpr>(e)) {
      auto* vd = dyn_cast<VarDecl>(dr->getDecl());
      if (!vd) return nullptr;
      const LangAS as = vd->getType().getAddressSpace();
      return as == LangAS::Default || as == LangAS::opencl_private ? vd : nullptr;
    } else {
      return nullptr;
    }
  }
}

}  // namespace

void rewrite_subscript(const ArraySubscriptExpr* as, rewrite_context& cx) {
  const FunctionDecl* fn = cx.function();
  if (!fn || !(fn->hasAttr<OpenCLKernelAttr>() || cx.plan().needs_ctx.count(fn))) return;
  const Expr* base = as->getBase()->IgnoreParenImpCasts();
  const auto* cat = cx.ast().getAsConstantArrayType(base->getType());
  if (!cat || lvalue_space(as) != 0) return;
  const LangAS where = as->getType().getAddressSpace();
  const bool constant = where == LangAS::opencl_constant;
  if (!constant && where != LangAS::Default && where != LangAS::opencl_private) return;
  const Expr* idx = as->getIdx();
  if (!cx.in_main(idx) || !cx.in_main(as) || idx->getBeginLoc().isMacroID() ||
      idx->getEndLoc().isMacroID())
    return;
  std::uint64_t n = cat->getSize().getZExtValue();
  // &a[n] is the address one past the end, which C allows.
  const auto parents = cx.ast().getParents(*as);
  if (parents.size() == 1)
    if (const auto* uo = parents[0].get<UnaryOperator>(); uo && uo->getOpcode() == UO_AddrOf)
      ++n;
  Expr::EvalResult value;
  if (idx->EvaluateAsInt(value, cx.ast()) && !value.Val.getInt().isNegative() &&
      value.Val.getInt().getZExtValue() < n)
    return;
  const DeclRefExpr* ref = base_ref(as);
  bool write = false;
  if (parents.size() == 1)
    if (const auto* bo = parents[0].get<BinaryOperator>(); bo && bo->isAssignmentOp())
      write = bo->getLHS()->IgnoreParens() == as;
  const auto id = cx.add_site(as->getBeginLoc(), ref ? ref->getDecl()->getName().str() : "",
                              write ? access_kind::write : access_kind::read, memory_space::none);
  cx.wrap(idx, "__ampcl_subscript(__ampcl_c, (long)(",
          "), " + u(n) + ", " + u(id) + ", " +
              (constant ? "AMPCL_MEM_CONSTANT" : "AMPCL_MEM_PRIVATE") + ", " +
              (private_root(as) ? "1" : "0") + ")");
}

}  // namespace ampcl::debug::detail
