// 2.4.3.5 (and 2.4.1 where objects are made): the objects restrict(amp) code
// creates (local variables, temporaries, cast results) have amp-compatible
// types, and none has static storage.
#include <clang/AST/Attr.h>
#include <clang/AST/ExprCXX.h>

#include "../rule.hpp"

namespace ampcl::translate::amp_rules {

using namespace clang;

namespace {

class local_variable_type : public rule {
  void check_local(const VarDecl& v, const FunctionDecl&, amp_context& cx) const override {
    const std::string problem = cx.type_problem(v.getType());
    if (!problem.empty()) cx.report(v.getLocation(), "variable '" + v.getNameAsString() + "': " + problem);
  }
};

class static_local_variable : public rule {
  void check_local(const VarDecl& v, const FunctionDecl&, amp_context& cx) const override {
    if (!v.isStaticLocal() || v.hasAttr<CUDASharedAttr>()) return;
    const QualType t = v.getType();
    if (t.isConstQualified() && !t.isVolatileQualified()) return;  // a constant
    cx.report(v.getLocation(), "static local variable '" + v.getNameAsString() +
                                   "' is not allowed in restrict(amp) code: each thread has its "
                                   "own locals and a tile its tile_static ones; use one of those");
  }
};

// T(), T{...}, (T)x, static_cast<T>(x): a value of type T is made.
class temporary_type : public rule {
  void check_stmt(const Stmt& s, const FunctionDecl&, amp_context& cx) const override {
    QualType made;
    if (const auto* cast = dyn_cast<ExplicitCastExpr>(&s))
      made = cast->getTypeAsWritten();
    else if (const auto* object = dyn_cast<CXXTemporaryObjectExpr>(&s))
      made = object->getType();
    else if (const auto* value = dyn_cast<CXXScalarValueInitExpr>(&s))
      made = value->getType();
    if (made.isNull()) return;
    const std::string problem = cx.type_problem(made);
    if (!problem.empty())
      cx.report(s.getBeginLoc(), "a value of type " + cx.quoted(made) + ": " + problem);
  }
};

}  // namespace

void add_local_rules(rule_list& rules) {
  rules.push_back(std::make_unique<local_variable_type>());
  rules.push_back(std::make_unique<static_local_variable>());
  rules.push_back(std::make_unique<temporary_type>());
}

}  // namespace ampcl::translate::amp_rules
