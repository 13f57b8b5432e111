#include <clang/AST/ParentMapContext.h>

#include "rewrite_rules.hpp"

namespace ampcl::debug::detail {

namespace {

// The event slot the copy's event is stored into (`e = copy`, `ev[i] = copy`,
// `event_t e = copy`), as the runtime's key; "0u" where it goes elsewhere.
std::string stored_slot(const clang::CallExpr* call, rewrite_context& cx) {
  const clang::Stmt* s = call;
  for (;;) {
    const auto parents = cx.ast().getParents(*s);
    if (parents.size() != 1) return "0u";
    if (const auto* vd = parents[0].get<clang::VarDecl>()) {
      if (!vd->getInit() || vd->getInit()->IgnoreParenImpCasts() != call) return "0u";
      const std::string key = event_var_key(vd, cx);
      return key.empty() ? "0u" : key;
    }
    const auto* p = parents[0].get<clang::Stmt>();
    if (!p) return "0u";
    if (clang::isa<clang::ParenExpr>(p) || clang::isa<clang::ImplicitCastExpr>(p)) {
      s = p;
      continue;
    }
    const auto* as = clang::dyn_cast<clang::BinaryOperator>(p);
    if (!as || as->getOpcode() != clang::BO_Assign || as->getRHS()->IgnoreParenImpCasts() != call)
      return "0u";
    const std::string key = event_slot_key(as->getLHS(), cx);
    return key.empty() ? "0u" : key;
  }
}

// The event the copy joins (its last argument): "0u" for none (a literal 0), the
// slot's key for a followed event variable, 0xFFFFFFFFu for any other.
std::string joined_slot(const clang::Expr* event, rewrite_context& cx) {
  const auto* lit = clang::dyn_cast<clang::IntegerLiteral>(event->IgnoreParenImpCasts());
  if (lit && lit->getValue() == 0) return "0u";
  const std::string key = event_slot_key(event, cx);
  return key.empty() ? "0xFFFFFFFFu" : key;
}

// async_work_group_copy(dst, src, n, e) and async_work_group_strided_copy(dst, src,
// n, stride, e): the tile votes on the copy's arguments (a copy is the tile's: every
// work-item must make the same one), then each work-item checks its own part of it,
// as the tile's copy's accesses (the arguments are evaluated again, from their text):
//   (__ampcl_copy_uniform(__ampcl_c, dst, src, n, stride, vsite),
//    __ampcl_copy_part(__ampcl_c, l, g, n, sizeof(*dst), stride, to_local, lsite, gsite,
//                      joined, stored),
//    copy).
// `joined` and `stored` name the copy's event by the variables it comes from and
// goes to (see wait_events_rule.cpp), so a wait orders only its events' copies.
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
                stride + ", " + (to_local ? "1" : "0") + ", " + u(lsite) + ", " + u(gsite) + ", " +
                joined_slot(call->getArg(strided ? 4 : 3), cx) + ", " + stored_slot(call, cx) +
                "), ",
            ")");
  }
};

}  // namespace

std::unique_ptr<builtin_call_rule> make_async_copy_rule() {
  return std::make_unique<async_copy_rule>();
}

}  // namespace ampcl::debug::detail
