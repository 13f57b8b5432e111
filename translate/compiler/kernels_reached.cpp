#include "kernels_reached.hpp"

#include <clang/AST/RecursiveASTVisitor.h>

#include "lower.hpp"

namespace ampcl::translate {

using namespace clang;

namespace {

class entry_finder : public RecursiveASTVisitor<entry_finder> {
 public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitFunctionDecl(FunctionDecl* fn) {
    if (fn->isTemplateInstantiation() && fn->doesThisDeclarationHaveABody()) {
      const FunctionDecl* pattern = fn->getTemplateInstantiationPattern();
      if (pattern && has_annotation(pattern, "ampcl_kernel_entry")) entries.push_back(fn);
    }
    return true;
  }
  std::vector<const FunctionDecl*> entries;
};

class callees : public RecursiveASTVisitor<callees> {
 public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }
  bool VisitCallExpr(CallExpr* e) { return add(e->getDirectCallee()); }
  bool VisitDeclRefExpr(DeclRefExpr* e) { return add(dyn_cast<FunctionDecl>(e->getDecl())); }
  bool VisitMemberExpr(MemberExpr* e) { return add(dyn_cast<FunctionDecl>(e->getMemberDecl())); }
  bool VisitCXXConstructExpr(CXXConstructExpr* e) {
    add(e->getConstructor());
    return add(destructor_of(e->getType()));
  }
  bool VisitVarDecl(VarDecl* v) { return add(destructor_of(v->getType())); }
  bool VisitLambdaExpr(LambdaExpr* e) { return add(e->getCallOperator()); }
  std::vector<const FunctionDecl*> found;

 private:
  static const FunctionDecl* destructor_of(QualType t) {
    const auto* rd = t->getBaseElementTypeUnsafe()->getAsCXXRecordDecl();
    return rd && rd->hasDefinition() ? rd->getDestructor() : nullptr;
  }
  bool add(const FunctionDecl* fn) {
    if (fn) found.push_back(fn);
    return true;
  }
};

}  // namespace

std::vector<const FunctionDecl*> kernel_entries(ASTContext& ctx) {
  entry_finder finder;
  finder.TraverseDecl(ctx.getTranslationUnitDecl());
  return finder.entries;
}

std::set<const FunctionDecl*> reached_from(const std::vector<const FunctionDecl*>& entries) {
  std::set<const FunctionDecl*> reached;
  std::vector<const FunctionDecl*> work(entries.begin(), entries.end());
  while (!work.empty()) {
    const FunctionDecl* fn = work.back();
    work.pop_back();
    if (!reached.insert(fn->getCanonicalDecl()).second) continue;
    const FunctionDecl* def = nullptr;
    if (!fn->hasBody(def) || !def) continue;
    callees walk;
    if (const auto* ctor = dyn_cast<CXXConstructorDecl>(def))
      for (const CXXCtorInitializer* init : ctor->inits()) walk.TraverseStmt(init->getInit());
    walk.TraverseStmt(def->getBody());
    work.insert(work.end(), walk.found.begin(), walk.found.end());
  }
  return reached;
}

}  // namespace ampcl::translate
