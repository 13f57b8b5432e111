// 2.4.2: restrictions on the declarator of a restrict(amp) function (and of the
// amp side of a restrict(cpu, amp) one).
#include <clang/AST/Attr.h>

#include "../rule.hpp"

namespace ampcl::translate::amp_rules {

using namespace clang;

namespace {

std::string name_of(const FunctionDecl& fn) {
  if (const auto* m = dyn_cast<CXXMethodDecl>(&fn); m && m->getParent()->isLambda())
    return "the lambda";
  return "restrict(amp) function " + amp_context::quoted(&fn);
}

class virtual_function : public rule {
  void check_function(const FunctionDecl& fn, amp_context& cx) const override {
    const auto* m = dyn_cast<CXXMethodDecl>(&fn);
    if (!m || !m->isVirtual()) return;
    cx.report(fn.getLocation(), name_of(fn) +
                                    " is virtual: restrict(amp) code has no virtual calls; make "
                                    "it non-virtual");
  }
};

class exception_specification : public rule {
  void check_function(const FunctionDecl& fn, amp_context& cx) const override {
    const auto* proto = fn.getType()->getAs<FunctionProtoType>();
    if (!proto) return;
    // __declspec(nothrow) is one too, C++ AMP says (C++11's noexcept is not).
    const auto* nothrow = fn.getAttr<NoThrowAttr>();
    if ((nothrow && !nothrow->isImplicit()) || proto->getExceptionSpecType() == EST_NoThrow) {
      cx.report(nothrow ? nothrow->getLocation() : fn.getLocation(),
                name_of(fn) +
                    " is __declspec(nothrow), an exception specification: restrict(amp) code has "
                    "no exceptions; remove it");
      return;
    }
    switch (proto->getExceptionSpecType()) {
      case EST_DynamicNone:
      case EST_Dynamic:
      case EST_MSAny:
        break;
      default:
        return;
    }
    const SourceLocation at = fn.getExceptionSpecSourceRange().getBegin();
    cx.report(at.isValid() ? at : fn.getLocation(),
              name_of(fn) +
                  " has a throw(...) exception specification: restrict(amp) code has no "
                  "exceptions; remove it");
  }
};

class volatile_member_function : public rule {
  void check_function(const FunctionDecl& fn, amp_context& cx) const override {
    const auto* m = dyn_cast<CXXMethodDecl>(&fn);
    if (!m || !m->getMethodQualifiers().hasVolatile()) return;
    cx.report(fn.getLocation(), name_of(fn) +
                                    " is a volatile member function: volatile is not allowed in "
                                    "restrict(amp) code; remove it");
  }
};

class parameter_types : public rule {
  void check_function(const FunctionDecl& fn, amp_context& cx) const override {
    for (const ParmVarDecl* p : fn.parameters()) {
      const std::string problem = cx.type_problem(p->getType());
      if (problem.empty()) continue;
      const std::string name = p->getName().empty() ? "a parameter" : "parameter '" + p->getNameAsString() + "'";
      cx.report(p->getLocation(), name + " of " + name_of(fn) + ": " + problem);
    }
  }
};

class return_type : public rule {
  void check_function(const FunctionDecl& fn, amp_context& cx) const override {
    if (isa<CXXConstructorDecl>(fn) || isa<CXXDestructorDecl>(fn)) return;
    const std::string problem = cx.type_problem(fn.getReturnType());
    if (problem.empty()) return;
    const SourceLocation at = fn.getReturnTypeSourceRange().getBegin();
    cx.report(at.isValid() ? at : fn.getLocation(), "the return type of " + name_of(fn) + ": " + problem);
  }
};

// A restrict(amp) constructor makes its object in restrict(amp) code, which can
// only hold amp-compatible classes (even before any code constructs one).
class constructor_of_incompatible_class : public rule {
  void check_function(const FunctionDecl& fn, amp_context& cx) const override {
    const auto* c = dyn_cast<CXXConstructorDecl>(&fn);
    if (!c || c->getParent()->isLambda()) return;
    const std::string problem = cx.type_problem(cx.ctx.getRecordType(c->getParent()));
    if (problem.empty()) return;
    cx.report(fn.getLocation(), "restrict(amp) constructor " + amp_context::quoted(&fn) +
                                    " makes an object restrict(amp) code cannot hold: " + problem);
  }
};

// C linkage gives a function one name, so it cannot have two restrictions (two
// bodies), nor share its name with a function of the other restriction.
class extern_c_with_both_restrictions : public rule {
  void check_function(const FunctionDecl& fn, amp_context& cx) const override {
    if (!fn.isExternC() || !amp_context::written_amp(&fn) || !amp_context::written_cpu(&fn))
      return;
    cx.report(fn.getLocation(), "extern \"C\" function " + amp_context::quoted(&fn) +
                                    " is restrict(cpu, amp): C linkage has one name for both "
                                    "sides; declare it restrict(amp) or drop extern \"C\"");
  }
};

class extern_c_name_collision : public rule {
  void check_function(const FunctionDecl& fn, amp_context& cx) const override {
    if (!fn.isExternC() || !amp_context::written_amp(&fn) || amp_context::written_cpu(&fn))
      return;
    for (const NamedDecl* other : cx.ctx.getTranslationUnitDecl()->lookup(fn.getDeclName())) {
      const auto* f = dyn_cast<FunctionDecl>(other);
      if (!f || f == &fn || !f->isExternC() || !amp_context::written_cpu(f) ||
          amp_context::written_amp(f))
        continue;
      cx.report(fn.getLocation(),
                "extern \"C\" function " + amp_context::quoted(&fn) +
                    " is declared restrict(amp) here and restrict(cpu) at line " +
                    std::to_string(cx.sm.getPresumedLineNumber(cx.sm.getFileLoc(f->getLocation()))) +
                    ": C linkage gives both the same name; rename one or drop extern \"C\"");
      return;
    }
  }
};

}  // namespace

void add_declarator_rules(rule_list& rules) {
  rules.push_back(std::make_unique<virtual_function>());
  rules.push_back(std::make_unique<exception_specification>());
  rules.push_back(std::make_unique<volatile_member_function>());
  rules.push_back(std::make_unique<parameter_types>());
  rules.push_back(std::make_unique<return_type>());
  rules.push_back(std::make_unique<constructor_of_incompatible_class>());
  rules.push_back(std::make_unique<extern_c_with_both_restrictions>());
  rules.push_back(std::make_unique<extern_c_name_collision>());
}

}  // namespace ampcl::translate::amp_rules
