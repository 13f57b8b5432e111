#include <clang/Lex/Lexer.h>

#include "rewrite_rules.hpp"

namespace ampcl::debug::detail {

// tile_static float t[16]; -> tile_static float t[16]; __ampcl_c->lbase[k] = &t;
// the runtime finds object k's bytes from that address.
void rewrite_tile_static_declaration(const clang::DeclStmt* decl, rewrite_context& cx) {
  if (!cx.in_kernel()) return;
  std::string reg;
  for (const clang::Decl* d : decl->decls()) {
    const auto* vd = clang::dyn_cast<clang::VarDecl>(d);
    if (!vd) continue;
    const int k = cx.object_index_of(vd, space::local);
    if (k < 0) continue;
    reg += " __ampcl_c->lbase[" + std::to_string(k) + "] = (__local uchar*)&" +
           vd->getName().str() + ";";
  }
  if (reg.empty()) return;
  cx.insert_after(clang::Lexer::getLocForEndOfToken(cx.loc(decl->getEndLoc()), 0, cx.sources(),
                                                    cx.ast().getLangOpts()),
                  reg);
}

}  // namespace ampcl::debug::detail
