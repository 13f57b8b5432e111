// C++ AMP's restrict(amp) rules (the C++ AMP specification, chapter 2: restrictions
// on types, on function declarators and on function scopes), checked as compile
// errors over every restrict(amp) function, lambda and the amp side of every
// restrict(cpu, amp) one in the user's sources, whether or not a kernel reaches
// it. Clang's CUDA mode already rejects restrict(amp)-only code that calls
// restrict(cpu) functions; everything else is checked here, one rule per
// construct (rules/*.cpp), each reported at its line with what to do instead.
//
// System headers and ampcl's compatibility headers (translate/include) are
// trusted: their code is not checked and their classes are amp-compatible.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/Lex/PPCallbacks.h>

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "translation.hpp"

namespace ampcl::translate::amp_rules {

// Where the user wrote restriction specifiers and tile_static: the macro
// expansions the preprocessor saw (restrict(...) reaches Clang as _Amp_rst(...),
// restrictions.hpp). Attributes Clang drops (restrict(cpu) on a variable,
// tile_static on a function) leave no trace in the AST, so the checker compares
// these with the attributes it finds.
struct written_specifiers {
  std::vector<clang::SourceRange> restrictions;  // each _Amp_rst(...) expansion
  std::vector<clang::SourceRange> tile_statics;  // each tile_static expansion
};

// A preprocessor callback that fills `into` while the source is read.
std::unique_ptr<clang::PPCallbacks> record_specifiers(written_specifiers& into);

// Checks every rule; appends one error per violation to `out` and returns
// false when there is any. `trusted_dir` is the compatibility headers' directory.
// With `reached` (HCC's leniency: HCC checked only what a kernel runs), only the
// functions in it (canonical declarations) and their tile_static variables.
bool check(clang::ASTContext& ctx, const written_specifiers& written,
           const std::string& trusted_dir, std::vector<diagnostic>& out,
           const std::set<const clang::FunctionDecl*>* reached = nullptr);

// After Clang's own errors, which stop check(): the rule on what a container's
// elements may be (rules/containers.cpp), whose violations Clang reports only as
// failed assertions deep in the headers, if at all.
void check_containers(clang::ASTContext& ctx, const std::string& trusted_dir,
                      std::vector<diagnostic>& out);

// The data container (array, array_view, texture, texture view, sampler) that `t`
// is or holds as a member or base, as "a texture ('S::t')"; "" when none.
std::string held_container(clang::ASTContext& ctx, const std::string& trusted_dir,
                           clang::QualType t);

}  // namespace ampcl::translate::amp_rules
