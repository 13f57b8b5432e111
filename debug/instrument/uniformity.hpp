// Which values are the same for every work-item of a tile, read from the
// program's text. A branch or loop on a uniform condition cannot diverge, so it
// needs no vote: the votes' barriers are costly, and under a loop condition they
// send PoCL's work-group compiler into deep recursion or exponential code.
//
// The analysis is flow-sensitive: a forward dataflow over each function's
// statements gives the set of variables that may differ between work-items at
// each program point, and a condition is judged by the state where it is
// evaluated (a loop's by the fixed point at its head). A whole-variable
// assignment of a uniform value under uniform control makes the variable uniform
// again (a loop variable reused after `for (i = tid; ...)`); any assignment under
// non-uniform control makes it varying; where paths join, a variable varying on
// either is varying.
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

  // For a condition of an if, loop, switch or ?: of these functions: whether it
  // is uniform where it is evaluated; for another expression: whether it is
  // uniform wherever it could be evaluated.
  bool uniform(const clang::Expr* e) const;

 private:
  using state = std::set<const clang::ValueDecl*>;  // variables that may differ
  struct flow;

  bool uniform_in(const clang::Expr* e, const state& st) const;
  bool variable_uniform(const clang::ValueDecl* d, const state& st) const;
  void solve();

  clang::ASTContext& ctx_;
  const std::set<const clang::FunctionDecl*>& functions_;
  const clang::FunctionDecl* kernel_;
  state address_taken_;   // private variables reached through pointers: always varying
  state params_varying_;  // helpers' parameters some call passes a non-uniform value
  std::map<const clang::Stmt*, state> at_;  // the state at each condition
  state anywhere_;                          // the union of all states
  size_t growth_ = 0;                       // how often a record in at_ grew
};

}  // namespace ampcl::debug::detail
