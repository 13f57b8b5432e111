#include "rewrite_rules.hpp"

namespace ampcl::debug::detail {

namespace {

// The list's position in an array variable of events, as source text: the index
// written (`events + i`, `&events[i]`, `events`), not a pointer difference, which
// NVIDIA's compiler gets wrong (`(events + 1) - events` is 0 on driver 580.159.04,
// sizeof(event_t) 8). "0" for any other list.
std::string event_position(const clang::Expr* list, rewrite_context& cx) {
  const clang::Expr* e = list->IgnoreParenImpCasts();
  const auto is_event_array = [](const clang::Expr* base) {
    const clang::DeclRefExpr* b = clang::dyn_cast<clang::DeclRefExpr>(base->IgnoreParenImpCasts());
    const auto* vd = b ? clang::dyn_cast<clang::VarDecl>(b->getDecl()) : nullptr;
    return vd && vd->getType()->isConstantArrayType();
  };
  if (is_event_array(e)) return "0";
  if (const auto* add = clang::dyn_cast<clang::BinaryOperator>(e);
      add && add->getOpcode() == clang::BO_Add) {
    if (is_event_array(add->getLHS())) return cx.text_of(add->getRHS());
    if (is_event_array(add->getRHS())) return cx.text_of(add->getLHS());
  }
  if (const auto* addr = clang::dyn_cast<clang::UnaryOperator>(e);
      addr && addr->getOpcode() == clang::UO_AddrOf)
    if (const auto* sub =
            clang::dyn_cast<clang::ArraySubscriptExpr>(addr->getSubExpr()->IgnoreParens());
        sub && is_event_array(sub->getBase()))
      return cx.text_of(sub->getIdx());
  return "0";
}

// wait_group_events is collective (every work-item of the tile must reach it), so
// it is modelled as a barrier with both fences: it orders the tile's async copies
// against its accesses. A real barrier follows it too, as PoCL's wait does not
// make the other work-items' parts of a copy visible.
//
// Every work-item must also wait on the same events (Oclgrind's "work-group
// divergence"): the tile votes on the count and, where the list points into an
// array variable of events, on its position there (an event_t is opaque and each
// work-item's array has its own address, so its elements are compared by index):
//   (__ampcl_events_uniform(__ampcl_c, (ulong)(n), (long)(i), vsite),
//    wait_group_events(n, list), __ampcl_barrier(...))
class wait_events_rule : public builtin_call_rule {
 public:
  bool handles(const std::string& callee) const override { return callee == "wait_group_events"; }

  void rewrite(const clang::CallExpr* call, const std::string& callee,
               rewrite_context& cx) const override {
    const auto id = cx.add_site(call->getBeginLoc(), "", access_kind::barrier, memory_space::none);
    cx.site(id).fence_flags = 3;
    std::string vote;
    if (call->getNumArgs() == 2 && cx.in_main(call)) {
      const std::string position = "(long)(" + event_position(call->getArg(1), cx) + ")";
      const auto vsite =
          cx.add_site(call->getBeginLoc(), callee, access_kind::branch, memory_space::none);
      vote = "__ampcl_events_uniform(__ampcl_c, (ulong)(" + cx.text_of(call->getArg(0)) + "), " +
             position + ", " + u(vsite) + "), ";
    }
    cx.wrap(
        call, "(" + vote,
        ", __ampcl_barrier(__ampcl_c, CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, " + u(id) + "))");
  }
};

}  // namespace

std::unique_ptr<builtin_call_rule> make_wait_events_rule() {
  return std::make_unique<wait_events_rule>();
}

}  // namespace ampcl::debug::detail
