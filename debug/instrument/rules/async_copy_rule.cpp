#include "rewrite_rules.hpp"

namespace ampcl::debug::detail {

namespace {

// async_work_group_copy(dst, src, n, e) and async_work_group_strided_copy(dst, src,
// n, stride, e): the tile votes on the copy's arguments (a copy is the tile's: every
// work-item must make the same one), then each work-item checks its own part of it,
// as the tile's copy's accesses (the arguments are evaluated again, from their text):
//   (__ampcl_copy_uniform(__ampcl_c, dst, src, n, stride, vsite),
//    __ampcl_copy_part(__ampcl_c, l, g, n, sizeof(*dst), stride, to_local, lsite, gsite),
//    copy).
class async_copy_rule : public builtin_call_rule {
 public:
  bool handles(const std::string& callee) const override {
    return callee == "async_work_group_copy" || callee == "async_work_group_strided_copy";
  }

  void rewrite(const clang::CallExpr* call, const std::string& callee,
               rewrite_context& cx) const override {
    const bool strided = callee == "async_work_group_strided_copy";
    if (call->getNumArgs() != (strided ? 5u : 4u)) return;
    const clang::Expr* dst = call->getArg(0);
    const clang::Expr* src = call->getArg(1);
    if (!dst->getType()->isPointerType()) return;
    const bool to_local = rewrite_context::pointee_space(dst->getType()) == space::local;
    const clang::Expr* l = to_local ? dst : src;
    const clang::Expr* g = to_local ? src : dst;
    auto name_of = [](const clang::Expr* x) {
      const clang::DeclRefExpr* b = base_ref(x->IgnoreParenImpCasts());
      return b ? b->getDecl()->getName().str() : std::string();
    };
    const auto lsite =
        cx.add_site(l->getBeginLoc(), name_of(l), to_local ? access_kind::write : access_kind::read,
                    memory_space::tile_static);
    const auto gsite =
        cx.add_site(g->getBeginLoc(), name_of(g), to_local ? access_kind::read : access_kind::write,
                    memory_space::global);
    const std::string stride = strided ? "(ulong)(" + cx.text_of(call->getArg(3)) + ")" : "1UL";
    // The vote's site names the builtin, which the divergence report explains.
    const auto vsite =
        cx.add_site(call->getBeginLoc(), callee, access_kind::branch, memory_space::none);
    cx.wrap(call,
            "(__ampcl_copy_uniform(__ampcl_c, (ulong)(" + cx.text_of(dst) + "), (ulong)(" +
                cx.text_of(src) + "), (ulong)(" + cx.text_of(call->getArg(2)) + "), " + stride +
                ", " + u(vsite) + "), __ampcl_copy_part(__ampcl_c, (__local uchar*)(" +
                cx.text_of(l) + "), (__global uchar*)(" + cx.text_of(g) + "), (ulong)(" +
                cx.text_of(call->getArg(2)) + "), (uint)sizeof(*(" + cx.text_of(dst) + ")), " +
                stride + ", " + (to_local ? "1" : "0") + ", " + u(lsite) + ", " + u(gsite) + "), ",
            ")");
  }
};

}  // namespace

std::unique_ptr<builtin_call_rule> make_async_copy_rule() {
  return std::make_unique<async_copy_rule>();
}

}  // namespace ampcl::debug::detail
