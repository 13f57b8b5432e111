#include "rewrite_rules.hpp"

namespace ampcl::debug::detail {

// helper(a, b) -> helper(a, b, __ampcl_c): a helper that touches memory or reaches
// a barrier takes the shadow context as its last parameter (function_entry_rule).
void rewrite_helper_call(const clang::CallExpr* call, const clang::FunctionDecl* helper,
                         rewrite_context& cx) {
  if (!cx.plan().needs_ctx.count(helper)) return;
  cx.insert_after(call->getRParenLoc(), call->getNumArgs() ? ", __ampcl_c" : "__ampcl_c");
}

}  // namespace ampcl::debug::detail
