// Applies the instrumentation to a parsed, preprocessed program.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/Rewrite/Core/Rewriter.h>

#include "instrument.hpp"
#include "preprocess.hpp"
#include "rewrite_plan.hpp"

namespace ampcl::debug::detail {

// Rewrites the main file of `ctx` in `rw`, filling the site table and object lists
// of `result` (sources and diagnostics are left to the caller).
void rewrite_program(clang::ASTContext& ctx, clang::Rewriter& rw, const rewrite_plan& plan,
                     const preprocessed& pp, instrument_result& result);

}  // namespace ampcl::debug::detail
