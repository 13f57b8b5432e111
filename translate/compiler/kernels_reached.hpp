// The kernels of a translation unit and the functions they run.
#pragma once

#include <clang/AST/ASTContext.h>

#include <set>
#include <vector>

namespace ampcl::translate {

// The instantiations of the headers' kernel entries (__AMPCL_KERNEL_ENTRY): one per
// functor type, rank and tile shape.
std::vector<const clang::FunctionDecl*> kernel_entries(clang::ASTContext& ctx);

// What `entries` run, whatever their restrictions (canonical declarations): the
// functions their bodies call or name, the constructors and destructors of what
// they make, the call operators of their lambdas, and so on.
std::set<const clang::FunctionDecl*> reached_from(
    const std::vector<const clang::FunctionDecl*>& entries);

}  // namespace ampcl::translate
