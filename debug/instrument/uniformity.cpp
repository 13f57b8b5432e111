#include "uniformity.hpp"

#include <clang/AST/RecursiveASTVisitor.h>

#include <string>
#include <vector>

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
      return is_private_variable(dr->getDecl()) || isa<ParmVarDecl>(dr->getDecl()) ? dr->getDecl()
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

// Whether some work-items can leave `s` (a loop's or a switch's body) through a
// break or continue (`breaks`: the breaks are its own) that others pass: one
// under a condition `uniform` rejects. The statements after it then run in only
// some work-items.
template <class Uniform>
bool escapes_unevenly(const Stmt* s, bool even, bool breaks, const Uniform& uniform) {
  if (!s) return false;
  if (isa<BreakStmt>(s)) return breaks && !even;
  if (isa<ContinueStmt>(s)) return !even;
  // Loops own their breaks and continues.
  if (isa<ForStmt>(s) || isa<WhileStmt>(s) || isa<DoStmt>(s)) return false;
  if (const auto* is = dyn_cast<IfStmt>(s)) {
    const bool e = even && uniform(is->getCond());
    return escapes_unevenly(is->getThen(), e, breaks, uniform) ||
           escapes_unevenly(is->getElse(), e, breaks, uniform);
  }
  // A switch owns its breaks; a continue inside leaves this loop's iteration.
  if (const auto* ss = dyn_cast<SwitchStmt>(s))
    return escapes_unevenly(ss->getBody(), even && uniform(ss->getCond()), false, uniform);
  for (const Stmt* child : s->children())
    if (escapes_unevenly(child, even, breaks, uniform)) return true;
  return false;
}

bool has_goto(const Stmt* s) {
  if (!s) return false;
  if (isa<GotoStmt>(s) || isa<IndirectGotoStmt>(s)) return true;
  for (const Stmt* child : s->children())
    if (has_goto(child)) return true;
  return false;
}

}  // namespace

uniformity::uniformity(ASTContext& ctx, const std::set<const FunctionDecl*>& functions,
                       const FunctionDecl* kernel)
    : ctx_(ctx), functions_(functions), kernel_(kernel) {
  solve();
}

bool uniformity::variable_uniform(const ValueDecl* d, const state& st) const {
  return !st.count(d) && !address_taken_.count(d);
}

bool uniformity::uniform(const Expr* e) const {
  if (!e) return true;
  auto it = at_.find(e);
  return uniform_in(e, it != at_.end() ? it->second : anywhere_);
}

bool uniformity::uniform_in(const Expr* raw, const state& st) const {
  auto uniform = [&](const Expr* x) { return uniform_in(x, st); };
  if (!raw) return true;
  const Expr* e = raw->IgnoreParens();
  if (isa<IntegerLiteral>(e) || isa<FloatingLiteral>(e) || isa<CharacterLiteral>(e) ||
      isa<UnaryExprOrTypeTraitExpr>(e) || isa<StringLiteral>(e))
    return true;
  if (const auto* dr = dyn_cast<DeclRefExpr>(e)) {
    const ValueDecl* d = dr->getDecl();
    if (isa<EnumConstantDecl>(d) || isa<FunctionDecl>(d)) return true;
    if (is_private_variable(d) || isa<ParmVarDecl>(d)) return variable_uniform(d, st);
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
      if (is_private_variable(d) || isa<ParmVarDecl>(d)) return variable_uniform(d, st);
      return true;
    }
    if (const auto* as = dyn_cast<ArraySubscriptExpr>(from)) {
      const Expr* base = as->getBase()->IgnoreParenImpCasts();
      if (const auto* dr = dyn_cast<DeclRefExpr>(base); dr && is_private_variable(dr->getDecl()))
        return variable_uniform(dr->getDecl(), st) && uniform(as->getIdx());
      return uniform(as->getBase()) && uniform(as->getIdx());
    }
    if (const auto* me = dyn_cast<MemberExpr>(from)) {
      if (me->isArrow()) return uniform(me->getBase());
      const ValueDecl* var = assigned_variable(me);
      if (var) return variable_uniform(var, st);
      return false;
    }
    if (const auto* uo = dyn_cast<UnaryOperator>(from); uo && uo->getOpcode() == UO_Deref)
      return uniform(uo->getSubExpr());
    return false;
  }
  if (const auto* ce = dyn_cast<CastExpr>(e)) return uniform(ce->getSubExpr());
  if (const auto* uo = dyn_cast<UnaryOperator>(e)) {
    // x++: x's value (its change is the statement's, judged by the dataflow).
    if (uo->isIncrementDecrementOp()) return uniform(uo->getSubExpr());
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

// The forward dataflow over one function's statements. `even`: control is
// uniform (every work-item still running gets here together); a state is
// threaded through the statements, and a point no work-item reaches (after a
// return, break or continue) has the empty state, which joins as nothing.
struct uniformity::flow {
  uniformity& u;
  bool gotos;       // a goto's jumps are not followed: labels take every state seen
  state seen;       // the union of this function's states, for labels
  state seen_prev;  // the previous round's
  struct target {
    bool loop;
    state breaks, continues, entry;  // entry: a switch's, for its case labels
  };
  std::vector<target*> targets;

  void note(const state& st) {
    seen.insert(st.begin(), st.end());
    u.anywhere_.insert(st.begin(), st.end());
  }
  void record(const Stmt* cond, const state& st) {
    if (!cond) return;
    state& at = u.at_[cond];
    for (const ValueDecl* d : st)
      if (at.insert(d).second) ++u.growth_;
    note(st);
  }
  // A condition by what was recorded for it (on the previous round; before any,
  // optimistically uniform: the rounds repeat until nothing changes).
  bool judged(const Expr* cond) const {
    auto it = u.at_.find(cond);
    return u.uniform_in(cond, it != u.at_.end() ? it->second : state{});
  }
  auto judge() const {
    return [this](const Expr* c) { return judged(c); };
  }

  void join(state& into, const state& from) { into.insert(from.begin(), from.end()); }

  // Applies `e`'s side effects to `st`. Assignments nested in an expression only
  // ever add variables (then `st` afterwards covers every state inside it, and a
  // value computed in it is judged by that); `top` ones (a statement's, a
  // declaration's, a for's init and increment) can also make one uniform again.
  void expr(const Expr* e, state& st, bool even, bool top) {
    if (!e) return;
    e = e->IgnoreParens();
    auto uniform = [&](const Expr* x) { return u.uniform_in(x, st); };
    if (const auto* bo = dyn_cast<BinaryOperator>(e)) {
      if (bo->getOpcode() == BO_Comma) {
        expr(bo->getLHS(), st, even, top);
        expr(bo->getRHS(), st, even, top);
        return;
      }
      if (bo->isLogicalOp()) {
        expr(bo->getLHS(), st, even, false);
        expr(bo->getRHS(), st, even && uniform(bo->getLHS()), false);
        return;
      }
      if (bo->isAssignmentOp()) {
        expr(bo->getRHS(), st, even, false);
        expr(bo->getLHS(), st, even, false);
        const ValueDecl* d = assigned_variable(bo->getLHS());
        if (!d) return;
        const bool whole = isa<DeclRefExpr>(bo->getLHS()->IgnoreParenImpCasts());
        if (!even || !uniform(bo) || !subscripts_uniform(bo->getLHS(), uniform))
          st.insert(d);
        else if (whole && top)
          st.erase(d);  // a strong update: x = uniform value
        return;
      }
    }
    if (const auto* uo = dyn_cast<UnaryOperator>(e); uo && uo->isIncrementDecrementOp()) {
      expr(uo->getSubExpr(), st, even, false);
      if (!even || !subscripts_uniform(uo->getSubExpr(), uniform))
        if (const ValueDecl* d = assigned_variable(uo->getSubExpr())) st.insert(d);
      return;
    }
    if (const auto* co = dyn_cast<ConditionalOperator>(e)) {
      expr(co->getCond(), st, even, false);
      record(co->getCond(), st);
      const bool arms = even && uniform(co->getCond());
      expr(co->getTrueExpr(), st, arms, false);
      expr(co->getFalseExpr(), st, arms, false);
      return;
    }
    if (const auto* bco = dyn_cast<BinaryConditionalOperator>(e)) {
      expr(bco->getCommon(), st, even, false);
      expr(bco->getFalseExpr(), st, even && uniform(bco->getCommon()), false);
      return;
    }
    if (const auto* se = dyn_cast<StmtExpr>(e)) {
      stmt(se->getSubStmt(), st, even);
      return;
    }
    for (const Stmt* child : e->children()) {
      if (const auto* ce = dyn_cast_or_null<Expr>(child))
        expr(ce, st, even, false);
      else
        stmt(child, st, even);
    }
    if (const auto* call = dyn_cast<CallExpr>(e)) {
      // A helper's parameter is uniform while every call passes a uniform value
      // under uniform control.
      const FunctionDecl* fd = call->getDirectCallee();
      const FunctionDecl* def = fd ? fd->getDefinition() : nullptr;
      if (def && u.functions_.count(def) && def != u.kernel_)
        for (unsigned i = 0; i < call->getNumArgs() && i < def->getNumParams(); ++i)
          if (!even || !uniform(call->getArg(i))) u.params_varying_.insert(def->getParamDecl(i));
    }
  }

  void stmt(const Stmt* s, state& st, bool even) {
    if (!s) return;
    if (const auto* e = dyn_cast<Expr>(s)) {
      expr(e, st, even, true);
    } else if (const auto* ds = dyn_cast<DeclStmt>(s)) {
      for (const Decl* d : ds->decls()) {
        const auto* v = dyn_cast<VarDecl>(d);
        if (!v || !v->hasInit()) continue;
        expr(v->getInit(), st, even, false);
        if (!is_private_variable(v)) continue;
        if (!even || !u.uniform_in(v->getInit(), st))
          st.insert(v);
        else
          st.erase(v);
      }
    } else if (const auto* is = dyn_cast<IfStmt>(s)) {
      expr(is->getCond(), st, even, false);
      record(is->getCond(), st);
      const bool arms = even && u.uniform_in(is->getCond(), st);
      state other = st;
      stmt(is->getThen(), st, arms);
      stmt(is->getElse(), other, arms);
      join(st, other);
    } else if (const auto* fs = dyn_cast<ForStmt>(s)) {
      stmt(fs->getInit(), st, even);
      loop(fs->getCond(), fs->getBody(), fs->getInc(), false, st, even);
    } else if (const auto* ws = dyn_cast<WhileStmt>(s)) {
      loop(ws->getCond(), ws->getBody(), nullptr, false, st, even);
    } else if (const auto* dos = dyn_cast<DoStmt>(s)) {
      loop(dos->getCond(), dos->getBody(), nullptr, true, st, even);
    } else if (const auto* ss = dyn_cast<SwitchStmt>(s)) {
      expr(ss->getCond(), st, even, false);
      record(ss->getCond(), st);
      const bool body_even = even && u.uniform_in(ss->getCond(), st) &&
                             !escapes_unevenly(ss->getBody(), true, true, judge());
      target t{false, {}, {}, st};
      targets.push_back(&t);
      stmt(ss->getBody(), st, body_even);
      targets.pop_back();
      join(st, t.breaks);
      join(st, t.entry);  // no case taken
    } else if (isa<CaseStmt>(s) || isa<DefaultStmt>(s)) {
      for (auto it = targets.rbegin(); it != targets.rend(); ++it)
        if (!(*it)->loop) {
          join(st, (*it)->entry);
          break;
        }
      stmt(cast<SwitchCase>(s)->getSubStmt(), st, even);
    } else if (isa<BreakStmt>(s) || isa<ContinueStmt>(s)) {
      const bool brk = isa<BreakStmt>(s);
      for (auto it = targets.rbegin(); it != targets.rend(); ++it)
        if (brk || (*it)->loop) {
          join(brk ? (*it)->breaks : (*it)->continues, st);
          break;
        }
      st.clear();
    } else if (const auto* rs = dyn_cast<ReturnStmt>(s)) {
      expr(rs->getRetValue(), st, even, false);
      note(st);
      st.clear();  // the work-items that return are gone; the rest still agree
    } else if (const auto* ls = dyn_cast<LabelStmt>(s)) {
      join(st, seen_prev);
      stmt(ls->getSubStmt(), st, even);
    } else if (isa<GotoStmt>(s) || isa<IndirectGotoStmt>(s)) {
      note(st);
      st.clear();
    } else {
      for (const Stmt* child : s->children()) stmt(child, st, even);
    }
    note(st);
  }

  // A loop: rounds until the state at its head, whether its body runs under
  // uniform control, and the conditions' records no longer change.
  void loop(const Expr* cond, const Stmt* body, const Expr* inc, bool body_first, state& st,
            bool even) {
    state head = st;
    bool inside_prev = even;
    for (int round = 0;; ++round) {
      const size_t growth = u.growth_;
      target t{true, {}, {}, {}};
      state at = head, exit;
      bool inside;
      // All work-items run the body alike when the condition is uniform and no
      // break or continue sends some of them on ahead.
      if (body_first) {
        inside = even && judged(cond) && !escapes_unevenly(body, true, true, judge());
        targets.push_back(&t);
        stmt(body, at, inside);
        targets.pop_back();
        join(at, t.continues);
        expr(cond, at, inside, false);
        record(cond, at);
        exit = at;
      } else {
        expr(cond, at, inside_prev, false);
        record(cond, at);
        exit = at;
        inside = even && (!cond || u.uniform_in(cond, at)) &&
                 !escapes_unevenly(body, true, true, judge());
        targets.push_back(&t);
        stmt(body, at, inside);
        targets.pop_back();
        join(at, t.continues);
        expr(inc, at, inside, true);
      }
      join(exit, t.breaks);
      state next = head;
      join(next, at);
      const bool stable = round > 0 && next == head && inside == inside_prev && u.growth_ == growth;
      head = std::move(next);
      inside_prev = inside;
      if (stable) {
        st = std::move(exit);
        return;
      }
    }
  }
};

void uniformity::solve() {
  // Private variables whose address is taken (or, arrays, handed on as a
  // pointer) may change through it anywhere.
  struct addresses : RecursiveASTVisitor<addresses> {
    state* out;
    bool VisitUnaryOperator(UnaryOperator* uo) {
      if (uo->getOpcode() == UO_AddrOf)
        if (const ValueDecl* d = assigned_variable(uo->getSubExpr())) out->insert(d);
      return true;
    }
    bool VisitImplicitCastExpr(ImplicitCastExpr* ice) {
      if (ice->getCastKind() == CK_ArrayToPointerDecay)
        if (const ValueDecl* d = assigned_variable(ice->getSubExpr())) out->insert(d);
      return true;
    }
  } a;
  a.out = &address_taken_;
  for (const FunctionDecl* fn : functions_) a.TraverseStmt(fn->getBody());
  // Rounds over all functions until the helpers' parameters and the records settle
  // (everything only grows, so they do).
  for (;;) {
    const size_t params = params_varying_.size(), growth = growth_;
    for (const FunctionDecl* fn : functions_) {
      flow f{*this, has_goto(fn->getBody()), {}, {}, {}};
      // With gotos, labels take every state the previous round saw, and nothing
      // counts as uniform control (a backward goto is a loop of its own).
      for (;;) {
        state entry;
        for (const ParmVarDecl* p : fn->parameters())
          if (params_varying_.count(p)) entry.insert(p);
        f.seen.clear();
        f.note(entry);
        f.stmt(fn->getBody(), entry, !f.gotos);
        if (!f.gotos || f.seen == f.seen_prev) break;
        f.seen_prev = f.seen;
      }
    }
    if (growth == growth_ && params == params_varying_.size()) break;
  }
}

}  // namespace ampcl::debug::detail
