// 2.3: restrict(amp) code calls only functions it may call (restrict(amp) or
// restrict(cpu, amp) ones, and the special members Clang infers as such).
// Clang rejects such calls from restrict(amp)-only code itself; from the amp
// side of restrict(cpu, amp) code it would only when a kernel reaches it, and it
// takes a lambda without a specifier for restrict(cpu, amp), where C++ AMP's is
// restrict(cpu) (unless it is written inside amp code, whose restrictions it inherits).
#include <clang/AST/ExprCXX.h>

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

void check_callee(const FunctionDecl* callee, SourceLocation at, amp_context& cx) {
  if (!callee || cx.amp_callable(callee)) return;
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

}  // namespace

void add_call_rules(rule_list& rules) { rules.push_back(std::make_unique<call_to_cpu_function>()); }

}  // namespace ampcl::translate::amp_rules
