// The dataflow over statements. A point's state says what each tracked variable
// may depend on there and what decides whether a thread gets there: the
// conditions around it, and those under which a break, continue or return
// skipped it. Where paths join, a variable that may differ on either does.
#include <clang/AST/DeclCXX.h>
#include <clang/AST/StmtCXX.h>

#include <algorithm>
#include <utility>

#include "flow.hpp"

namespace ampcl::uniformity {

using namespace clang;

namespace {

bool has_goto(const Stmt* s) {
  if (!s) return false;
  if (isa<GotoStmt>(s) || isa<IndirectGotoStmt>(s)) return true;
  return std::any_of(s->child_begin(), s->child_end(), has_goto);
}

// `c` as the reason a skipped point is reached by only some threads.
control skipped_by(control c, const Stmt& s) {
  if (!c.thread_reason.skip) c.thread_reason.skip = &s;
  if (!c.unknown_reason.skip) c.unknown_reason.skip = &s;
  return c;
}

}  // namespace

dependence state::get(const VarDecl* v) const {
  auto it = vars.find(v);
  return it == vars.end() ? 0 : it->second;
}

void state::join(const state& o) {
  if (!o.reached) return;
  if (!reached) {
    *this = o;
    return;
  }
  for (const auto& [v, d] : o.vars) vars[v] |= d;
  ctl.add(o.ctl);
  gone.add(o.gone);
}

bool state::same(const state& o) const {
  return reached == o.reached && vars == o.vars && ctl.on == o.ctl.on && gone.on == o.gone.on;
}

state state::unreached() {
  state s;
  s.reached = false;
  return s;
}

flow::flow(analysis::program& p, const FunctionDecl& fn) : p_(p), fn_(fn) {
  out_.reference_out.resize(fn.getNumParams());
}

summary flow::run() {
  state st;
  for (unsigned i = 0; i < fn_.getNumParams(); ++i) {
    const ParmVarDecl* param = fn_.getParamDecl(i);
    st.vars[param] = parameter(i);
    // The caller's variable, reachable through its address from here on.
    if (param->getType()->isReferenceType() && p_.escaped.count(param))
      out_.reference_out[i] |= unknown;
  }
  st.vars[nullptr] = object;
  // Jumps are not followed: every value assigned here is unknown.
  gotos_ = has_goto(fn_.getBody());
  if (gotos_) st.ctl.add(unknown, {});
  if (const auto* ctor = dyn_cast<CXXConstructorDecl>(&fn_)) {
    place members;
    members.tracked = true;
    for (const CXXCtorInitializer* init : ctor->inits())
      store(members, eval(init->getInit(), st), st, false);
  }
  stmt(fn_.getBody(), st);
  return out_;
}

void flow::record(const Expr* cond, dependence d) {
  if (!cond) return;
  auto& at = p_.conditions[cond];
  at.first = &fn_;
  at.second |= d | (gotos_ ? unknown : 0);
}

void flow::barrier(const Expr* at, const FunctionDecl* callee, control around) {
  out_.waits = true;
  out_.barrier_inputs |= inputs(around.on);
  auto [it, added] = p_.site_index.emplace(at, p_.sites[&fn_].size());
  if (added) p_.sites[&fn_].push_back({at, callee, {}});
  p_.sites[&fn_][it->second].around.add(around);
}

void flow::stmt(const Stmt* s, state& st) {
  if (!s) return;
  // Code no thread reaches, unless a label inside makes it reachable again.
  if (!st.reached && !isa<CompoundStmt>(s) && !isa<SwitchCase>(s) && !isa<LabelStmt>(s)) return;
  if (const auto* e = dyn_cast<Expr>(s)) {
    eval(e, st);
  } else if (const auto* d = dyn_cast<DeclStmt>(s)) {
    for (const Decl* decl : d->decls())
      if (const auto* v = dyn_cast<VarDecl>(decl)) declare(*v, st);
  } else if (const auto* i = dyn_cast<IfStmt>(s)) {
    if_stmt(*i, st);
  } else if (const auto* f = dyn_cast<ForStmt>(s)) {
    stmt(f->getInit(), st);
    loop(f->getCond(), f->getConditionVariableDeclStmt(), f->getBody(), f->getInc(), false, st);
  } else if (const auto* w = dyn_cast<WhileStmt>(s)) {
    loop(w->getCond(), w->getConditionVariableDeclStmt(), w->getBody(), nullptr, false, st);
  } else if (const auto* d = dyn_cast<DoStmt>(s)) {
    loop(d->getCond(), nullptr, d->getBody(), nullptr, true, st);
  } else if (const auto* r = dyn_cast<CXXForRangeStmt>(s)) {
    stmt(r->getInit(), st);
    stmt(r->getRangeStmt(), st);
    stmt(r->getBeginStmt(), st);
    stmt(r->getEndStmt(), st);
    loop(r->getCond(), r->getLoopVarStmt(), r->getBody(), r->getInc(), false, st);
  } else if (const auto* sw = dyn_cast<SwitchStmt>(s)) {
    switch_stmt(*sw, st);
  } else if (const auto* c = dyn_cast<SwitchCase>(s)) {
    for (auto it = targets_.rbegin(); it != targets_.rend(); ++it)
      if (!(*it)->loop) {
        st.join((*it)->entry);
        break;
      }
    stmt(c->getSubStmt(), st);
  } else if (isa<BreakStmt>(s) || isa<ContinueStmt>(s) || isa<ReturnStmt>(s)) {
    escape(*s, st);
  } else if (const auto* l = dyn_cast<LabelStmt>(s)) {
    // Reached from any goto, whose jumps are not followed: in a function with
    // gotos every value assigned and every condition is unknown (run, record).
    if (!st.reached) {
      st = state();
      st.ctl.add(unknown, {});
    }
    stmt(l->getSubStmt(), st);
  } else if (isa<GotoStmt>(s) || isa<IndirectGotoStmt>(s)) {
    st = state::unreached();
  } else {
    for (const Stmt* child : s->children()) stmt(child, st);
  }
}

void flow::declare(const VarDecl& v, state& st) {
  const Expr* init = v.getInit();
  if (v.getType()->isReferenceType() && v.hasLocalStorage()) {
    // A local reference: another name for what it is bound to.
    aliases_[&v] = init ? lvalue(init, st) : place{};
    return;
  }
  const dependence d = init ? eval(init, st) : 0;
  if (tracked(v)) st.vars[&v] = d | st.ctl.on;
}

void flow::if_stmt(const IfStmt& s, state& st) {
  stmt(s.getInit(), st);
  stmt(s.getConditionVariableDeclStmt(), st);
  const dependence c = eval(s.getCond(), st);
  record(s.getCond(), c);
  const escapes outer = std::exchange(esc_, {});
  state yes = st;
  yes.ctl.add(c, {s.getCond(), nullptr});
  state no = yes;
  stmt(s.getThen(), yes);
  stmt(s.getElse(), no);
  yes.join(no);
  // Past the if, the threads that took either arm are together again, but for
  // those a break, continue or return inside sent elsewhere.
  if (yes.reached) {
    yes.ctl = st.ctl;
    yes.ctl.add(esc_.broke);
    yes.ctl.add(esc_.continued);
    yes.gone = st.gone;
    yes.gone.add(esc_.returned);
  }
  esc_.broke.add(outer.broke);
  esc_.continued.add(outer.continued);
  esc_.returned.add(outer.returned);
  st = std::move(yes);
}

// Rounds until the state at the loop's head no longer grows. `pre`: the
// condition's variable or a range-for's element, declared before the body.
void flow::loop(const Expr* cond, const Stmt* pre, const Stmt* body, const Expr* inc,
                bool body_first, state& st) {
  if (auto it = loops_.find(body); it != loops_.end() && it->second.entry.same(st)) {
    esc_.returned.add(it->second.returned);
    st = it->second.exit;
    return;
  }
  const state entry = st;
  const escapes outer = std::exchange(esc_, {});
  target t{true};
  targets_.push_back(&t);
  state head = st;
  state exit;
  for (;;) {
    t.breaks = t.continues = state::unreached();
    state at = head;
    if (body_first) {
      stmt(body, at);
      at.join(t.continues);
    } else {
      stmt(pre, at);
    }
    const dependence c = cond ? eval(cond, at) : 0;
    record(cond, c);
    exit = cond ? at : state::unreached();
    at.ctl.add(c, {cond, nullptr});
    if (!body_first) {
      stmt(body, at);
      at.join(t.continues);
      eval(inc, at);
    }
    state next = head;
    next.join(at);
    if (next.same(head)) break;
    head = std::move(next);
  }
  targets_.pop_back();
  exit.join(t.breaks);
  // Past the loop every thread that entered it is together again, but for
  // those that returned inside.
  if (exit.reached) {
    exit.ctl = st.ctl;
    exit.gone = st.gone;
    exit.gone.add(esc_.returned);
  }
  loops_[body] = {entry, exit, esc_.returned};
  // The loop's own breaks and continues end here; its returns go on.
  esc_.broke = outer.broke;
  esc_.continued = outer.continued;
  esc_.returned.add(outer.returned);
  st = std::move(exit);
}

void flow::switch_stmt(const SwitchStmt& s, state& st) {
  stmt(s.getInit(), st);
  stmt(s.getConditionVariableDeclStmt(), st);
  const dependence c = eval(s.getCond(), st);
  record(s.getCond(), c);
  const escapes outer = std::exchange(esc_, {});
  target t{false};
  t.entry = st;
  t.entry.ctl.add(c, {s.getCond(), nullptr});
  targets_.push_back(&t);
  state body = state::unreached();
  stmt(s.getBody(), body);
  targets_.pop_back();
  body.join(t.breaks);
  bool has_default = false;
  for (const SwitchCase* sc = s.getSwitchCaseList(); sc; sc = sc->getNextSwitchCase())
    has_default |= isa<DefaultStmt>(sc);
  if (!has_default) body.join(t.entry);
  if (body.reached) {
    body.ctl = st.ctl;
    body.ctl.add(esc_.continued);
    body.gone = st.gone;
    body.gone.add(esc_.returned);
  }
  // The switch's own breaks end here; continues and returns go on.
  esc_.broke = outer.broke;
  esc_.continued.add(outer.continued);
  esc_.returned.add(outer.returned);
  st = std::move(body);
}

void flow::escape(const Stmt& s, state& st) {
  if (const auto* r = dyn_cast<ReturnStmt>(&s)) {
    const Expr* value = r->getRetValue();
    if (value && fn_.getReturnType()->isReferenceType()) {
      const place to = lvalue(value, st);
      out_.result |= to.value | st.ctl.on;
      const auto* param = dyn_cast_or_null<ParmVarDecl>(to.var);
      out_.result_place |= !to.tracked ? 0
                           : !to.var   ? object
                           : param && param->getType()->isReferenceType()
                               ? parameter(param->getFunctionScopeIndex())
                               : unknown;
    } else if (value) {
      out_.result |= eval(value, st) | st.ctl.on;
    }
    control left = st.ctl;
    left.add(st.gone);
    esc_.returned.add(skipped_by(left, s));
  } else {
    const bool is_break = isa<BreakStmt>(&s);
    for (auto it = targets_.rbegin(); it != targets_.rend(); ++it) {
      if (!is_break && !(*it)->loop) continue;
      ((is_break ? (*it)->breaks : (*it)->continues)).join(st);
      break;
    }
    (is_break ? esc_.broke : esc_.continued).add(skipped_by(st.ctl, s));
  }
  st = state::unreached();
}

}  // namespace ampcl::uniformity
