// Private variables whose address is taken (&x, an array handed on as a
// pointer, a lambda's capture by reference, a reference bound to one of those):
// anything may change them through it, so the analysis does not follow their
// values.
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include "flow.hpp"

namespace ampcl::uniformity {

using namespace clang;

namespace {

// The variable an lvalue is part of (x, x.f, x[i], x.xy), or null.
const VarDecl* root(const Expr* e) {
  for (;;) {
    e = e->IgnoreParenImpCasts();
    if (const auto* ref = dyn_cast<DeclRefExpr>(e)) return dyn_cast<VarDecl>(ref->getDecl());
    if (const auto* m = dyn_cast<MemberExpr>(e); m && !m->isArrow()) {
      e = m->getBase();
    } else if (const auto* v = dyn_cast<ExtVectorElementExpr>(e)) {
      e = v->getBase();
    } else if (const auto* s = dyn_cast<ArraySubscriptExpr>(e);
               s && !s->getBase()->IgnoreParenImpCasts()->getType()->isPointerType()) {
      e = s->getBase();
    } else {
      return nullptr;
    }
  }
}

class finder : public RecursiveASTVisitor<finder> {
 public:
  explicit finder(analysis::program& p) : p_(p) {}

  bool VisitUnaryOperator(UnaryOperator* u) {
    if (u->getOpcode() == UO_AddrOf) mark(root(u->getSubExpr()));
    return true;
  }
  // a[i] decays `a` only to index it.
  bool VisitArraySubscriptExpr(ArraySubscriptExpr* s) {
    subscripted_.insert(s->getBase()->IgnoreParens());
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr* c) {
    if (c->getCastKind() == CK_ArrayToPointerDecay && !subscripted_.count(c))
      mark(root(c->getSubExpr()));
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr* l) {
    for (const LambdaCapture& c : l->captures())
      if (c.capturesVariable() && c.getCaptureKind() == LCK_ByRef)
        mark(dyn_cast<VarDecl>(c.getCapturedVar()));
    return true;
  }
  bool VisitVarDecl(VarDecl* v) {
    if (v->getType()->isReferenceType() && v->hasLocalStorage() && v->getInit())
      if (const VarDecl* to = root(v->getInit())) referents_[v] = to;
    return true;
  }

  // A reference's referent escapes with it.
  void finish() {
    for (bool grew = true; grew;) {
      grew = false;
      for (const auto& [ref, to] : referents_)
        if (p_.escaped.count(ref) && p_.escaped.insert(to).second) grew = true;
    }
  }

 private:
  void mark(const VarDecl* v) {
    if (v && v->hasLocalStorage() && !p_.lang.shared(*v)) p_.escaped.insert(v);
  }
  analysis::program& p_;
  std::set<const Expr*> subscripted_;
  std::map<const VarDecl*, const VarDecl*> referents_;
};

}  // namespace

void find_escapes(analysis::program& p) {
  finder f(p);
  for (const FunctionDecl* fn : p.functions) {
    if (const auto* ctor = dyn_cast<CXXConstructorDecl>(fn))
      for (const CXXCtorInitializer* init : ctor->inits()) f.TraverseStmt(init->getInit());
    f.TraverseStmt(fn->getBody());
  }
  f.finish();
}

}  // namespace ampcl::uniformity
