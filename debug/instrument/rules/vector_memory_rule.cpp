#include <clang/Lex/Lexer.h>

#include "rewrite_rules.hpp"

namespace ampcl::debug::detail {

namespace {

// vloadN(off, p) / vstoreN(v, off, p), and their vloada/_half forms: the pointer
// argument becomes the checked address p + off * N and the offset 0:
//   vload4(0, (T*)__ampcl_gp(__ampcl_c, (void*)((size_t)(off) * 4 + (p)), 0u, 16u, ...)).
class vector_memory_rule : public builtin_call_rule {
 public:
  bool handles(const std::string& callee) const override {
    return callee.rfind("vload", 0) == 0 || callee.rfind("vstore", 0) == 0;
  }

  void rewrite(const clang::CallExpr* call, const std::string& callee,
               rewrite_context& cx) const override {
    const bool store = callee[1] == 's';
    const unsigned pi = store ? 2 : 1, oi = pi - 1;
    if (call->getNumArgs() != pi + 1) return;
    const shape sh = shape_of(callee.substr(store ? 6 : 5));
    if (!sh.valid) return;
    const clang::Expr* off = call->getArg(oi);
    const clang::Expr* ptr = call->getArg(pi);
    const clang::QualType pt = ptr->getType();
    const space s = rewrite_context::pointee_space(pt);
    if (s == space::none || !cx.in_main(off->getBeginLoc()) || !cx.in_main(ptr->getEndLoc()))
      return;
    const auto elem = sh.half ? 2 : cx.ast().getTypeSizeInChars(pt->getPointeeType()).getQuantity();
    // The comma between offset and pointer becomes the multiplication.
    clang::Token comma;
    const clang::SourceLocation off_end = cx.end_of(off);
    const auto& lang = cx.ast().getLangOpts();
    if (clang::Lexer::getRawToken(off_end, comma, cx.sources(), lang, true) ||
        comma.isNot(clang::tok::comma))
      return;
    const clang::DeclRefExpr* base = base_ref(ptr->IgnoreParenImpCasts());
    const auto id = cx.add_site(call->getBeginLoc(), base ? base->getDecl()->getName().str() : "",
                                store ? access_kind::write : access_kind::read,
                                rewrite_context::memory_of(s), base ? base->getDecl() : nullptr);
    cx.insert_after(off->getBeginLoc(), "0, (" + pt.getAsString(cx.policy()) + ")" +
                                            rewrite_context::hook(s) + "p(__ampcl_c, (" +
                                            rewrite_context::void_pointer(s) + ")((size_t)(");
    cx.replace(comma.getLocation(), 1, ") * " + std::to_string(sh.stride) + " + (");
    cx.insert_before(cx.end_of(ptr), ")), 0u, " + u(sh.lanes * elem) + ", " +
                                         std::to_string(cx.object_index(base, s)) + ", " + u(id) +
                                         ", " + (store ? "AMPCL_K_WRITE" : "AMPCL_K_READ") + ")");
  }

 private:
  struct shape {
    bool valid = false;
    bool half = false;
    unsigned lanes = 1;   // N of vloadN (1 for vload_half)
    unsigned stride = 1;  // elements between consecutive vectors (vloada3: 4)
  };

  // What follows "vload"/"vstore": [a][_half][N][_rounding].
  static shape shape_of(std::string rest) {
    shape sh;
    const bool aligned = !rest.empty() && rest[0] == 'a';
    if (aligned) rest = rest.substr(1);
    sh.half = rest.rfind("_half", 0) == 0;
    if (sh.half) rest = rest.substr(5);
    rest = rest.substr(0, rest.find('_'));  // rounding mode suffix
    if (rest.find_first_not_of("0123456789") != std::string::npos) return sh;
    sh.lanes = rest.empty() ? 1 : static_cast<unsigned>(std::stoul(rest));
    sh.stride = aligned && sh.lanes == 3 ? 4 : sh.lanes;
    sh.valid = true;
    return sh;
  }
};

}  // namespace

std::unique_ptr<builtin_call_rule> make_vector_memory_rule() {
  return std::make_unique<vector_memory_rule>();
}

}  // namespace ampcl::debug::detail
