#include <set>

#include "rewrite_rules.hpp"

namespace ampcl::debug::detail {

namespace {

// Math builtins that return a second result through their last argument (sincos's
// cosine, fract's and modf's integral part, frexp's exponent, lgamma_r's sign,
// remquo's quotient) write *p as a plain store would:
//   sincos(x, (T*)__ampcl_gp(__ampcl_c, (__global void*)(p), 0u, sizeof(*p), obj, site,
//   AMPCL_K_WRITE)). A private pointer is left alone.
class pointer_result_rule : public builtin_call_rule {
 public:
  bool handles(const std::string& callee) const override { return names().count(callee) != 0; }

  void rewrite(const clang::CallExpr* call, const std::string&,
               rewrite_context& cx) const override {
    const unsigned n = call->getNumArgs();
    if (n < 2) return;
    // The argument's own type: the builtin's parameter prints desugared (a vector
    // pointer as "float __global * __attribute__((ext_vector_type(4)))").
    const clang::Expr* arg = call->getArg(n - 1)->IgnoreParenImpCasts();
    const clang::QualType pt = arg->getType();
    const space s = rewrite_context::pointee_space(pt);
    if (s == space::none || !pt->isPointerType() || !cx.in_main(arg)) return;
    const std::string ptr = pt.getAsString(cx.policy());
    const auto bytes = cx.ast().getTypeSizeInChars(pt->getPointeeType()).getQuantity();
    const clang::DeclRefExpr* base = base_ref(arg);
    const std::string var = base ? base->getDecl()->getName().str() : "";
    const auto id =
        cx.add_site(arg->getBeginLoc(), var, access_kind::write, rewrite_context::memory_of(s));
    cx.wrap(arg,
            "((" + ptr + ")" + rewrite_context::hook(s) + "p(__ampcl_c, (" +
                rewrite_context::void_pointer(s) + ")(",
            "), 0u, " + u(bytes) + ", " + std::to_string(cx.object_index(base, s)) + ", " + u(id) +
                ", AMPCL_K_WRITE))");
  }

 private:
  static const std::set<std::string>& names() {
    static const std::set<std::string> n = {"sincos", "fract",  "modf",
                                            "frexp",  "remquo", "lgamma_r"};
    return n;
  }
};

}  // namespace

std::unique_ptr<builtin_call_rule> make_pointer_result_rule() {
  return std::make_unique<pointer_result_rule>();
}

}  // namespace ampcl::debug::detail
