// Finds the user's restrict(amp) code and offers each rule its parts.
#include <clang/AST/Attr.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Lex/Preprocessor.h>

#include <algorithm>
#include <set>
#include <tuple>

#include "amp_rules.hpp"
#include "rule.hpp"

namespace ampcl::translate::amp_rules {

using namespace clang;

namespace {

class specifier_recorder : public PPCallbacks {
 public:
  explicit specifier_recorder(written_specifiers& into) : into_(into) {}
  void MacroExpands(const Token& name, const MacroDefinition&, SourceRange range,
                    const MacroArgs*) override {
    const IdentifierInfo* id = name.getIdentifierInfo();
    if (!id) return;
    if (id->getName() == "_Amp_rst") into_.restrictions.push_back(range);
    if (id->getName() == "tile_static") into_.tile_statics.push_back(range);
  }

 private:
  written_specifiers& into_;
};

// Every function (lambdas' call operators and template instantiations
// included), class definition and tile_static variable of the translation unit.
class collector : public RecursiveASTVisitor<collector> {
 public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitFunctionDecl(FunctionDecl* fn) {
    add(fn);
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr* e) {
    add(e->getCallOperator());
    if (const FunctionTemplateDecl* generic = e->getDependentCallOperator())
      for (const FunctionDecl* instance : generic->specializations()) add(instance);
    return true;
  }
  bool VisitCXXRecordDecl(CXXRecordDecl* rd) {
    if (rd->isThisDeclarationADefinition()) classes.push_back(rd);
    return true;
  }
  bool VisitVarDecl(VarDecl* v) {
    if (v->hasAttr<CUDASharedAttr>()) found.tile_statics.push_back(v);
    found.variables.push_back(v);
    return true;
  }
  bool VisitFieldDecl(FieldDecl* f) {
    found.variables.push_back(f);
    return true;
  }
  bool VisitTypedefNameDecl(TypedefNameDecl* t) {
    found.typedefs.push_back(t);
    return true;
  }

  declarations found;
  std::vector<const CXXRecordDecl*> classes;

 private:
  void add(const FunctionDecl* fn) {
    if (fn && seen_.insert(fn).second) found.functions.push_back(fn);
  }
  std::set<const FunctionDecl*> seen_;
};

// The statements, expressions and local variables of one function's body; not
// what runs elsewhere (lambdas and local classes are functions of their own) nor
// what does not run (sizeof's operand, static_assert, types).
class body_walker : public RecursiveASTVisitor<body_walker> {
 public:
  body_walker(const FunctionDecl& fn, const rule_list& rules, amp_context& cx)
      : fn_(fn), rules_(rules), cx_(cx) {}

  void walk() {
    if (const auto* ctor = dyn_cast<CXXConstructorDecl>(&fn_))
      for (const CXXCtorInitializer* init : ctor->inits())
        if (init->isWritten()) TraverseStmt(init->getInit());
    TraverseStmt(fn_.getBody());
  }
  // Default arguments are evaluated in the caller, as restrict(amp) code.
  void walk_default_arguments() {
    for (const ParmVarDecl* p : fn_.parameters())
      if (p->hasDefaultArg() && !p->hasUnparsedDefaultArg() && !p->hasUninstantiatedDefaultArg())
        TraverseStmt(const_cast<Expr*>(p->getDefaultArg()));
  }

  bool VisitStmt(Stmt* s) {
    for (const auto& r : rules_) r->check_stmt(*s, fn_, cx_);
    return true;
  }
  bool TraverseDecl(Decl* d) {
    const auto* v = dyn_cast_or_null<VarDecl>(d);
    if (!v || isa<ParmVarDecl>(v) || v->isImplicit()) return true;
    for (const auto& r : rules_) r->check_local(*v, fn_, cx_);
    return v->getInit() ? TraverseStmt(const_cast<Expr*>(v->getInit())) : true;
  }
  bool TraverseLambdaExpr(LambdaExpr* e) { return WalkUpFromLambdaExpr(e); }
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr* e) {
    return WalkUpFromUnaryExprOrTypeTraitExpr(e);
  }
  bool TraverseCXXNoexceptExpr(CXXNoexceptExpr* e) { return WalkUpFromCXXNoexceptExpr(e); }
  bool TraverseCXXTypeidExpr(CXXTypeidExpr* e) { return WalkUpFromCXXTypeidExpr(e); }
  bool TraverseTypeLoc(TypeLoc) { return true; }

 private:
  const FunctionDecl& fn_;
  const rule_list& rules_;
  amp_context& cx_;
};

// The declaration whose declarator is checked: the definition, or the first
// declaration of a function that has none.
bool declarator_to_check(const FunctionDecl* fn) {
  return fn->isThisDeclarationADefinition() || (!fn->isDefined() && fn->isFirstDecl());
}

rule_list all_rules() {
  rule_list rules;
  add_syntax_rules(rules);
  add_declarator_rules(rules);
  add_scope_rules(rules);
  add_call_rules(rules);
  add_local_rules(rules);
  add_tile_static_rules(rules);
  add_lambda_rules(rules);
  add_class_rules(rules);
  add_barrier_rules(rules);
  add_container_rules(rules);
  return rules;
}

}  // namespace

std::unique_ptr<PPCallbacks> record_specifiers(written_specifiers& into) {
  return std::make_unique<specifier_recorder>(into);
}

bool check(ASTContext& ctx, const written_specifiers& written, const std::vector<std::string>& trusted_dirs,
           std::vector<diagnostic>& out, const rule_options& options,
           const std::set<const FunctionDecl*>* reached) {
  // Visual C++ compiled a template's amp side only for the kernels that call it:
  // Bolt's permutation_iterator::operator+ is restrict(cpu, amp), used on the host
  // only, and copies a member whose copy constructor is restrict(cpu); its test
  // suite built with Visual C++.
  const checked_scope scope = options.scope;
  const auto skipped = [scope, reached](const FunctionDecl* fn) {
    if (scope == checked_scope::all || !reached || reached->count(fn->getCanonicalDecl()))
      return false;
    return scope == checked_scope::reached || fn->isTemplateInstantiation();
  };
  std::vector<diagnostic> found;
  amp_context cx(ctx, trusted_dirs, found);
  cx.divergent_barrier_is_error = options.divergent_barrier_is_error;
  const rule_list rules = all_rules();
  collector all;
  all.TraverseDecl(ctx.getTranslationUnitDecl());

  for (const FunctionDecl* fn : all.found.functions) {
    if (fn->isImplicit() || fn->isDependentContext() || !cx.user_code(fn) || !cx.amp_side(fn) ||
        skipped(fn))
      continue;
    if (declarator_to_check(fn)) {
      for (const auto& r : rules) r->check_function(*fn, cx);
      body_walker(*fn, rules, cx).walk_default_arguments();
    }
    if (fn->doesThisDeclarationHaveABody() && !fn->isDefaulted()) body_walker(*fn, rules, cx).walk();
  }
  for (const CXXRecordDecl* rd : all.classes)
    if (!rd->isDependentContext() && cx.user_code(rd))
      for (const auto& r : rules) r->check_class(*rd, cx);
  for (const VarDecl* v : all.found.tile_statics)
    if (!v->getDeclContext()->isDependentContext() && cx.user_code(v) &&
        !(isa<FunctionDecl>(v->getDeclContext()) &&
          skipped(cast<FunctionDecl>(v->getDeclContext()))))
      for (const auto& r : rules) r->check_tile_static(*v, cx);
  for (const auto& r : rules) r->check_written(written, all.found, cx);
  for (const auto& r : rules) r->finish(cx);

  std::stable_sort(found.begin(), found.end(), [](const diagnostic& a, const diagnostic& b) {
    return std::tie(a.file, a.line, a.column) < std::tie(b.file, b.line, b.column);
  });
  out.insert(out.end(), found.begin(), found.end());
  return !cx.failed();
}

}  // namespace ampcl::translate::amp_rules
