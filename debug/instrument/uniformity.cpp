#include "uniformity.hpp"

#include <clang/AST/RecursiveASTVisitor.h>

#include <functional>
#include <string>

#include "rewrite_plan.hpp"

namespace ampcl::debug::detail {

using namespace clang;

namespace {

bool starts_with(const std::string& s, const char* prefix) {
  return s.rfind(prefix, 0) == 0;
}

// A variable each work-item has its own copy of (function scope, private).
bool is_private_variable(const ValueDecl* d) {
  const auto* v = dyn_cast<VarDecl>(d);
  if (!v || isa<ParmVarDecl>(v)) return false;
  return v->hasLocalStorage() && v->getType().getAddressSpace() != LangAS::opencl_local;
}

// The private variable an assignment to `lhs` changes (x, x[i], x.f, x.xy), or null.
const ValueDecl* assigned_variable(const Expr* lhs) {
  const Expr* e = lhs->IgnoreParenImpCasts();
  for (;;) {
    if (const auto* dr = dyn_cast<DeclRefExpr>(e))
      return is_private_variable(dr->getDecl()) || isa<ParmVarDecl>(dr->getDecl())
                 ? dr->getDecl()
                 : nullptr;
    if (const auto* as = dyn_cast<ArraySubscriptExpr>(e)) {
      e = as->getBase()->IgnoreParenImpCasts();
      // p[i] = x stores to the memory p points to, not to p (an array or a
      // vector is the variable itself).
      if (e->getType()->isPointerType()) return nullptr;
    } else if (const auto* me = dyn_cast<MemberExpr>(e)) {
      if (me->isArrow()) return nullptr;
      e = me->getBase()->IgnoreParenImpCasts();
    } else if (const auto* ve = dyn_cast<ExtVectorElementExpr>(e)) {
      e = ve->getBase()->IgnoreParenImpCasts();
    } else {
      return nullptr;
    }
  }
}

// The subscripts on the way from `lhs` to the variable it names (x[i].f[j]: i, j):
// an assignment through a non-uniform one changes different elements in
// different work-items.
template <class Uniform>
bool subscripts_uniform(const Expr* lhs, const Uniform& uniform) {
  const Expr* e = lhs->IgnoreParenImpCasts();
  for (;;) {
    if (const auto* as = dyn_cast<ArraySubscriptExpr>(e)) {
      if (!uniform(as->getIdx())) return false;
      e = as->getBase()->IgnoreParenImpCasts();
    } else if (const auto* me = dyn_cast<MemberExpr>(e)) {
      e = me->getBase()->IgnoreParenImpCasts();
    } else if (const auto* ve = dyn_cast<ExtVectorElementExpr>(e)) {
      e = ve->getBase()->IgnoreParenImpCasts();
    } else {
      return true;
    }
  }
}

// Whether `body` (a loop's) can be left or skipped by some work-items and not
// others: a break or continue of this loop under a condition `uniform` rejects.
template <class Uniform>
bool escapes_unevenly(const Stmt* s, bool even, const Uniform& uniform) {
  if (!s) return false;
  if (isa<BreakStmt>(s) || isa<ContinueStmt>(s)) return !even;
  // Loops and switches of their own own their breaks (and loops their continues);
  // a continue in a nested switch still belongs to this loop.
  if (isa<ForStmt>(s) || isa<WhileStmt>(s) || isa<DoStmt>(s)) return false;
  if (const auto* is = dyn_cast<IfStmt>(s)) {
    const bool e = even && uniform(is->getCond());
    return escapes_unevenly(is->getThen(), e, uniform) ||
           escapes_unevenly(is->getElse(), e, uniform);
  }
  if (const auto* ss = dyn_cast<SwitchStmt>(s)) {
    // Its breaks are its own; a continue inside leaves this loop's iteration.
    struct continues : RecursiveASTVisitor<continues> {
      bool found = false;
      bool VisitContinueStmt(ContinueStmt*) { return !(found = true); }
      bool TraverseForStmt(ForStmt*) { return true; }
      bool TraverseWhileStmt(WhileStmt*) { return true; }
      bool TraverseDoStmt(DoStmt*) { return true; }
    } c;
    c.TraverseStmt(const_cast<Stmt*>(ss->getBody()));
    return c.found && !(even && uniform(ss->getCond()));
  }
  for (const Stmt* child : s->children())
    if (escapes_unevenly(child, even, uniform)) return true;
  return false;
}

}  // namespace

uniformity::uniformity(ASTContext& ctx, const std::set<const FunctionDecl*>& functions,
                       const FunctionDecl* kernel)
    : ctx_(ctx), functions_(functions), kernel_(kernel) {
  solve();
}

bool uniformity::variable_uniform(const ValueDecl* d) const {
  return !varying_.count(d);
}

bool uniformity::uniform(const Expr* raw) const {
  if (!raw) return true;
  const Expr* e = raw->IgnoreParens();
  if (isa<IntegerLiteral>(e) || isa<FloatingLiteral>(e) || isa<CharacterLiteral>(e) ||
      isa<UnaryExprOrTypeTraitExpr>(e) || isa<StringLiteral>(e))
    return true;
  if (const auto* dr = dyn_cast<DeclRefExpr>(e)) {
    const ValueDecl* d = dr->getDecl();
    if (isa<EnumConstantDecl>(d) || isa<FunctionDecl>(d)) return true;
    if (is_private_variable(d) || isa<ParmVarDecl>(d)) return variable_uniform(d);
    return true;  // a __local, __constant or program-scope object: its address
  }
  if (const auto* ice = dyn_cast<ImplicitCastExpr>(e)) {
    if (ice->getCastKind() != CK_LValueToRValue) return uniform(ice->getSubExpr());
    // A load: of a private variable, its value; of memory, its address.
    const Expr* from = ice->getSubExpr()->IgnoreParens();
    while (const auto* ve = dyn_cast<ExtVectorElementExpr>(from))
      from = ve->getBase()->IgnoreParens();
    if (const auto* dr = dyn_cast<DeclRefExpr>(from)) {
      const ValueDecl* d = dr->getDecl();
      if (is_private_variable(d) || isa<ParmVarDecl>(d)) return variable_uniform(d);
      return true;
    }
    if (const auto* as = dyn_cast<ArraySubscriptExpr>(from)) {
      const Expr* base = as->getBase()->IgnoreParenImpCasts();
      if (const auto* dr = dyn_cast<DeclRefExpr>(base); dr && is_private_variable(dr->getDecl()))
        return variable_uniform(dr->getDecl()) && uniform(as->getIdx());
      return uniform(as->getBase()) && uniform(as->getIdx());
    }
    if (const auto* me = dyn_cast<MemberExpr>(from)) {
      if (me->isArrow()) return uniform(me->getBase());
      const ValueDecl* var = assigned_variable(me);
      if (var) return variable_uniform(var);
      return false;
    }
    if (const auto* uo = dyn_cast<UnaryOperator>(from); uo && uo->getOpcode() == UO_Deref)
      return uniform(uo->getSubExpr());
    return false;
  }
  if (const auto* ce = dyn_cast<CastExpr>(e)) return uniform(ce->getSubExpr());
  if (const auto* uo = dyn_cast<UnaryOperator>(e)) {
    if (uo->isIncrementDecrementOp()) return false;
    if (uo->getOpcode() == UO_AddrOf) {
      const ValueDecl* var = assigned_variable(uo->getSubExpr());
      if (var) return false;  // each work-item's own copy
      return uniform(uo->getSubExpr());
    }
    return uniform(uo->getSubExpr());
  }
  if (const auto* bo = dyn_cast<BinaryOperator>(e)) {
    if (bo->getOpcode() == BO_Comma || bo->getOpcode() == BO_Assign) return uniform(bo->getRHS());
    // x += y: the value is x + y.
    return uniform(bo->getLHS()) && uniform(bo->getRHS());
  }
  if (const auto* co = dyn_cast<AbstractConditionalOperator>(e))
    return uniform(co->getCond()) && uniform(co->getTrueExpr()) && uniform(co->getFalseExpr());
  if (const auto* as = dyn_cast<ArraySubscriptExpr>(e))
    return uniform(as->getBase()) && uniform(as->getIdx());
  if (const auto* ve = dyn_cast<ExtVectorElementExpr>(e)) return uniform(ve->getBase());
  if (const auto* me = dyn_cast<MemberExpr>(e)) return uniform(me->getBase());
  if (const auto* il = dyn_cast<InitListExpr>(e)) {
    for (const Expr* init : il->inits())
      if (!uniform(init)) return false;
    return true;
  }
  if (const auto* call = dyn_cast<CallExpr>(e)) {
    const std::string name = callee_name(call);
    const FunctionDecl* fd = call->getDirectCallee();
    // A function with a body (the program's own, or one of a header's, such as
    // ampcl.clh's amp_tiled_index1(), which reads get_local_id) may return each
    // work-item its own value whatever its arguments: only builtins are judged.
    if (!fd || fd->getDefinition()) return false;
    if (starts_with(name, "get_local_id") || starts_with(name, "get_global_id") ||
        name.find("linear_id") != std::string::npos || starts_with(name, "get_sub_group") ||
        starts_with(name, "atomic_") || starts_with(name, "atom_") ||
        starts_with(name, "async_work_group") || starts_with(name, "work_group_scan"))
      return false;
    for (const Expr* arg : call->arguments())
      if (!uniform(arg)) return false;
    return true;
  }
  return false;
}

bool uniformity::pass(const FunctionDecl* fn) {
  bool changed = false;
  auto vary = [&](const ValueDecl* d) {
    if (d && varying_.insert(d).second) changed = true;
  };
  auto cond_uniform = [this](const Expr* c) { return uniform(c); };
  // Walks statements under `even` (uniform) control.
  std::function<void(const Stmt*, bool)> walk = [&](const Stmt* s, bool even) {
    if (!s) return;
    if (const auto* ds = dyn_cast<DeclStmt>(s)) {
      for (const Decl* d : ds->decls())
        if (const auto* v = dyn_cast<VarDecl>(d); v && v->hasInit()) {
          if (!even || !uniform(v->getInit())) vary(v);
          walk(v->getInit(), even);
        }
      return;
    }
    if (const auto* bo = dyn_cast<BinaryOperator>(s)) {
      if (bo->isAssignmentOp()) {
        if (!even || !uniform(bo->getRHS()) || !subscripts_uniform(bo->getLHS(), cond_uniform))
          vary(assigned_variable(bo->getLHS()));
      } else if (bo->isLogicalOp()) {
        walk(bo->getLHS(), even);
        walk(bo->getRHS(), even && uniform(bo->getLHS()));
        return;
      }
    }
    if (const auto* uo = dyn_cast<UnaryOperator>(s)) {
      if (uo->isIncrementDecrementOp() &&
          (!even || !subscripts_uniform(uo->getSubExpr(), cond_uniform)))
        vary(assigned_variable(uo->getSubExpr()));
      if (uo->getOpcode() == UO_AddrOf) vary(assigned_variable(uo->getSubExpr()));
    }
    if (const auto* ice = dyn_cast<ImplicitCastExpr>(s);
        ice && ice->getCastKind() == CK_ArrayToPointerDecay)
      vary(assigned_variable(ice->getSubExpr()));  // a private array handed on as a pointer
    if (const auto* call = dyn_cast<CallExpr>(s)) {
      const FunctionDecl* fd = call->getDirectCallee();
      const FunctionDecl* def = fd ? fd->getDefinition() : nullptr;
      if (def && functions_.count(def) && def != kernel_)
        for (unsigned i = 0; i < call->getNumArgs() && i < def->getNumParams(); ++i)
          if (!even || !uniform(call->getArg(i))) vary(def->getParamDecl(i));
    }
    if (const auto* co = dyn_cast<AbstractConditionalOperator>(s)) {
      walk(co->getCond(), even);
      const bool arms = even && uniform(co->getCond());
      walk(co->getTrueExpr(), arms);
      walk(co->getFalseExpr(), arms);
      return;
    }
    if (const auto* is = dyn_cast<IfStmt>(s)) {
      walk(is->getCond(), even);
      const bool arms = even && uniform(is->getCond());
      walk(is->getThen(), arms);
      walk(is->getElse(), arms);
      return;
    }
    if (const auto* ss = dyn_cast<SwitchStmt>(s)) {
      walk(ss->getCond(), even);
      walk(ss->getBody(), even && uniform(ss->getCond()));
      return;
    }
    const Expr* cond = nullptr;
    const Stmt* body = nullptr;
    const Stmt* init = nullptr;
    const Expr* inc = nullptr;
    if (const auto* fs = dyn_cast<ForStmt>(s)) {
      init = fs->getInit(), cond = fs->getCond(), inc = fs->getInc(), body = fs->getBody();
    } else if (const auto* ws = dyn_cast<WhileStmt>(s)) {
      cond = ws->getCond(), body = ws->getBody();
    } else if (const auto* dos = dyn_cast<DoStmt>(s)) {
      cond = dos->getCond(), body = dos->getBody();
    }
    if (body) {
      walk(init, even);
      walk(cond, even);
      const bool inside =
          even && uniform(cond) && !escapes_unevenly(body, true, cond_uniform);
      walk(body, inside);
      walk(inc, inside);
      return;
    }
    for (const Stmt* child : s->children()) walk(child, even);
  };
  walk(fn->getBody(), true);
  return changed;
}

void uniformity::solve() {
  // Variables only ever become varying, so the passes reach a fixed point.
  bool changed = true;
  while (changed) {
    changed = false;
    for (const FunctionDecl* fn : functions_) changed = pass(fn) || changed;
  }
}

}  // namespace ampcl::debug::detail
