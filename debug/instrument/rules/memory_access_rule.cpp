#include <clang/AST/Attr.h>
#include <clang/AST/ParentMapContext.h>

#include <optional>
#include <utility>
#include <vector>

#include "layout.hpp"
#include "local_id_subscripts.hpp"
#include "quiet_loops.hpp"
#include "quiet_reads.hpp"
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

// ---- static range facts ------------------------------------------------------
// The values a subscript can take, known without running the kernel: an integer
// constant, or the variable of an enclosing counted loop
//   for (T k = A; k < B; ++k)      (k <= B; k++, k += step; A, B, step constants)
// that the loop never writes otherwise (no assignment, ++/--, or &k in its
// condition, increment or body), plus or minus a constant. Such a subscript needs
// no run-time check against its dimension.
struct int_range {
  long long lo, hi;
};

const VarDecl* ref_to_var(const Expr* e) {
  const auto* dr = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
  return dr ? dyn_cast<VarDecl>(dr->getDecl()) : nullptr;
}

// Whether `s` (any part of it but `except`) writes `v` or takes its address.
bool writes_var(const Stmt* s, const VarDecl* v, const Stmt* except) {
  if (!s) return false;
  if (s != except) {
    const Expr* target = nullptr;
    if (const auto* bo = dyn_cast<BinaryOperator>(s); bo && bo->isAssignmentOp())
      target = bo->getLHS();
    else if (const auto* uo = dyn_cast<UnaryOperator>(s);
             uo && (uo->isIncrementDecrementOp() || uo->getOpcode() == UO_AddrOf))
      target = uo->getSubExpr();
    if (target && ref_to_var(target) == v) return true;
  }
  for (const Stmt* child : s->children())
    if (writes_var(child, v, except)) return true;
  return false;
}

// Whether `inner` lies in `outer` (by the AST's parents).
bool lies_in(const Stmt* inner, const Stmt* outer, ASTContext& ctx) {
  DynTypedNode n = DynTypedNode::create(*inner);
  for (int depth = 0; depth < 256; ++depth) {
    if (const Stmt* st = n.get<Stmt>(); st == outer) return true;
    const auto parents = ctx.getParents(n);
    if (parents.size() != 1) return false;
    n = parents[0];
  }
  return false;
}

// The range of the counted loop variable `v`, for a use at `use`.
std::optional<int_range> loop_var_range(const VarDecl* v, const Expr* use, ASTContext& ctx) {
  if (!v || !v->hasLocalStorage() || !v->getType()->isIntegerType() ||
      v->getType().isVolatileQualified() || !v->getInit())
    return std::nullopt;
  const auto vp = ctx.getParents(*v);
  const auto* ds = vp.size() == 1 ? vp[0].get<DeclStmt>() : nullptr;
  if (!ds || !ds->isSingleDecl()) return std::nullopt;
  const auto dp = ctx.getParents(*ds);
  const auto* loop = dp.size() == 1 ? dp[0].get<ForStmt>() : nullptr;
  if (!loop || loop->getInit() != ds || !loop->getCond() || !loop->getInc() ||
      !lies_in(use, loop->getBody(), ctx))
    return std::nullopt;
  const std::optional<long long> lo = integer_constant(v->getInit(), ctx);
  // the condition: k < B, k <= B, B > k, B >= k
  const auto* cond = dyn_cast<BinaryOperator>(loop->getCond()->IgnoreParenImpCasts());
  if (!lo || !cond) return std::nullopt;
  BinaryOperatorKind op = cond->getOpcode();
  const Expr* bound = cond->getRHS();
  if (ref_to_var(cond->getRHS()) == v) {
    bound = cond->getLHS();
    op = op == BO_GT ? BO_LT : op == BO_GE ? BO_LE : BO_Comma;
  } else if (ref_to_var(cond->getLHS()) != v) {
    return std::nullopt;
  }
  const std::optional<long long> b = integer_constant(bound, ctx);
  if (!b || (op != BO_LT && op != BO_LE)) return std::nullopt;
  // the increment: ++k, k++, k += step
  long long step = 0;
  const Stmt* inc = loop->getInc()->IgnoreParenImpCasts();
  if (const auto* uo = dyn_cast<UnaryOperator>(inc);
      uo && uo->isIncrementOp() && ref_to_var(uo->getSubExpr()) == v)
    step = 1;
  else if (const auto* ca = dyn_cast<CompoundAssignOperator>(inc);
           ca && ca->getOpcode() == BO_AddAssign && ref_to_var(ca->getLHS()) == v)
    if (const auto c = integer_constant(ca->getRHS(), ctx); c && *c >= 1 && *c <= (1 << 20))
      step = *c;
  if (!step) return std::nullopt;
  const long long hi = op == BO_LT ? *b - 1 : *b;
  // k + step stays representable, so k never wraps past the bound
  const unsigned bits = static_cast<unsigned>(ctx.getTypeSize(v->getType()));
  const bool is_signed = v->getType()->isSignedIntegerType();
  const long long max = bits >= 64  ? (1LL << 62)
                        : is_signed ? (1LL << (bits - 1)) - 1
                                    : (1LL << bits) - 1;
  const long long min = is_signed ? (bits >= 64 ? -(1LL << 62) : -(1LL << (bits - 1))) : 0;
  if (*lo > hi || *lo < min || hi > max - step) return std::nullopt;
  if (writes_var(loop->getCond(), v, nullptr) || writes_var(loop->getInc(), v, inc) ||
      writes_var(loop->getBody(), v, nullptr))
    return std::nullopt;
  return int_range{*lo, hi};
}

std::optional<int_range> static_range(const Expr* e, ASTContext& ctx) {
  e = e->IgnoreParens();
  if (const auto c = integer_constant(e, ctx)) return int_range{*c, *c};
  if (const auto* ic = dyn_cast<ImplicitCastExpr>(e)) {
    // integer conversions that keep the value (int to long, and the like)
    const QualType to = ic->getType(), from = ic->getSubExpr()->getType();
    if (ic->getCastKind() == CK_LValueToRValue) return static_range(ic->getSubExpr(), ctx);
    if (ic->getCastKind() == CK_IntegralCast && to->isIntegerType() && from->isIntegerType() &&
        ctx.getTypeSize(to) > ctx.getTypeSize(from) &&
        (to->isSignedIntegerType() || !from->isSignedIntegerType()))
      return static_range(ic->getSubExpr(), ctx);
    return std::nullopt;
  }
  if (const VarDecl* v = ref_to_var(e); v && isa<DeclRefExpr>(e)) return loop_var_range(v, e, ctx);
  if (const auto* bo = dyn_cast<BinaryOperator>(e);
      bo && (bo->getOpcode() == BO_Add || bo->getOpcode() == BO_Sub)) {
    const auto l = static_range(bo->getLHS(), ctx), r = static_range(bo->getRHS(), ctx);
    if (!l || !r) return std::nullopt;
    const long long lim = 1LL << 40;  // far from any overflow of the sums
    for (long long x : {l->lo, l->hi, r->lo, r->hi})
      if (x < -lim || x > lim) return std::nullopt;
    if (bo->getOpcode() == BO_Add) return int_range{l->lo + r->lo, l->hi + r->hi};
    return int_range{l->lo - r->hi, l->hi - r->lo};
  }
  return std::nullopt;
}

bool proven_in(const Expr* idx, std::uint64_t n, ASTContext& ctx) {
  const auto r = static_range(idx, ctx);
  return r && r->lo >= 0 && static_cast<std::uint64_t>(r->hi) < n;
}

// A subscript whose value can be computed again for a test without changing
// anything or touching checked memory: constants and private scalars (locals,
// parameters, members and constant-subscripted elements of private arrays and
// structs) under arithmetic, casts and comparisons.
bool recomputable(const Expr* e) {
  e = e->IgnoreParens();
  if (isa<IntegerLiteral>(e) || isa<CharacterLiteral>(e)) return true;
  if (const auto* ce = dyn_cast<CastExpr>(e))
    return (ce->getCastKind() == CK_LValueToRValue || ce->getCastKind() == CK_IntegralCast ||
            ce->getCastKind() == CK_NoOp) &&
           recomputable(ce->getSubExpr());
  if (const auto* dr = dyn_cast<DeclRefExpr>(e)) {
    if (isa<EnumConstantDecl>(dr->getDecl())) return true;
    const auto* v = dyn_cast<VarDecl>(dr->getDecl());
    if (!v || !v->hasLocalStorage() || v->getType().isVolatileQualified()) return false;
    const LangAS as = v->getType().getAddressSpace();
    return as == LangAS::Default || as == LangAS::opencl_private;
  }
  if (const auto* me = dyn_cast<MemberExpr>(e))
    return !me->isArrow() && recomputable(me->getBase());
  if (const auto* as = dyn_cast<ArraySubscriptExpr>(e)) {
    const Expr* b = as->getBase()->IgnoreParenImpCasts();
    return b->getType()->isConstantArrayType() && recomputable(b) &&
           isa<IntegerLiteral>(as->getIdx()->IgnoreParenImpCasts());
  }
  if (const auto* uo = dyn_cast<UnaryOperator>(e))
    return (uo->getOpcode() == UO_Minus || uo->getOpcode() == UO_Plus ||
            uo->getOpcode() == UO_Not || uo->getOpcode() == UO_LNot) &&
           recomputable(uo->getSubExpr());
  if (const auto* bo = dyn_cast<BinaryOperator>(e)) {
    switch (bo->getOpcode()) {
      case BO_Add:
      case BO_Sub:
      case BO_Mul:
      case BO_And:
      case BO_Or:
      case BO_Xor:
      case BO_LT:
      case BO_GT:
      case BO_LE:
      case BO_GE:
      case BO_EQ:
      case BO_NE:
        return recomputable(bo->getLHS()) && recomputable(bo->getRHS());
      default:
        return false;
    }
  }
  return false;
}

// For a tile_static access t[i]..[j] of a variable of constant array type: "1"
// when every subscript is statically within its dimension; else a test that the
// others are, which the runtime passes on (__ampcl_lp_in, __ampcl_lqp_in); empty
// when a subscript can be neither proven nor recomputed. An address whose
// subscripts are all within their dimensions lies inside the object, so the
// object's bounds check is implied.
std::string in_bounds_test(const Expr* e, rewrite_context& cx,
                           std::vector<const Expr*>* tested = nullptr) {
  std::string test;
  const Expr* x = e->IgnoreParens();
  if (!isa<ArraySubscriptExpr>(x)) return {};
  while (auto* as = dyn_cast<ArraySubscriptExpr>(x)) {
    const Expr* b = as->getBase()->IgnoreParenImpCasts();
    const auto* cat = cx.ast().getAsConstantArrayType(b->getType());
    if (!cat) return {};
    const std::uint64_t n = cat->getSize().getZExtValue();
    const Expr* idx = as->getIdx();
    if (!proven_in(idx, n, cx.ast())) {
      if (!recomputable(idx) || !cx.in_main(idx) || idx->getBeginLoc().isMacroID() ||
          idx->getEndLoc().isMacroID())
        return {};
      test += std::string(test.empty() ? "" : " && ") + "(ulong)(long)(" + cx.text_of(idx) +
              ") < " + std::to_string(n) + "UL";
      if (tested) tested->push_back(idx);
    }
    x = b;
  }
  const auto* dr = dyn_cast<DeclRefExpr>(x);
  const auto* v = dr ? dyn_cast<VarDecl>(dr->getDecl()) : nullptr;
  if (!v || !v->getType()->isConstantArrayType()) return {};
  return test.empty() ? "1" : "(" + test + ")";
}

// Inner dimensions of multi-dimensional arrays (t[r][c]): each index against its
// own bound, a subscript-out-of-range when outside it (the address may still lie in
// the array). The outermost one is the object's bounds check. A subscript proven
// within its dimension (static_range) needs no check.
void check_inner_indices(const Expr* e, std::uint32_t id, space s, rewrite_context& cx,
                         const char* hook = "__ampcl_subscript") {
  const Expr* x = e->IgnoreParens();
  while (auto* as = dyn_cast<ArraySubscriptExpr>(x)) {
    const Expr* b = as->getBase()->IgnoreParenImpCasts();
    if (isa<DeclRefExpr>(b)) break;
    if (const auto* cat = cx.ast().getAsConstantArrayType(b->getType())) {
      const Expr* idx = as->getIdx();
      if (cx.in_main(idx) && !proven_in(idx, cat->getSize().getZExtValue(), cx.ast()))
        cx.wrap(idx, std::string(hook) + "(__ampcl_c, (long)(",
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
//
// A quiet store (quiet_reads.hpp, local_id_subscripts.hpp) calls __ampcl_lqput with
// `quiet_args`: the dimensions its subscripts name and its in-bounds test. A store
// to an owned element (owned_elements.hpp) calls __ampcl_gputo with `owned_args`:
// its stride and form.
bool rewrite_scalar_store(const Expr* raw, const Expr* e, space s, int obj, std::uint32_t id,
                          const std::string& quiet_args, rewrite_context& cx,
                          const std::string& owned_args = "") {
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
  const bool quiet = !quiet_args.empty() && !wide;
  const bool owned = !owned_args.empty() && !wide;
  if (!owned_args.empty() && wide) return false;
  cx.insert_after(raw->getBeginLoc(), "as_" + b.type + "(" + (wide ? "" : "(" + b.bits + ")") +
                                          rewrite_context::hook(s) +
                                          (quiet   ? "qput"
                                           : owned ? "puto"
                                                   : "put") +
                                          b.suffix + "(__ampcl_c, (" +
                                          rewrite_context::void_pointer(s) + ")&(");
  cx.replace(op, 1,
             "), sizeof(" + b.type + "), " + std::to_string(obj) + ", " + u(id) + ", " +
                 (wide ? "" : "(ulong)") + "as_" + b.bits + "((" + b.type + ")(");
  cx.insert_before(cx.end_of(bo->getRHS()), "))" +
                                                (quiet   ? quiet_args
                                                 : owned ? owned_args
                                                         : "") +
                                                "))");
  if (quiet) cx.site(id).quiet = true;
  return true;
}

// ", dims, test" for a plain tile_static store that races with nothing where its
// test holds and the tile is one work-item wide outside `dims` (__ampcl_lqput);
// empty for any other store.
std::string quiet_store_args(const Expr* e, space s, int obj, rewrite_context& cx) {
  if (s != space::local || obj < 0 || !cx.quiet_store(e)) return {};
  const std::optional<std::uint32_t> dims = local_id_dims(e, cx.ast(), cx.function());
  const std::string test = dims ? in_bounds_test(e, cx) : "";
  return test.empty() ? "" : ", " + u(*dims) + ", " + test;
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
                              rewrite_context::memory_of(s), base ? base->getDecl() : nullptr);
  const int obj = cx.object_index(base, s);
  cx.narrow_granule(s, obj, raw->getType());
  // A quiet read in a loop emitted twice (quiet_loops.hpp) calls hooks the fast
  // copy redefines; where its in-bounds test holds through the loop, the test is
  // made once before it, and the fast copy checks no subscript of it.
  const bool quiet = kind == access_kind::read && s == space::local && obj >= 0 && cx.quiet(e);
  const Stmt* loop = quiet && static_cast<std::uint32_t>(obj) < layout::max_written_words
                         ? outermost_barrier_free_loop(cx.ast(), cx.plan(), e)
                         : nullptr;
  std::vector<const Expr*> tested;  // the subscripts the in-bounds test checks
  std::string inb = s == space::local && obj >= 0 ? in_bounds_test(e, cx, &tested) : "";
  bool hoisted = loop && !inb.empty() && inb != "1";
  for (const Expr* idx : tested) hoisted = hoisted && holds_through(idx, loop, cx.function());
  check_inner_indices(e, id, s, cx, hoisted ? kQuietSubscriptHook : "__ampcl_subscript");
  const std::string range =
      chain.empty() ? "0u, sizeof(*(" + ptr + ")0)" : component_range(chain, e->getType(), cx);
  // An element the work-item owns (owned_elements.hpp): bounds and form only.
  if (const owned_form* f =
          s == space::global && obj >= 0 && chain.empty() ? cx.owned_access(e) : nullptr) {
    const auto origin = [](const std::string& o) { return o.empty() ? std::string("0L") : o; };
    const std::string owned_args = ", " + (f->stride.empty() ? std::string("0UL") : f->stride) +
                                   ", " + origin(f->y_origin) + ", " + origin(f->x_origin) + ", " +
                                   u(f->code());
    if (kind == access_kind::write && e == raw->IgnoreParens() &&
        rewrite_scalar_store(raw, e, s, obj, id, "", cx, owned_args))
      return;
    cx.wrap(e, "(*(" + ptr + ")__ampcl_gpo(__ampcl_c, (__global void*)&(",
            "), " + range + ", " + std::to_string(obj) + ", " + u(id) + ", " +
                u(static_cast<unsigned>(kind)) + owned_args + "))");
    return;
  }
  // A read of a read-only buffer (owned_elements.hpp): bounds only.
  if (s == space::global && obj >= 0 && kind == access_kind::read && chain.empty() &&
      cx.read_only_access(e)) {
    cx.wrap(e, "(*(" + ptr + ")__ampcl_gpr(__ampcl_c, (__global void*)&(",
            "), " + range + ", " + std::to_string(obj) + ", " + u(id) + "))");
    return;
  }
  if (kind == access_kind::write && chain.empty() && e == raw->IgnoreParens() &&
      rewrite_scalar_store(raw, e, s, obj, id, quiet_store_args(e, s, obj, cx), cx))
    return;
  if (quiet) {
    cx.site(id).quiet = true;
    std::string hook = "__ampcl_lqp_in";
    if (loop) {
      quiet_loop& q = cx.quiet_loops[loop];
      q.objects |= 1u << obj;
      hook = kQuietReadHook;
      if (hoisted) {
        q.tests.insert(inb);
        inb = std::string(kQuietInBoundsHook) + "(" + inb + ")";
      }
    }
    cx.wrap(e, "(*(" + ptr + ")" + hook + "(__ampcl_c, (__local void*)&(",
            "), " + range + ", " + std::to_string(obj) + ", " + u(id) + ", " +
                (inb.empty() ? std::string("0") : inb) + "))");
    return;
  }
  if (!inb.empty()) {
    cx.wrap(e, "(*(" + ptr + ")__ampcl_lp_in(__ampcl_c, (__local void*)&(",
            "), " + range + ", " + std::to_string(obj) + ", " + u(id) + ", " +
                u(static_cast<unsigned>(kind)) + ", " + inb + "))");
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
    if (const auto* uo = parents[0].get<UnaryOperator>(); uo && uo->getOpcode() == UO_AddrOf) ++n;
  if (proven_in(idx, n, cx.ast())) return;
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
