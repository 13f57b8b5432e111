// C++ AMP's restrict(amp) rules (the C++ AMP specification, chapter 2: restrictions
// on types, on function declarators and on function scopes), checked as compile
// errors over every restrict(amp) function, lambda and the amp side of every
// restrict(cpu, amp) one in the user's sources, whether or not a kernel reaches
// it. Clang's CUDA mode already rejects restrict(amp)-only code that calls
// restrict(cpu) functions; everything else is checked here, one rule per
// construct (rules/*.cpp), each reported at its line with what to do instead.
//
// System headers and ampcl's C++ AMP headers (translate/include and
// include/ampcl/concurrency) are trusted: their code is not checked and their classes are amp-compatible.
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

// Which functions' amp side the rules read.
enum class checked_scope {
  all,                // strict C++ AMP: every restrict(amp) function
  reached_templates,  // Visual C++: a template's instantiation only where a kernel reaches it
  reached,            // HCC: only what a kernel reaches
};

// How a dialect reads the rules.
struct rule_options {
  checked_scope scope = checked_scope::all;
  // A tile barrier under thread-dependent control flow is an error (Visual C++'s
  // C3561). HCC never checked it, and code written for it waits in loops whose
  // trip count only the data decide (hcSPARSE's csrmv): a warning there, which
  // names the run-time check.
  bool divergent_barrier_is_error = true;
};

// Checks every rule; appends one error per violation to `out` and returns
// false when there is any. `trusted_dirs` are the directories of ampcl's C++ AMP headers.
// `reached` (canonical declarations) is what the kernels reach, read when the scope
// is not `all`: a function it skips is not checked, nor are its tile_static variables.
bool check(clang::ASTContext& ctx, const written_specifiers& written,
           const std::vector<std::string>& trusted_dirs, std::vector<diagnostic>& out,
           const rule_options& options = {},
           const std::set<const clang::FunctionDecl*>* reached = nullptr);

// After Clang's own errors, which stop check(): the rule on what a container's
// elements may be (rules/containers.cpp), whose violations Clang reports only as
// failed assertions deep in the headers, if at all.
void check_containers(clang::ASTContext& ctx, const std::vector<std::string>& trusted_dirs,
                      std::vector<diagnostic>& out);

// The data container (array, array_view, texture, texture view, sampler) that `t`
// is or holds as a member or base, as "a texture ('S::t')"; "" when none.
std::string held_container(clang::ASTContext& ctx, const std::vector<std::string>& trusted_dirs,
                           clang::QualType t);

}  // namespace ampcl::translate::amp_rules
