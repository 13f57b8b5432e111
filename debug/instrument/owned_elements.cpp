#include "owned_elements.hpp"

#include <clang/AST/ParentMapContext.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include <algorithm>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "local_id_subscripts.hpp"
#include "rewrite_plan.hpp"

namespace ampcl::debug::detail {

namespace {

using namespace clang;

// A pointer into __global memory, not volatile.
bool global_pointer(const ParmVarDecl* p) {
  const auto* pt = p->getType()->getAs<PointerType>();
  return pt && pt->getPointeeType().getAddressSpace() == LangAS::opencl_global &&
         !pt->getPointeeType().isVolatileQualified();
}

// A writable scalar: no vector, struct, bool or pointer.
bool scalar_pointee(const ParmVarDecl* p) {
  const QualType t = p->getType()->getAs<PointerType>()->getPointeeType();
  const auto* b = t.getCanonicalType()->getAs<BuiltinType>();
  return !t.isConstQualified() && b && (b->isInteger() || b->isFloatingPoint()) &&
         b->getKind() != BuiltinType::Bool;
}

// The kernel's references to its parameters, the subscripts P[i] made on them
// directly, and the names its own variables take.
struct uses : RecursiveASTVisitor<uses> {
  std::map<const ParmVarDecl*, int> refs;
  std::map<const ParmVarDecl*, std::vector<const ArraySubscriptExpr*>> subscripts;
  std::set<std::string> local_names;
  bool VisitDeclRefExpr(DeclRefExpr* r) {
    if (const auto* p = dyn_cast<ParmVarDecl>(r->getDecl())) ++refs[p];
    return true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr* as) {
    if (const auto* r = dyn_cast<DeclRefExpr>(as->getBase()->IgnoreParenImpCasts()))
      if (const auto* p = dyn_cast<ParmVarDecl>(r->getDecl())) subscripts[p].push_back(as);
    return true;
  }
  bool VisitVarDecl(VarDecl* v) {
    if (!isa<ParmVarDecl>(v)) local_names.insert(v->getName().str());
    return true;
  }
};

// How P[i] is used: 0 read, 1 written (=, op=, ++, --), -1 anything else (its
// address taken, an atomic, sizeof), which keeps P from being owned.
int use_of(const ArraySubscriptExpr* as, ASTContext& ctx) {
  DynTypedNode n = DynTypedNode::create(*as);
  const Stmt* child = as;
  for (int depth = 0; depth < 64; ++depth) {
    const auto parents = ctx.getParents(n);
    if (parents.size() != 1) return -1;
    n = parents[0];
    if (const auto* pe = n.get<ParenExpr>()) {
      child = pe;
      continue;
    }
    if (const auto* ice = n.get<ImplicitCastExpr>())
      return ice->getCastKind() == CK_LValueToRValue ? 0 : -1;
    if (const auto* bo = n.get<BinaryOperator>())
      return bo->isAssignmentOp() && bo->getLHS() == child ? 1 : -1;
    if (const auto* uo = n.get<UnaryOperator>()) return uo->isIncrementDecrementOp() ? 1 : -1;
    return -1;
  }
  return -1;
}

class form_finder {
 public:
  form_finder(const FunctionDecl* kernel, ASTContext& ctx, const std::set<std::string>& locals)
      : kernel_(kernel), ctx_(ctx), locals_(locals) {}

  std::optional<owned_form> operator()(const Expr* idx) const {
    idx = idx->IgnoreParenImpCasts();
    if (const auto y = coordinate(idx)) return owned_form{0, y->dim, 0, "", y->origin, ""};
    const auto* add = dyn_cast<BinaryOperator>(idx);
    if (!add || add->getOpcode() != BO_Add) return std::nullopt;
    for (const auto& [product, rest] :
         {std::pair(add->getLHS(), add->getRHS()), std::pair(add->getRHS(), add->getLHS())}) {
      const auto y = coordinate(rest);
      const auto* mul = dyn_cast<BinaryOperator>(product->IgnoreParenImpCasts());
      if (!y || !mul || mul->getOpcode() != BO_Mul) continue;
      for (const auto& [t, s] :
           {std::pair(mul->getLHS(), mul->getRHS()), std::pair(mul->getRHS(), mul->getLHS())}) {
        const std::optional<std::string> stride = stride_text(s);
        if (!stride) continue;
        owned_form f{1, y->dim, 0, *stride, y->origin, ""};
        if (const auto x = coordinate(t); x && x->dim != y->dim)
          f.mode = 2, f.x = x->dim, f.x_origin = x->origin;
        return f;
      }
    }
    // Y * S + T: a row of S elements each
    for (const auto& [product, rest] :
         {std::pair(add->getLHS(), add->getRHS()), std::pair(add->getRHS(), add->getLHS())}) {
      const auto* mul = dyn_cast<BinaryOperator>(product->IgnoreParenImpCasts());
      if (!mul || mul->getOpcode() != BO_Mul) continue;
      for (const auto& [t, s] :
           {std::pair(mul->getLHS(), mul->getRHS()), std::pair(mul->getRHS(), mul->getLHS())}) {
        const auto y = coordinate(t);
        const std::optional<std::string> stride = y ? stride_text(s) : std::nullopt;
        if (stride) return owned_form{3, y->dim, 0, *stride, y->origin, ""};
      }
    }
    return std::nullopt;
  }

  // Any index, where `as` lies under `if (Y == C && ...)` (one work-item: the
  // innermost such guard).
  std::optional<owned_form> alone(const ArraySubscriptExpr* as) const {
    DynTypedNode n = DynTypedNode::create(*as);
    for (int depth = 0; depth < 64; ++depth) {
      const auto parents = ctx_.getParents(n);
      if (parents.size() != 1) return std::nullopt;
      const Stmt* child = n.get<Stmt>();
      n = parents[0];
      const auto* guard = n.get<IfStmt>();
      if (guard && child && guard->getThen() == child)
        if (const auto f = equality(guard->getCond())) return f;
      if (n.get<FunctionDecl>()) return std::nullopt;
    }
    return std::nullopt;
  }

 private:
  // Y == C (or C == Y) among the && terms of `cond`.
  std::optional<owned_form> equality(const Expr* cond) const {
    const auto* bo = dyn_cast<BinaryOperator>(cond->IgnoreParenImpCasts());
    if (!bo) return std::nullopt;
    if (bo->getOpcode() == BO_LAnd) {
      if (auto f = equality(bo->getLHS())) return f;
      return equality(bo->getRHS());
    }
    if (bo->getOpcode() != BO_EQ) return std::nullopt;
    for (const auto& [y, c] :
         {std::pair(bo->getLHS(), bo->getRHS()), std::pair(bo->getRHS(), bo->getLHS())}) {
      const auto d = coordinate(y);
      const std::optional<std::string> value = d ? uniform(c) : std::nullopt;
      if (!value) continue;
      owned_form f{
          0, d->dim, 0, "", "(" + (d->origin.empty() ? "0L" : d->origin) + " - " + *value + ")",
          ""};
      f.alone = true;
      return f;
    }
    return std::nullopt;
  }

  struct coordinate_ref {
    unsigned dim = 0;
    std::string origin;  // "" for 0
  };

  // get_global_id(d) plus an origin every work-item shares: the call, a variable
  // set once from one, or either plus a uniform() expression.
  std::optional<coordinate_ref> coordinate(const Expr* e, int depth = 0) const {
    if (const auto d = work_item_coordinate(e, ctx_, kernel_, "get_global_id"))
      return coordinate_ref{*d, ""};
    if (depth > 4) return std::nullopt;
    e = e->IgnoreParenImpCasts();
    if (const auto* r = dyn_cast<DeclRefExpr>(e)) {
      const auto* v = dyn_cast<VarDecl>(r->getDecl());
      if (!v || isa<ParmVarDecl>(v) || !v->hasLocalStorage() || !v->getInit() ||
          !v->getType()->isIntegerType() || ctx_.getTypeSize(v->getType()) < 32 ||
          v->getType().isVolatileQualified() || !never_changed(v, kernel_, ctx_))
        return std::nullopt;
      return coordinate(v->getInit(), depth + 1);
    }
    const auto* add = dyn_cast<BinaryOperator>(e);
    if (!add || add->getOpcode() != BO_Add) return std::nullopt;
    for (const auto& [c, u] :
         {std::pair(add->getLHS(), add->getRHS()), std::pair(add->getRHS(), add->getLHS())}) {
      const std::optional<std::string> origin = uniform(u);
      const auto d = origin ? coordinate(c, depth + 1) : std::nullopt;  // gid + k + 1
      if (d)
        return coordinate_ref{
            d->dim, d->origin.empty() ? *origin : "(" + d->origin + " + " + *origin + ")"};
    }
    return std::nullopt;
  }

  // An integer every work-item computes alike, as OpenCL C text the hook can
  // evaluate again: constants and unchanged kernel parameters under + - *.
  std::optional<std::string> uniform(const Expr* e) const {
    if (const auto c = integer_constant(e, ctx_)) return "(" + std::to_string(*c) + "L)";
    e = e->IgnoreParenImpCasts();
    if (const auto* r = dyn_cast<DeclRefExpr>(e)) {
      const auto* p = dyn_cast<ParmVarDecl>(r->getDecl());
      if (!p || !p->getType()->isIntegerType() || p->getType().isVolatileQualified() ||
          locals_.count(p->getName().str()) || !never_changed(p, kernel_, ctx_))
        return std::nullopt;
      return "(long)" + p->getName().str();
    }
    const auto* bo = dyn_cast<BinaryOperator>(e);
    if (!bo ||
        (bo->getOpcode() != BO_Add && bo->getOpcode() != BO_Sub && bo->getOpcode() != BO_Mul))
      return std::nullopt;
    const auto l = uniform(bo->getLHS()), r = uniform(bo->getRHS());
    if (!l || !r) return std::nullopt;
    return "(" + *l + " " + bo->getOpcodeStr().str() + " " + *r + ")";
  }

  // S: a positive integer constant, or an integer parameter of the kernel that
  // nothing changes and no variable's name hides (the hook names it again).
  std::optional<std::string> stride_text(const Expr* e) const {
    if (const auto c = integer_constant(e, ctx_))
      return *c > 0 ? std::optional(std::to_string(*c) + "UL") : std::nullopt;
    const auto* r = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
    const auto* p = r ? dyn_cast<ParmVarDecl>(r->getDecl()) : nullptr;
    if (!p || !p->getType()->isIntegerType() || p->getType().isVolatileQualified() ||
        locals_.count(p->getName().str()) || !never_changed(p, kernel_, ctx_))
      return std::nullopt;
    return "(ulong)" + p->getName().str();
  }

  const FunctionDecl* kernel_;
  ASTContext& ctx_;
  const std::set<std::string>& locals_;
};

}  // namespace

unshadowed_buffers find_unshadowed_buffers(const FunctionDecl* kernel, ASTContext& ctx) {
  unshadowed_buffers out;
  if (!kernel || !kernel->getBody()) return out;
  uses u;
  u.TraverseStmt(kernel->getBody());
  const form_finder form(kernel, ctx, u.local_names);
  for (const ParmVarDecl* p : kernel->parameters()) {
    const auto& subs = u.subscripts[p];
    if (!global_pointer(p) || subs.empty() || static_cast<int>(subs.size()) != u.refs[p]) continue;
    if (std::all_of(subs.begin(), subs.end(),
                    [&](const ArraySubscriptExpr* as) { return use_of(as, ctx) == 0; })) {
      out.read_only.insert(p);
      continue;
    }
    if (!scalar_pointee(p)) continue;
    owned_buffer b;
    bool ok = true, written = false, same_x = true;
    const owned_form* first = nullptr;
    for (const ArraySubscriptExpr* as : subs) {
      const int use = use_of(as, ctx);
      const std::optional<owned_form> f = use < 0 ? std::nullopt : form(as->getIdx());
      if (!f) {
        ok = false;
        break;
      }
      written = written || use == 1;
      const owned_form& kept = b.accesses.emplace(as, *f).first->second;
      if (!first) first = &kept;
      // modes 1 and 2 give each work-item a residue of S, 3 a row: they do not mix
      const auto group = [](unsigned mode) { return mode == 2 ? 1u : mode; };
      if (group(f->mode) != group(first->mode) || f->y != first->y || f->stride != first->stride ||
          f->y_origin != first->y_origin) {
        ok = false;
        break;
      }
      same_x = same_x && f->mode == 2 && first->mode == 2 && f->x == first->x &&
               f->x_origin == first->x_origin;
    }
    if (!ok) {  // one work-item alone, under a guard
      ok = written = true;
      b.accesses.clear();
      for (const ArraySubscriptExpr* as : subs) {
        const std::optional<owned_form> f = use_of(as, ctx) < 0 ? std::nullopt : form.alone(as);
        if (!f || (!b.accesses.empty() && (f->y != b.accesses.begin()->second.y ||
                                           f->y_origin != b.accesses.begin()->second.y_origin))) {
          ok = false;
          break;
        }
        b.accesses.emplace(as, *f);
      }
      first = ok ? &b.accesses.begin()->second : nullptr;
    }
    if (!ok || !written) continue;
    b.dims = 1u << first->y;
    if (first->mode == 2 && same_x) b.dims |= 1u << first->x;
    out.owned.emplace(p, std::move(b));
  }
  return out;
}

}  // namespace ampcl::debug::detail
