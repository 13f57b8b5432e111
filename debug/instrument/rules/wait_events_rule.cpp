#include "rewrite_rules.hpp"

namespace ampcl::debug::detail {

namespace {

// wait_group_events is collective (every work-item of the tile must reach it), so
// it is modelled as a barrier with both fences: it orders the tile's async copies
// against its accesses. A real barrier follows it too, as PoCL's wait does not
// make the other work-items' parts of a copy visible.
class wait_events_rule : public builtin_call_rule {
 public:
  bool handles(const std::string& callee) const override { return callee == "wait_group_events"; }

  void rewrite(const clang::CallExpr* call, const std::string&,
               rewrite_context& cx) const override {
    const auto id = cx.add_site(call->getBeginLoc(), "", access_kind::barrier, memory_space::none);
    cx.site(id).fence_flags = 3;
    cx.wrap(
        call, "(",
        ", __ampcl_barrier(__ampcl_c, CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, " + u(id) + "))");
  }
};

}  // namespace

std::unique_ptr<builtin_call_rule> make_wait_events_rule() {
  return std::make_unique<wait_events_rule>();
}

}  // namespace ampcl::debug::detail
