#include "rewrite_rules.hpp"

namespace ampcl::debug::detail {

namespace {

// atomic_add(p, v) -> atomic_add((T*)__ampcl_l(__ampcl_c, p, sizeof(*p), obj, site,
// AMPCL_K_ATOMIC), v): atomics never race with atomics, but do with plain accesses.
//
// atomic_cmpxchg(p, cmp, v) writes only when it succeeds, which is known after the
// call: the address is bounds-checked before it and noted, the compare value noted,
// and the shadow updated after it, as an atomic write when the returned value equals
// the compare value and as an atomic read otherwise:
//   (T)__ampcl_lcas_end(__ampcl_c, (ulong)atomic_cmpxchg((P)__ampcl_lcas(__ampcl_c,
//       (__local void*)(p), bytes, obj, site), (T)__ampcl_cas_cmp(__ampcl_c,
//       (ulong)(T)(cmp)), v), bytes, obj, site)
class atomic_rule : public builtin_call_rule {
 public:
  bool handles(const std::string& callee) const override {
    return callee.rfind("atomic_", 0) == 0 || callee.rfind("atom_", 0) == 0;
  }

  void rewrite(const clang::CallExpr* call, const std::string& callee,
               rewrite_context& cx) const override {
    const clang::FunctionDecl* fn = call->getDirectCallee();
    if (call->getNumArgs() < 1 || fn->getNumParams() < 1) return;
    const clang::QualType pt = fn->getParamDecl(0)->getType();
    const space s = rewrite_context::pointee_space(pt);
    if (s == space::none) return;
    const clang::Expr* arg = call->getArg(0)->IgnoreParenImpCasts();
    const std::string ptr = pt.getAsString(cx.policy());
    const clang::DeclRefExpr* base = base_ref(arg);
    const std::string var = base ? base->getDecl()->getName().str() : "";
    const auto id =
        cx.add_site(arg->getBeginLoc(), var, access_kind::atomic, rewrite_context::memory_of(s));
    const std::string bytes = "sizeof(*(" + ptr + ")0)";
    const std::string tail =
        ", " + bytes + ", " + std::to_string(cx.object_index(base, s)) + ", " + u(id) + ")";
    const char* hook = rewrite_context::hook(s);
    const bool cas = (callee == "atomic_cmpxchg" || callee == "atom_cmpxchg") &&
                     call->getNumArgs() == 3 && fn->getNumParams() == 3 && cx.in_main(call);
    if (!cas) {
      cx.wrap(arg,
              "((" + ptr + ")" + hook + "(__ampcl_c, (" + rewrite_context::void_pointer(s) + ")(",
              ")" + tail.substr(0, tail.size() - 1) + ", AMPCL_K_ATOMIC))");
      return;
    }
    const std::string value = fn->getParamDecl(1)->getType().getAsString(cx.policy());
    cx.wrap(call, "((" + value + ")" + hook + "cas_end(__ampcl_c, (ulong)(", ")" + tail + ")");
    cx.wrap(arg,
            "((" + ptr + ")" + hook + "cas(__ampcl_c, (" + rewrite_context::void_pointer(s) + ")(",
            ")" + tail + ")");
    cx.wrap(call->getArg(1), "((" + value + ")__ampcl_cas_cmp(__ampcl_c, (ulong)(" + value + ")(",
            ")))");
  }
};

}  // namespace

std::unique_ptr<builtin_call_rule> make_atomic_rule() {
  return std::make_unique<atomic_rule>();
}

}  // namespace ampcl::debug::detail
