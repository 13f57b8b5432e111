#include <clang/Lex/Lexer.h>

#include "rewrite_rules.hpp"

namespace ampcl::debug::detail {

// return ...; -> { __ampcl_exit(__ampcl_c, site); return ...; }: each work-item
// records how it left the kernel, which the exit comparison checks for barrier
// divergence.
void rewrite_kernel_return(const clang::ReturnStmt* ret, rewrite_context& cx) {
  if (!cx.in_kernel() || !cx.in_main(ret->getBeginLoc())) return;
  const auto id = cx.add_site(ret->getBeginLoc(), "", access_kind::exit, memory_space::none);
  const clang::SourceLocation semi = clang::Lexer::findLocationAfterToken(
      cx.loc(ret->getEndLoc()), clang::tok::semi, cx.sources(), cx.ast().getLangOpts(), false);
  if (semi.isInvalid()) return;
  cx.insert_after(ret->getBeginLoc(), "{ __ampcl_exit(__ampcl_c, " + u(id) + "); ");
  cx.insert_after(semi, " }");
}

}  // namespace ampcl::debug::detail
