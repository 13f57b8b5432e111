// 2.4.3.3: what a restrict(amp) lambda captures. By value: amp-compatible data
// (array_views included), never a pointer or a concurrency::array. By reference:
// from CPU code only a concurrency::array, whose data is on the accelerator
// (captures of a lambda written inside amp code are the accelerator's own).
#include <clang/AST/LambdaCapture.h>

#include "../rule.hpp"

namespace ampcl::translate::amp_rules {

using namespace clang;

namespace {

// Calls `each` for every variable the lambda whose call operator is `fn` captures.
template <class F>
void for_each_capture(const FunctionDecl& fn, F each) {
  const auto* m = dyn_cast<CXXMethodDecl>(&fn);
  if (!m || !m->getParent()->isLambda() || m->getOverloadedOperator() != OO_Call) return;
  for (const LambdaCapture& c : m->getParent()->captures())
    if (c.capturesVariable()) each(c, c.getCapturedVar());
}

std::string captured(const VarDecl* v) { return "the lambda captures '" + v->getNameAsString() + "'"; }

class pointer_captured_by_value : public rule {
  void check_function(const FunctionDecl& fn, amp_context& cx) const override {
    for_each_capture(fn, [&](const LambdaCapture& c, const VarDecl* v) {
      if (c.getCaptureKind() != LCK_ByCopy || !v->getType().getNonReferenceType()->isPointerType())
        return;
      cx.report(c.getLocation(), captured(v) +
                                     " by value, a pointer: restrict(amp) lambdas cannot capture "
                                     "pointers; capture the array_view it points into");
    });
  }
};

class array_captured_by_value : public rule {
  void check_function(const FunctionDecl& fn, amp_context& cx) const override {
    for_each_capture(fn, [&](const LambdaCapture& c, const VarDecl* v) {
      if (c.getCaptureKind() == LCK_ByCopy && cx.is_concurrency_texture(v->getType())) {
        cx.report(c.getLocation(),
                  captured(v) +
                      " by value, a concurrency::graphics::texture: a texture cannot be copied "
                      "into restrict(amp) code; capture it by reference ([&" +
                      v->getNameAsString() + "]) or capture a texture_view of it by value");
        return;
      }
      if (c.getCaptureKind() != LCK_ByCopy || !cx.is_concurrency_array(v->getType())) return;
      cx.report(c.getLocation(), captured(v) +
                                     " by value, a concurrency::array: an array cannot be copied "
                                     "into restrict(amp) code; capture it by reference ([&" +
                                     v->getNameAsString() + "]) or use an array_view");
    });
  }
};

class capture_type : public rule {
  void check_function(const FunctionDecl& fn, amp_context& cx) const override {
    for_each_capture(fn, [&](const LambdaCapture& c, const VarDecl* v) {
      const QualType t = v->getType().getNonReferenceType();
      if (c.getCaptureKind() != LCK_ByCopy || t->isPointerType() || cx.is_concurrency_array(t) ||
          cx.is_concurrency_texture(t))
        return;  // the rules above
      const std::string problem = cx.type_problem(t);
      if (!problem.empty()) cx.report(c.getLocation(), captured(v) + " by value: " + problem);
    });
  }
};

class captured_by_reference_from_cpu_code : public rule {
  void check_function(const FunctionDecl& fn, amp_context& cx) const override {
    const auto* outer = dyn_cast_or_null<FunctionDecl>(fn.getParentFunctionOrMethod());
    if (outer && cx.amp_side(outer)) return;
    for_each_capture(fn, [&](const LambdaCapture& c, const VarDecl* v) {
      const QualType t = v->getType().getNonReferenceType();
      if (c.getCaptureKind() != LCK_ByRef || cx.is_concurrency_array(t) ||
          cx.is_concurrency_texture(t))
        return;
      cx.report(c.getLocation(), captured(v) +
                                     " by reference: a restrict(amp) lambda written in CPU code "
                                     "can capture only a concurrency::array or a texture by "
                                     "reference; capture it by value");
    });
  }
};

// [this] (or [=] or [&] using a member) from CPU code: `this` is a host pointer.
// [*this] copies the object and is the capture to use.
class this_captured_from_cpu_code : public rule {
  void check_function(const FunctionDecl& fn, amp_context& cx) const override {
    const auto* m = dyn_cast<CXXMethodDecl>(&fn);
    if (!m || !m->getParent()->isLambda() || m->getOverloadedOperator() != OO_Call) return;
    const auto* outer = dyn_cast_or_null<FunctionDecl>(fn.getParentFunctionOrMethod());
    if (outer && cx.amp_side(outer)) return;
    for (const LambdaCapture& c : m->getParent()->captures())
      if (c.getCaptureKind() == LCK_This)
        cx.report(c.getLocation(),
                  std::string("the lambda captures 'this'") +
                      (c.isImplicit() ? " (it uses a member)" : "") +
                      ", a pointer to a CPU object: restrict(amp) lambdas cannot capture "
                      "pointers; copy the members it needs into locals and capture those");
  }
};

}  // namespace

void add_lambda_rules(rule_list& rules) {
  rules.push_back(std::make_unique<pointer_captured_by_value>());
  rules.push_back(std::make_unique<array_captured_by_value>());
  rules.push_back(std::make_unique<capture_type>());
  rules.push_back(std::make_unique<captured_by_reference_from_cpu_code>());
  rules.push_back(std::make_unique<this_captured_from_cpu_code>());
}

}  // namespace ampcl::translate::amp_rules
