#include "rewrite_rules.hpp"

namespace ampcl::debug::detail {

namespace {

// barrier(flags) -> __ampcl_barrier(__ampcl_c, flags, site): the runtime macro runs
// the real barrier with the user's flags (a compile-time constant stays one), then
// counts it. The fences become macros that keep the user's fence.
class barrier_rule : public builtin_call_rule {
 public:
  bool handles(const std::string& callee) const override {
    return callee == "barrier" || callee == "mem_fence" || callee == "read_mem_fence" ||
           callee == "write_mem_fence";
  }

  void rewrite(const clang::CallExpr* call, const std::string& callee,
               rewrite_context& cx) const override {
    if (call->getNumArgs() != 1) return;
    const bool barrier = callee == "barrier";
    const auto id =
        cx.add_site(call->getBeginLoc(), "", barrier ? access_kind::barrier : access_kind::fence,
                    memory_space::none);
    const std::optional<unsigned> flags = constant_fence_flags(call, cx.ast());
    cx.site(id).fence_flags = flags.value_or(3u);
    if (barrier && !flags) cx.result().varying_fence_flags = true;
    if (barrier) cx.barrier_sites[call] = id;
    cx.insert_after(call->getBeginLoc(), "__ampcl_");
    cx.insert_after(call->getArg(0)->getBeginLoc(), "__ampcl_c, ");
    cx.insert_before(call->getRParenLoc(), ", " + u(id));
  }
};

}  // namespace

std::unique_ptr<builtin_call_rule> make_barrier_rule() {
  return std::make_unique<barrier_rule>();
}

}  // namespace ampcl::debug::detail
