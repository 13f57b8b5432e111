// The dataflow over expressions: what a value depends on, evaluated in order,
// with the assignments and calls inside applied to the state as they happen.
#include <clang/AST/ASTContext.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>

#include <algorithm>

#include "flow.hpp"

namespace ampcl::uniformity {

using namespace clang;

namespace {

bool non_const_reference(QualType t) {
  return t->isReferenceType() && !t->getPointeeType().isConstQualified();
}

// Values that are the same for every thread (or not evaluated at all).
bool constant(const Expr* e) {
  return isa<IntegerLiteral, FloatingLiteral, CharacterLiteral, StringLiteral, CXXBoolLiteralExpr,
             CXXNullPtrLiteralExpr, GNUNullExpr, ImaginaryLiteral, FixedPointLiteral,
             PredefinedExpr, ImplicitValueInitExpr, CXXScalarValueInitExpr, NoInitExpr,
             UnaryExprOrTypeTraitExpr, CXXNoexceptExpr, TypeTraitExpr, ArrayTypeTraitExpr,
             ExpressionTraitExpr, SizeOfPackExpr, ArrayInitIndexExpr>(e);
}

// Operations whose value follows their operands.
bool follows_operands(const Expr* e) {
  return isa<ShuffleVectorExpr, ConvertVectorExpr, AsTypeExpr, ParenListExpr, ChooseExpr,
             GenericSelectionExpr, CXXStdInitializerListExpr>(e);
}

}  // namespace

flow::place flow::place::part() const {
  place p = *this;
  p.whole = false;
  return p;
}

bool flow::tracked(const VarDecl& v) const {
  return v.hasLocalStorage() && !p_.lang.shared(v);
}

dependence flow::eval(const Expr* e, state& st) {
  if (!e) return 0;
  e = e->IgnoreParens();
  if (constant(e)) return 0;
  if (isa<DeclRefExpr, MemberExpr, ArraySubscriptExpr, ExtVectorElementExpr>(e))
    return lvalue(e, st).value;
  if (const auto* c = dyn_cast<CallExpr>(e)) return call(*c, st, nullptr);
  if (const auto* c = dyn_cast<CXXConstructExpr>(e)) return construct(*c, st);
  if (const auto* c = dyn_cast<CastExpr>(e)) {
    // An array's address: of a private one, not followed.
    if (c->getCastKind() == CK_ArrayToPointerDecay) {
      const place a = lvalue(c->getSubExpr(), st);
      return a.tracked ? unknown : a.value;
    }
    return eval(c->getSubExpr(), st);
  }
  bool done = false;
  const dependence d = eval_operator(e, st, &done);
  if (done) return d;
  if (const auto* l = dyn_cast<LambdaExpr>(e)) {
    dependence closure = 0;
    for (const Expr* init : l->capture_inits())
      if (init) closure |= isa<CXXThisExpr>(init) ? st.get(nullptr) : eval(init, st);
    return closure;
  }
  if (const auto* a = dyn_cast<CXXDefaultArgExpr>(e)) return eval(a->getExpr(), st);
  if (const auto* i = dyn_cast<CXXDefaultInitExpr>(e)) return eval(i->getExpr(), st);
  if (const auto* f = dyn_cast<FullExpr>(e)) return eval(f->getSubExpr(), st);
  if (const auto* m = dyn_cast<MaterializeTemporaryExpr>(e)) return eval(m->getSubExpr(), st);
  if (const auto* b = dyn_cast<CXXBindTemporaryExpr>(e)) return eval(b->getSubExpr(), st);
  if (const auto* s = dyn_cast<SubstNonTypeTemplateParmExpr>(e))
    return eval(s->getReplacement(), st);
  if (const auto* o = dyn_cast<OpaqueValueExpr>(e)) return eval(o->getSourceExpr(), st);
  // A property (__declspec(property): C++ AMP's `extent`, a short vector's `x`):
  // its getter's call, or the setter's among the steps of an assignment.
  if (const auto* po = dyn_cast<PseudoObjectExpr>(e)) {
    if (po->getResultExpr()) return eval(po->getResultExpr(), st);
    dependence d = 0;
    for (const Expr* step : po->semantics()) d |= eval(step, st);
    return d;
  }
  if (const auto* c = dyn_cast<CompoundLiteralExpr>(e)) return eval(c->getInitializer(), st);
  if (const auto* a = dyn_cast<ArrayInitLoopExpr>(e))
    return eval(a->getCommonExpr(), st) | eval(a->getSubExpr(), st);
  if (const auto* s = dyn_cast<StmtExpr>(e)) {
    stmt(s->getSubStmt(), st);
    return unknown;
  }
  // Atomics return each thread its own value; what is not modelled is unknown.
  dependence rest = isa<AtomicExpr>(e) ? thread : follows_operands(e) ? 0 : unknown;
  if (const auto* il = dyn_cast<InitListExpr>(e)) {
    rest = eval(il->getArrayFiller(), st);
    for (const Expr* init : il->inits()) rest |= eval(init, st);
    return rest;
  }
  for (const Stmt* child : e->children())
    if (const auto* sub = dyn_cast_or_null<Expr>(child)) rest |= eval(sub, st);
  return rest;
}

// Operators: unary, binary, conditional. `done` says whether `e` was one.
dependence flow::eval_operator(const Expr* e, state& st, bool* done) {
  *done = true;
  if (const auto* u = dyn_cast<UnaryOperator>(e)) {
    if (u->getOpcode() == UO_Deref) return lvalue(e, st).value;
    if (u->getOpcode() == UO_AddrOf) {
      const place p = lvalue(u->getSubExpr(), st);
      return p.tracked ? unknown : p.value;  // a private variable's address: not followed
    }
    if (u->isIncrementDecrementOp()) {
      const place p = lvalue(u->getSubExpr(), st);
      store(p, p.value, st, false);
      return p.value;
    }
    return eval(u->getSubExpr(), st);
  }
  if (const auto* b = dyn_cast<BinaryOperator>(e)) {
    if (b->isAssignmentOp())
      return assignment(b->getLHS(), b->getRHS(), b->isCompoundAssignmentOp(), st);
    if (b->isLogicalOp()) return branches(b->getLHS(), b->getRHS(), nullptr, st);
    if (b->getOpcode() == BO_Comma) {
      eval(b->getLHS(), st);
      return eval(b->getRHS(), st);
    }
    const dependence d = eval(b->getLHS(), st) | eval(b->getRHS(), st);
    return b->isPtrMemOp() ? d | unknown : d;
  }
  if (const auto* c = dyn_cast<ConditionalOperator>(e))
    return branches(c->getCond(), c->getTrueExpr(), c->getFalseExpr(), st);
  if (const auto* c = dyn_cast<BinaryConditionalOperator>(e))
    return eval(c->getCommon(), st) | branches(c->getCond(), c->getFalseExpr(), nullptr, st);
  *done = false;
  return 0;
}

// `cond ? yes : no`, `cond && yes`, `cond || yes`: the arms run under `cond`.
dependence flow::branches(const Expr* cond, const Expr* yes, const Expr* no, state& st) {
  const dependence c = eval(cond, st);
  record(cond, c);
  state a = st;
  a.ctl.add(c, {cond, nullptr});
  state b = a;
  dependence v = c | eval(yes, a);
  if (no) v |= eval(no, b);
  a.join(b);
  a.ctl = st.ctl;
  a.gone = st.gone;
  st = std::move(a);
  return v;
}

dependence flow::assignment(const Expr* lhs, const Expr* rhs, bool compound, state& st) {
  dependence v = eval(rhs, st);
  const place to = lvalue(lhs, st);
  if (compound) v |= to.value;
  store(to, v, st, true);
  return v;
}

void flow::store(const place& at, dependence value, state& st, bool strong) {
  if (!at.tracked) return;  // memory: later loads depend on their address only
  const dependence d = value | at.at | st.ctl.on;
  dependence& have = st.vars[at.var];
  have = strong && at.whole ? d : have | d;
  if (!at.var) {
    out_.object_out |= d;
  } else if (const auto* param = dyn_cast<ParmVarDecl>(at.var);
             param && param->getType()->isReferenceType() && param->getDeclContext() == &fn_) {
    out_.reference_out[param->getFunctionScopeIndex()] |= d;
  }
}

flow::place flow::variable(const DeclRefExpr& ref, const state& st) {
  place p;
  const ValueDecl* d = ref.getDecl();
  // A structured binding: part of the object it was bound from.
  const auto* binding = dyn_cast<BindingDecl>(d);
  if (binding && binding->getDecomposedDecl()) d = binding->getDecomposedDecl();
  const auto* v = dyn_cast<VarDecl>(d);
  if (!v) return p;  // a function or an enumerator
  auto escaped = [&](const VarDecl* x) { return x && p_.escaped.count(x) ? unknown : 0; };
  if (auto it = aliases_.find(v); it != aliases_.end()) {
    p = it->second;
    if (p.tracked) p.value = st.get(p.var) | p.at | escaped(p.var) | escaped(v);
    return p;
  }
  if (ref.refersToEnclosingVariableOrCapture() || v->isInitCapture()) {
    // A lambda's capture: part of its closure object.
    p.tracked = true;
    p.value = st.get(nullptr);
    return p;
  }
  if (!tracked(*v)) return p;  // a named place in memory: its address is uniform
  p.tracked = true;
  p.var = v;
  p.whole = !binding;
  p.value = st.get(v) | escaped(v);
  return p;
}

flow::place flow::lvalue(const Expr* e, state& st) {
  e = e->IgnoreParens();
  place p;
  if (const auto* ref = dyn_cast<DeclRefExpr>(e)) return variable(*ref, st);
  if (const auto* c = dyn_cast<CastExpr>(e); c && e->isGLValue())
    return lvalue(c->getSubExpr(), st);
  if (const auto* m = dyn_cast<MemberExpr>(e)) {
    const Expr* base = m->getBase();
    if (isa<VarDecl>(m->getMemberDecl())) return p;  // a static member: memory
    if (!m->isArrow()) {
      p = lvalue(base, st).part();
    } else if (isa<CXXThisExpr>(base->IgnoreParenImpCasts())) {
      p.tracked = true;
      p.value = st.get(nullptr);
    } else {
      p.value = eval(base, st);  // through a pointer: memory at that address
    }
    if (p_.lang.thread_member(*m)) p.value |= thread;
    return p;
  }
  if (const auto* s = dyn_cast<ArraySubscriptExpr>(e)) {
    const Expr* base = s->getBase()->IgnoreParens();
    const auto* decay = dyn_cast<ImplicitCastExpr>(base);
    if (decay && decay->getCastKind() == CK_ArrayToPointerDecay) {
      p = lvalue(decay->getSubExpr(), st).part();  // an element of an array
    } else if (!base->getType()->isPointerType()) {
      p = lvalue(base, st).part();  // a vector's component
    } else {
      p.value = eval(base, st);  // memory through a pointer
    }
    const dependence i = eval(s->getIdx(), st);
    p.at |= p.tracked ? i : 0;
    p.value |= i;
    return p;
  }
  if (const auto* u = dyn_cast<UnaryOperator>(e); u && u->getOpcode() == UO_Deref) {
    if (isa<CXXThisExpr>(u->getSubExpr()->IgnoreParenImpCasts())) {
      p.tracked = true;
      p.value = st.get(nullptr);
    } else {
      p.value = eval(u->getSubExpr(), st);
    }
    return p;
  }
  if (const auto* v = dyn_cast<ExtVectorElementExpr>(e)) {
    if (v->getBase()->isGLValue()) return lvalue(v->getBase(), st).part();
    p.value = eval(v->getBase(), st);
    return p;
  }
  if (const auto* c = dyn_cast<CallExpr>(e)) {
    call(*c, st, &p);
    return p;
  }
  if (const auto* f = dyn_cast<FullExpr>(e)) return lvalue(f->getSubExpr(), st);
  if (const auto* o = dyn_cast<OpaqueValueExpr>(e); o && o->getSourceExpr())
    return lvalue(o->getSourceExpr(), st);
  if (const auto* b = dyn_cast<BinaryOperator>(e); b && b->getOpcode() == BO_Comma) {
    eval(b->getLHS(), st);
    return lvalue(b->getRHS(), st);
  }
  // A temporary, or an lvalue this analysis does not place (writes to it are lost).
  p.value = eval(e, st);
  return p;
}

flow::operands flow::evaluate(const Expr* obj, bool obj_is_pointer,
                              llvm::ArrayRef<const Expr*> args, const FunctionDecl* callee,
                              state& st) {
  operands ops;
  if (obj && obj_is_pointer && isa<CXXThisExpr>(obj->IgnoreParenImpCasts())) {
    ops.object.tracked = true;
    ops.object.value = st.get(nullptr);
  } else if (obj && obj_is_pointer) {
    ops.object.value = eval(obj, st);
  } else if (obj) {
    ops.object = lvalue(obj, st);
  }
  ops.all = ops.object.value;
  for (unsigned i = 0; i < args.size(); ++i) {
    place a;
    if (i < callee->getNumParams() && non_const_reference(callee->getParamDecl(i)->getType()))
      a = lvalue(args[i], st);
    else
      a.value = eval(args[i], st);
    ops.all |= a.value;
    ops.arguments.push_back(a);
  }
  return ops;
}

dependence flow::mapped(dependence d, const operands& ops) {
  dependence r = d & (thread | unknown);
  if (d & object) r |= ops.object.value;
  for (unsigned i = 0; i < ops.arguments.size() && i < max_parameters; ++i)
    if (d & parameter(i)) r |= ops.arguments[i].value;
  return r;
}

// A call of an analyzed function: what it does to its operands, and the
// barriers it reaches.
void flow::apply(const Expr* at, const FunctionDecl* def, const summary& s, const operands& ops,
                 state& st) {
  call_site& site = p_.callers[def][at];
  site.caller = &fn_;
  site.arguments.resize(std::max(site.arguments.size(), ops.arguments.size()));
  for (std::size_t i = 0; i < ops.arguments.size(); ++i)
    site.arguments[i] |= ops.arguments[i].value | st.ctl.on;
  site.object |= ops.object.value | st.ctl.on;
  if (s.waits) {
    control around = st.ctl;
    around.add(st.gone);
    around.add(mapped(s.barrier_inputs, ops), {});
    barrier(at, def, around);
  }
  for (std::size_t i = 0; i < s.reference_out.size() && i < ops.arguments.size(); ++i)
    if (s.reference_out[i]) store(ops.arguments[i], mapped(s.reference_out[i], ops), st, false);
  if (s.object_out) store(ops.object, mapped(s.object_out, ops), st, false);
}

dependence flow::call(const CallExpr& c, state& st, place* result) {
  if (result) *result = place{};
  const FunctionDecl* callee = c.getDirectCallee();
  if (const auto* op = dyn_cast<CXXOperatorCallExpr>(&c);
      op && op->isAssignmentOp() && op->getNumArgs() == 2) {
    const dependence v =
        assignment(op->getArg(0), op->getArg(1), op->getOperator() != OO_Equal, st);
    if (result) result->value = v;
    return v;
  }
  std::vector<const Expr*> args(c.arg_begin(), c.arg_end());
  if (!callee) {  // through a pointer: not followed
    dependence d = unknown | eval(c.getCallee(), st);
    for (const Expr* a : args) d |= eval(a, st);
    if (result) result->value = d;
    return d;
  }
  const Expr* obj = nullptr;
  bool pointer = false;
  const auto* method = dyn_cast<CXXMethodDecl>(callee);
  if (const auto* m = dyn_cast<CXXMemberCallExpr>(&c)) {
    obj = m->getImplicitObjectArgument();
    pointer = obj && obj->getType()->isPointerType();
  } else if (isa<CXXOperatorCallExpr>(c) && method && !args.empty()) {
    obj = args.front();
    args.erase(args.begin());
  }
  const operands ops = evaluate(obj, pointer, args, callee, st);
  if (p_.lang.barrier(c)) {
    control around = st.ctl;
    around.add(st.gone);
    barrier(&c, nullptr, around);
    return 0;
  }
  const bool reference = callee->getReturnType()->isReferenceType();
  const FunctionDecl* def = nullptr;
  if (const summary* s = p_.summary_of(callee, &def)) {
    apply(&c, def, *s, ops, st);
    dependence r = mapped(s->result, ops);
    if (result && reference) {
      if (s->result_place & object) *result = ops.object.part();
      for (std::size_t i = 0; i < ops.arguments.size() && i < max_parameters; ++i)
        if (s->result_place & parameter(i)) *result = ops.arguments[i].part();
      if (s->result_place & unknown) r |= unknown;
    }
    if (result) result->value = r;
    return r;
  }
  // A function the analysis does not have: the language says what it returns.
  // What it may change (its object, unless it only hands out a reference to
  // part of it, and its non-const reference arguments) takes its operands.
  const dependence r = p_.lang.external_call(c, ops.all);
  QualType object_type = obj ? obj->getType() : QualType();
  if (pointer) object_type = object_type->getPointeeType();
  const bool view = obj && p_.lang.view(object_type);
  if (method && !method->isConst() && !method->isStatic() && !view && !reference)
    store(ops.object, ops.all, st, false);
  for (std::size_t i = 0; i < args.size(); ++i)
    if (ops.arguments[i].tracked && !p_.lang.view(args[i]->getType()))
      store(ops.arguments[i], ops.all, st, false);
  if (result) {
    if (reference && obj && !view && method) *result = ops.object.part();
    result->value = r;
  }
  return r;
}

dependence flow::construct(const CXXConstructExpr& c, state& st) {
  const CXXConstructorDecl* ctor = c.getConstructor();
  std::vector<const Expr*> args(c.arg_begin(), c.arg_end());
  const operands ops = evaluate(nullptr, false, args, ctor, st);
  const FunctionDecl* def = nullptr;
  const summary* s = p_.summary_of(ctor, &def);
  if (!s) return ops.all;  // a copy, or a class of a header: follows its arguments
  apply(&c, def, *s, ops, st);
  return mapped(s->object_out, ops);  // the object starts empty
}

}  // namespace ampcl::uniformity
