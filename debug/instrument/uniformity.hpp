// Which branch and loop conditions of an OpenCL C program are the same for every
// work-item of a tile: a condition that cannot diverge needs no vote (the votes'
// barriers are costly, and under a loop condition they send PoCL's work-group
// compiler into deep recursion or exponential code).
//
// The analysis is tools/uniformity (shared with ampcl-c++'s barrier check):
// flow-sensitive, a condition judged by the state where it is evaluated (a loop
// variable reused after `for (i = tid; ...)` is uniform again once assigned a
// uniform value), helpers summarized, their parameters uniform when every call
// passes a uniform value under uniform control. This file says what OpenCL C
// gives a work-item as its own: get_local_id, get_global_id and the other ids,
// atomics, scans, and the result of a function with a body outside the program
// (a header's, such as ampcl.clh's amp_tiled_index1(), which reads
// get_local_id). Uniform: the kernel's parameters, get_group_id, get_local_size
// and the other builtins (declarations without a body) of uniform operands,
// loads at uniform addresses (had another work-item raced to change the value,
// that race is reported on its own). What the analysis does not follow (a
// private variable whose address is taken) is not uniform: a vote decides at run
// time.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>

#include <memory>
#include <set>

namespace ampcl::uniformity {
class analysis;
class language;
}  // namespace ampcl::uniformity

namespace ampcl::debug::detail {

class uniformity {
 public:
  // `functions`: the program's own functions (definitions); `kernel`: the
  // instrumented kernel, whose parameters are uniform.
  uniformity(clang::ASTContext& ctx, const std::set<const clang::FunctionDecl*>& functions,
             const clang::FunctionDecl* kernel);
  ~uniformity();
  uniformity(const uniformity&) = delete;
  uniformity& operator=(const uniformity&) = delete;

  // Whether a condition of an if, loop, switch or ?: of these functions is
  // uniform where it is evaluated.
  bool uniform(const clang::Expr* e) const;

 private:
  std::unique_ptr<ampcl::uniformity::language> work_items_;
  std::unique_ptr<ampcl::uniformity::analysis> analysis_;
};

}  // namespace ampcl::debug::detail
