#include "local_id_subscripts.hpp"

#include <clang/AST/ParentMapContext.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include <map>
#include <utility>
#include <vector>

#include "rewrite_plan.hpp"

namespace ampcl::debug::detail {

namespace {

using namespace clang;

constexpr int kMaxDepth = 8;  // variables and helpers followed, one into another

// A conversion of a coordinate to `t` keeps its value: an integer of 32 bits or more.
bool keeps_coordinate(QualType t, ASTContext& ctx) {
  return t->isIntegerType() && ctx.getTypeSize(t) >= 32;
}

// Everything in `fn` that may change `v` or any member or element of it: writes
// through it (=, op=, ++, --), its address taken, an array of it decaying to a
// pointer other than to be subscripted.
std::vector<const Stmt*> changes_of(const VarDecl* v, const FunctionDecl* fn, ASTContext& ctx) {
  struct finder : RecursiveASTVisitor<finder> {
    const VarDecl* v;
    ASTContext* ctx;
    std::vector<const Stmt*> found;
    bool through_v(const Expr* e) const {
      const DeclRefExpr* b = base_ref(e);
      return b && b->getDecl() == v;
    }
    bool VisitBinaryOperator(BinaryOperator* bo) {
      if (bo->isAssignmentOp() && through_v(bo->getLHS())) found.push_back(bo);
      return true;
    }
    bool VisitUnaryOperator(UnaryOperator* uo) {
      if ((uo->isIncrementDecrementOp() || uo->getOpcode() == UO_AddrOf) &&
          through_v(uo->getSubExpr()))
        found.push_back(uo);
      return true;
    }
    bool VisitImplicitCastExpr(ImplicitCastExpr* c) {
      if (c->getCastKind() != CK_ArrayToPointerDecay || !through_v(c->getSubExpr())) return true;
      const auto parents = ctx->getParents(*c);
      const auto* as = parents.size() == 1 ? parents[0].get<ArraySubscriptExpr>() : nullptr;
      if (!as || as->getBase() != c) found.push_back(c);
      return true;
    }
  } f;
  f.v = v;
  f.ctx = &ctx;
  if (fn && fn->getBody()) f.TraverseStmt(fn->getBody());
  return f.found;
}

// `e` as member `field` (element `index` of it, or -1: the member itself) of the
// variable `var`: r.f[2] -> (r, f, 2), r.f -> (r, f, -1).
struct member_ref {
  const VarDecl* var = nullptr;
  const FieldDecl* field = nullptr;
  long long index = -1;
};
std::optional<member_ref> as_member(const Expr* e, ASTContext& ctx) {
  member_ref m;
  e = e->IgnoreParens();
  if (const auto* as = dyn_cast<ArraySubscriptExpr>(e)) {
    const auto i = integer_constant(as->getIdx(), ctx);
    if (!i) return std::nullopt;
    m.index = *i;
    e = as->getBase()->IgnoreParenImpCasts();
  }
  const auto* me = dyn_cast<MemberExpr>(e);
  if (!me || me->isArrow()) return std::nullopt;
  const auto* base = dyn_cast<DeclRefExpr>(me->getBase()->IgnoreParenImpCasts());
  m.var = base ? dyn_cast<VarDecl>(base->getDecl()) : nullptr;
  m.field = dyn_cast<FieldDecl>(me->getMemberDecl());
  if (!m.var || !m.field) return std::nullopt;
  return m;
}

std::optional<unsigned> coordinate(const Expr* e, ASTContext& ctx, const FunctionDecl* fn,
                                   int depth, const char* id_builtin);

// Whether `s` runs exactly once whenever `body` runs: only blocks and
// do { } while (0) lie between them.
bool runs_once(const Stmt* s, const Stmt* body, ASTContext& ctx) {
  DynTypedNode n = DynTypedNode::create(*s);
  for (int i = 0; i < 64; ++i) {
    const auto parents = ctx.getParents(n);
    if (parents.size() != 1) return false;
    n = parents[0];
    const Stmt* p = n.get<Stmt>();
    if (p == body) return true;
    if (isa_and_nonnull<CompoundStmt>(p)) continue;
    const auto* loop = dyn_cast_or_null<DoStmt>(p);
    if (!loop || integer_constant(loop->getCond(), ctx).value_or(1) != 0) return false;
  }
  return false;
}

// What `T g(void) { T r; ... r.f[i] = X; ... return r; }` returns in r.f[i], when
// X is a coordinate, every change of r is such a member assignment, run once, each
// member assigned once, and the return is g's last statement.
std::optional<unsigned> returned_coordinate(const FunctionDecl* g, const member_ref& want,
                                            ASTContext& ctx, int depth, const char* id_builtin) {
  g = g ? g->getDefinition() : nullptr;
  const auto* body = g ? dyn_cast_or_null<CompoundStmt>(g->getBody()) : nullptr;
  if (!body || g->getNumParams() != 0 || body->body_empty()) return std::nullopt;
  const auto* ret = dyn_cast<ReturnStmt>(body->body_back());
  const auto* rv = ret && ret->getRetValue()
                       ? dyn_cast<DeclRefExpr>(ret->getRetValue()->IgnoreParenImpCasts())
                       : nullptr;
  const auto* r = rv ? dyn_cast<VarDecl>(rv->getDecl()) : nullptr;
  if (!r || !r->hasLocalStorage() || r->getType().isVolatileQualified()) return std::nullopt;
  struct returns : RecursiveASTVisitor<returns> {
    int n = 0;
    bool VisitReturnStmt(ReturnStmt*) {
      ++n;
      return true;
    }
  } count;
  count.TraverseStmt(const_cast<CompoundStmt*>(body));
  if (count.n != 1) return std::nullopt;
  std::map<std::pair<const FieldDecl*, long long>, std::vector<const Expr*>> assigned;
  for (const Stmt* s : changes_of(r, g, ctx)) {
    const auto* bo = dyn_cast<BinaryOperator>(s);
    const auto m = bo && bo->getOpcode() == BO_Assign ? as_member(bo->getLHS(), ctx) : std::nullopt;
    if (!m || m->var != r || !runs_once(bo, body, ctx)) return std::nullopt;
    assigned[{m->field, m->index}].push_back(bo->getRHS());
  }
  const auto it = assigned.find({want.field, want.index});
  if (it == assigned.end() || it->second.size() != 1) return std::nullopt;
  return coordinate(it->second.front(), ctx, g, depth + 1, id_builtin);
}

// The dimension d of id_builtin(d) (get_local_id, get_global_id) that `e`, evaluated
// in `fn`, always equals.
std::optional<unsigned> coordinate(const Expr* e, ASTContext& ctx, const FunctionDecl* fn,
                                   int depth, const char* id_builtin) {
  if (depth > kMaxDepth) return std::nullopt;
  e = e->IgnoreParens();
  if (const auto* c = dyn_cast<CastExpr>(e)) {
    const CastKind k = c->getCastKind();
    if (k == CK_LValueToRValue || k == CK_NoOp ||
        (k == CK_IntegralCast && keeps_coordinate(c->getType(), ctx)))
      return coordinate(c->getSubExpr(), ctx, fn, depth, id_builtin);
    return std::nullopt;
  }
  if (const auto* call = dyn_cast<CallExpr>(e)) {
    if (callee_name(call) != id_builtin || call->getNumArgs() != 1) return std::nullopt;
    const auto d = integer_constant(call->getArg(0), ctx);
    if (!d || *d < 0 || *d > 2) return std::nullopt;
    return static_cast<unsigned>(*d);
  }
  if (const auto* ref = dyn_cast<DeclRefExpr>(e)) {  // a variable set once from one
    const auto* v = dyn_cast<VarDecl>(ref->getDecl());
    if (!v || isa<ParmVarDecl>(v) || !v->hasLocalStorage() || !v->getInit() ||
        v->getType().isVolatileQualified() || !keeps_coordinate(v->getType(), ctx) ||
        !changes_of(v, fn, ctx).empty())
      return std::nullopt;
    return coordinate(v->getInit(), ctx, fn, depth + 1, id_builtin);
  }
  // a member of a struct returned by a helper and never changed: t.local_[0]
  const auto m = as_member(e, ctx);
  if (!m || isa<ParmVarDecl>(m->var) || !m->var->hasLocalStorage() || !m->var->getInit() ||
      m->var->getType().isVolatileQualified() || !changes_of(m->var, fn, ctx).empty())
    return std::nullopt;
  const auto* call = dyn_cast<CallExpr>(m->var->getInit()->IgnoreImplicit());
  if (!call || call->getNumArgs() != 0) return std::nullopt;
  return returned_coordinate(call->getDirectCallee(), *m, ctx, depth, id_builtin);
}

}  // namespace

std::optional<unsigned> work_item_coordinate(const Expr* e, ASTContext& ctx, const FunctionDecl* fn,
                                             const char* id_builtin) {
  return coordinate(e, ctx, fn, 0, id_builtin);
}

bool never_changed(const VarDecl* v, const FunctionDecl* fn, ASTContext& ctx) {
  return changes_of(v, fn, ctx).empty();
}

std::optional<std::uint32_t> local_id_dims(const Expr* lvalue, ASTContext& ctx,
                                           const FunctionDecl* fn) {
  const Expr* x = lvalue->IgnoreParens();
  if (!isa<ArraySubscriptExpr>(x)) return std::nullopt;
  std::uint32_t dims = 0;
  while (const auto* as = dyn_cast<ArraySubscriptExpr>(x)) {
    const Expr* idx = as->getIdx()->IgnoreParens();
    if (!integer_constant(idx, ctx)) {
      // a coordinate, plus or minus a constant
      if (const auto* bo = dyn_cast<BinaryOperator>(idx)) {
        if (bo->getOpcode() == BO_Add && integer_constant(bo->getLHS(), ctx))
          idx = bo->getRHS();
        else if ((bo->getOpcode() == BO_Add || bo->getOpcode() == BO_Sub) &&
                 integer_constant(bo->getRHS(), ctx))
          idx = bo->getLHS();
      }
      const auto d = coordinate(idx, ctx, fn, 0, "get_local_id");
      if (!d || (dims >> *d) & 1u) return std::nullopt;
      dims |= 1u << *d;
    }
    x = as->getBase()->IgnoreParenImpCasts();
  }
  const auto* ref = dyn_cast<DeclRefExpr>(x);
  const auto* v = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
  if (!v || !v->getType()->isConstantArrayType()) return std::nullopt;
  return dims;
}

}  // namespace ampcl::debug::detail
