// 2.3: restrict(amp) code calls only functions it may call (restrict(amp) or
// restrict(cpu, amp) ones, and the special members Clang infers as such).
// Clang rejects such calls from restrict(amp)-only code itself; from the amp
// side of restrict(cpu, amp) code it would only when a kernel reaches it, and it
// takes a lambda without a specifier for restrict(cpu, amp), where C++ AMP's is
// restrict(cpu) (unless it is written inside amp code, whose restrictions it inherits).
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include "../rule.hpp"

namespace ampcl::translate::amp_rules {

using namespace clang;

namespace {

std::string describe(const FunctionDecl* fn, amp_context& cx) {
  if (const auto* m = dyn_cast<CXXMethodDecl>(fn); m && m->getParent()->isLambda())
    return "the lambda at line " +
           std::to_string(cx.sm.getPresumedLineNumber(cx.sm.getFileLoc(m->getLocation()))) +
           ", which has no restrict(amp),";
  return amp_context::quoted(fn) + ", a restrict(cpu) function,";
}

// C++ AMP's array_view constructors over a pointer are restrict(cpu, amp), and
// ampcl's too (private, tile_static or global memory: one view struct per memory);
// those over a container stay restrict(cpu): no container lives in amp code.
bool view_over_memory(const FunctionDecl* callee, amp_context& cx) {
  const auto* ctor = dyn_cast<CXXConstructorDecl>(callee);
  if (!ctor || cx.user_code(ctor) || ctor->getParent()->getName() != "array_view") return false;
  for (const ParmVarDecl* p : ctor->parameters()) {
    const QualType t = p->getType().getNonReferenceType();
    const CXXRecordDecl* rd = t->getAsCXXRecordDecl();
    if (t->isPointerType() || t->isArrayType() || (rd && rd->getName() != "extent")) return true;
  }
  return false;
}

void check_callee(const FunctionDecl* callee, SourceLocation at, amp_context& cx) {
  if (!callee || cx.amp_callable(callee)) return;
  if (view_over_memory(callee, cx)) {
    cx.report(at,
              "an array_view over a container (" +
                  cx.quoted(cx.ctx.getRecordType(cast<CXXConstructorDecl>(callee)->getParent())) +
                  ") cannot be made in restrict(amp) code: view a pointer or an array there "
                  "(array_view<T, N>(extent, p)), or make the view on the host and capture it");
    return;
  }
  cx.report(at, describe(callee, cx) +
                    " cannot be called from restrict(amp) code: declare it restrict(cpu, amp) "
                    "(or restrict(amp))");
}

class call_to_cpu_function : public rule {
  void check_stmt(const Stmt& s, const FunctionDecl&, amp_context& cx) const override {
    if (const auto* call = dyn_cast<CallExpr>(&s))
      check_callee(call->getDirectCallee(), call->getBeginLoc(), cx);
    else if (const auto* construct = dyn_cast<CXXConstructExpr>(&s))
      check_callee(construct->getConstructor(), construct->getBeginLoc(), cx);
    else if (const auto* temporary = dyn_cast<CXXBindTemporaryExpr>(&s))
      check_callee(temporary->getTemporary()->getDestructor(), temporary->getBeginLoc(), cx);
  }
  // A local object is destroyed at the end of its scope.
  void check_local(const VarDecl& v, const FunctionDecl&, amp_context& cx) const override {
    const CXXRecordDecl* rd = v.getType()->getBaseElementTypeUnsafe()->getAsCXXRecordDecl();
    if (!rd || !rd->hasDefinition() || v.hasGlobalStorage()) return;
    const CXXDestructorDecl* d = rd->getDestructor();
    if (d && !d->isTrivial()) check_callee(d, v.getLocation(), cx);
  }
};

// C++ AMP binds a default argument where its function is declared: in a class
// defined inside restrict(amp)-only code, as restrict(amp) code (MSVC's C3931).
// Clang binds it as the class's context, restrict(cpu), so `foo()` there names
// `foo() restrict(cpu)` where C++ AMP's is `foo() restrict(amp)`; restrict(cpu)
// code that leaves such an argument out evaluates a restrict(amp) call.
bool amp_only(const FunctionDecl* fn) {
  return fn->hasAttr<CUDADeviceAttr>() && !fn->hasAttr<CUDAHostAttr>();
}

// The restrict(amp)-only function a class is defined in, if any.
const FunctionDecl* amp_only_home(const DeclContext* dc) {
  const auto* rd = dyn_cast_or_null<CXXRecordDecl>(dc);
  if (!rd || rd->isLambda()) return nullptr;
  const auto* outer = dyn_cast_or_null<FunctionDecl>(rd->getParentFunctionOrMethod());
  return outer && amp_only(outer) ? outer : nullptr;
}

// `callee`'s restrict(amp)-only overload, which C++ AMP's binding picks instead.
const FunctionDecl* amp_overload(const FunctionDecl* callee) {
  for (const NamedDecl* d :
       callee->getDeclContext()->getRedeclContext()->lookup(callee->getDeclName())) {
    const NamedDecl* u = d->getUnderlyingDecl();
    const auto* fn = dyn_cast<FunctionDecl>(u);
    if (const auto* t = dyn_cast<FunctionTemplateDecl>(u)) fn = t->getTemplatedDecl();
    if (fn && fn->getCanonicalDecl() != callee->getCanonicalDecl() && amp_only(fn) &&
        fn->getNumParams() == callee->getNumParams())
      return fn;
  }
  return nullptr;
}

// The first call of a default argument that C++ AMP binds to a restrict(amp)-only function.
class amp_bound_call : public RecursiveASTVisitor<amp_bound_call> {
 public:
  bool VisitDeclRefExpr(DeclRefExpr* e) {
    const auto* fn = dyn_cast<FunctionDecl>(e->getDecl());
    if (found || !fn || fn->hasAttr<CUDADeviceAttr>()) return true;
    if (amp_overload(fn)) found = fn;
    return true;
  }
  const FunctionDecl* found = nullptr;
};

// restrict(cpu) code of a local class calling a function whose default argument
// C++ AMP binds as restrict(amp) code.
class default_argument_caller : public RecursiveASTVisitor<default_argument_caller> {
 public:
  default_argument_caller(const CXXRecordDecl& rd, const FunctionDecl& in, amp_context& cx)
      : rd_(rd), in_(in), cx_(cx) {}
  bool shouldVisitImplicitCode() const { return true; }
  bool TraverseCXXRecordDecl(CXXRecordDecl* d) {  // a nested class is checked on its own
    return d == &rd_ ? RecursiveASTVisitor::TraverseCXXRecordDecl(d) : true;
  }
  bool TraverseLambdaExpr(LambdaExpr*) { return true; }  // its operator() is a function of its own
  bool VisitCallExpr(CallExpr* call) {
    for (const Expr* a : call->arguments()) check(a, call->getBeginLoc());
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr* ce) {
    for (const Expr* a : ce->arguments()) check(a, ce->getBeginLoc());
    return true;
  }

 private:
  void check(const Expr* arg, SourceLocation at) {
    const auto* e = dyn_cast<CXXDefaultArgExpr>(arg);
    if (!e) return;
    const ParmVarDecl* p = e->getParam();
    const auto* fn = dyn_cast<FunctionDecl>(p->getDeclContext());
    const FunctionDecl* home = fn ? amp_only_home(fn->getDeclContext()) : nullptr;
    if (!home || !p->hasDefaultArg() || p->hasUnparsedDefaultArg() ||
        p->hasUninstantiatedDefaultArg())
      return;
    amp_bound_call finder;
    finder.TraverseStmt(const_cast<Expr*>(p->getDefaultArg()));
    if (!finder.found) return;
    cx_.report(
        at, "the default argument of " + amp_context::quoted(fn) + " (line " +
                std::to_string(cx_.sm.getPresumedLineNumber(cx_.sm.getFileLoc(p->getLocation()))) +
                ") is bound where its class is defined, in the restrict(amp) function " +
                amp_context::quoted(home) + ": its call of " + amp_context::quoted(finder.found) +
                " is restrict(amp), which this restrict(cpu) code (" + amp_context::quoted(&in_) +
                ") cannot call; pass the argument explicitly, or declare " +
                amp_context::quoted(finder.found) + " restrict(cpu, amp)");
  }

  const CXXRecordDecl& rd_;
  const FunctionDecl& in_;
  amp_context& cx_;
};

class default_argument_bound_as_amp : public rule {
  void check_class(const CXXRecordDecl& rd, amp_context& cx) const override {
    if (rd.isLambda() || !rd.getParentFunctionOrMethod()) return;
    for (const Decl* d : rd.decls()) {
      const auto* fn = dyn_cast<FunctionDecl>(d);
      if (const auto* t = dyn_cast<FunctionTemplateDecl>(d)) fn = t->getTemplatedDecl();
      if (!fn || !fn->doesThisDeclarationHaveABody() || amp_only(fn) || fn->isDependentContext())
        continue;
      default_argument_caller(rd, *fn, cx).TraverseStmt(fn->getBody());
    }
  }
};

}  // namespace

void add_call_rules(rule_list& rules) {
  rules.push_back(std::make_unique<call_to_cpu_function>());
  rules.push_back(std::make_unique<default_argument_bound_as_amp>());
}

}  // namespace ampcl::translate::amp_rules
