#include <clang/AST/RecursiveASTVisitor.h>

#include "rewrite_rules.hpp"

namespace ampcl::debug::detail {

// cond -> __ampcl_uniform(__ampcl_c, (cond), site): every work-item of the tile votes
// on a condition that guards a barrier; a split vote is barrier divergence, and
// the tile takes the branch as false so the launch can end. A switch's value is
// voted on whole (__ampcl_uniform_value: the tile takes the first work-item's).
void rewrite_votes(const clang::FunctionDecl* fn, rewrite_context& cx) {
  struct conditions : clang::RecursiveASTVisitor<conditions> {
    const rewrite_plan* plan = nullptr;
    std::vector<const clang::Expr*> found;
    bool VisitExpr(clang::Expr* e) {
      if (plan->voted.count(e)) found.push_back(e);
      return true;
    }
  } c;
  c.plan = &cx.plan();
  c.TraverseStmt(fn->getBody());
  for (const clang::Expr* cond : c.found) {
    const auto id = cx.add_site(cond->getBeginLoc(), "", access_kind::branch, memory_space::none);
    cx.vote_sites[cond] = id;
    const char* vote =
        cx.plan().value_votes.count(cond) ? "__ampcl_uniform_value" : "__ampcl_uniform";
    cx.wrap(cond, std::string(vote) + "(__ampcl_c, (", "), " + u(id) + ")");
  }
}

}  // namespace ampcl::debug::detail
