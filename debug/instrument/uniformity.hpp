// Which values are the same for every work-item of a tile, read from the
// program's text. A branch or loop on a uniform condition cannot diverge, so it
// needs no vote: the votes' barriers are costly, and under a loop condition they
// send PoCL's work-group compiler into deep recursion or exponential code.
//
// Uniform: constants; the kernel's parameters; get_group_id, get_local_size,
// get_global_size, get_num_groups, get_work_dim, get_global_offset; a helper's
// parameter every call of which passes a uniform value; private variables every
// assignment of which is uniform, through uniform subscripts (v[i] = 0 with a
// non-uniform i changes another element in each work-item) and made under
// uniform control (not in a branch on a non-uniform condition, nor in a loop a
// non-uniform break or continue can leave early: a return only removes
// work-items, the rest still agree), whose address is never taken; loads at
// uniform addresses (had another work-item raced to change the value, that race
// is reported on its own); operators and builtin functions (declarations without
// a body) of uniform operands.
// Everything else (get_local_id, get_global_id, atomics, scans, the result of any
// function with a body, the program's or a header's such as ampcl.clh's
// amp_tiled_index1()) is not: a vote decides at run time.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>

#include <map>
#include <set>

namespace ampcl::debug::detail {

class uniformity {
 public:
  // `functions`: the program's own functions (definitions); `kernel`: the
  // instrumented kernel, whose parameters are uniform.
  uniformity(clang::ASTContext& ctx, const std::set<const clang::FunctionDecl*>& functions,
             const clang::FunctionDecl* kernel);

  bool uniform(const clang::Expr* e) const;

 private:
  bool variable_uniform(const clang::ValueDecl* d) const;
  void solve();
  // One pass over a function: marks variables non-uniform; true when it changed any.
  bool pass(const clang::FunctionDecl* fn);

  clang::ASTContext& ctx_;
  const std::set<const clang::FunctionDecl*>& functions_;
  const clang::FunctionDecl* kernel_;
  std::set<const clang::ValueDecl*> varying_;  // variables and parameters that are not uniform
};

}  // namespace ampcl::debug::detail
