#include "rewrite_rules.hpp"

namespace ampcl::debug::detail {

namespace {

// atomic_add(p, v) -> atomic_add((T*)__ampcl_l(__ampcl_c, p, sizeof(*p), obj, site,
// AMPCL_K_ATOMIC), v): atomics never race with atomics, but do with plain accesses.
class atomic_rule : public builtin_call_rule {
 public:
  bool handles(const std::string& callee) const override {
    return callee.rfind("atomic_", 0) == 0 || callee.rfind("atom_", 0) == 0;
  }

  void rewrite(const clang::CallExpr* call, const std::string&,
               rewrite_context& cx) const override {
    const clang::FunctionDecl* callee = call->getDirectCallee();
    if (call->getNumArgs() < 1 || callee->getNumParams() < 1) return;
    const clang::QualType pt = callee->getParamDecl(0)->getType();
    const space s = rewrite_context::pointee_space(pt);
    if (s == space::none) return;
    const clang::Expr* arg = call->getArg(0)->IgnoreParenImpCasts();
    const std::string ptr = pt.getAsString(cx.policy());
    const clang::DeclRefExpr* base = base_ref(arg);
    const std::string var = base ? base->getDecl()->getName().str() : "";
    const auto id =
        cx.add_site(arg->getBeginLoc(), var, access_kind::atomic, rewrite_context::memory_of(s));
    cx.wrap(arg,
            "((" + ptr + ")" + rewrite_context::hook(s) + "(__ampcl_c, (" +
                rewrite_context::void_pointer(s) + ")(",
            "), sizeof(*(" + ptr + ")0), " + std::to_string(cx.object_index(base, s)) + ", " +
                u(id) + ", AMPCL_K_ATOMIC))");
  }
};

}  // namespace

std::unique_ptr<builtin_call_rule> make_atomic_rule() {
  return std::make_unique<atomic_rule>();
}

}  // namespace ampcl::debug::detail
