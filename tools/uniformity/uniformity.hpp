// Which values and which control flow are the same for every thread of a tile,
// read from a program's text: one analysis for ampcl-c++'s barrier check (C++ AMP)
// and ampcl-instrument's votes (OpenCL C). Each language plugs in what gives a
// thread its own value (`language`); the analysis does the rest.
//
// A forward dataflow over each function's statements, flow-sensitive: a variable
// assigned a uniform value under uniform control is uniform again from there on
// (a loop variable first started at the thread's index, then reused). Values are
// summarized across calls in terms of each function's parameters, so a helper
// that waits under `if (n > 0)` is divergent only where a caller passes a
// thread-dependent n. Loads from memory depend on their address only: had another
// thread raced to change the value, the race is the race checker's to report.
//
// Whether a point is reached depends on the branches and loops around it and on
// the `break`, `continue` and `return` statements that skip it. What the analysis
// does not follow (a variable whose address is taken, a function it has no body
// for where the language says so, a construct it does not model) is `unknown`,
// never uniform.
#pragma once

#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>

#include <cstdint>
#include <map>
#include <memory>
#include <vector>

namespace ampcl::uniformity {

// What a value, or whether a point is reached, may depend on: the thread, what
// the analysis does not follow, and the inputs of the function it is in (its
// parameters and the object of a member function), which callers resolve.
using dependence = std::uint64_t;
constexpr dependence thread = 1;
constexpr dependence unknown = 2;
constexpr dependence object = 4;
constexpr unsigned max_parameters = 61;
// Parameters past max_parameters are not followed: unknown.
constexpr dependence parameter(unsigned i) {
  return i < max_parameters ? dependence{8} << i : unknown;
}
constexpr dependence inputs(dependence d) {
  return d & ~(thread | unknown);
}

// What each language says about its own constructs.
class language {
 public:
  virtual ~language() = default;
  // A variable the threads of a tile share (tile_static, __local): a named place
  // in memory, not tracked.
  virtual bool shared(const clang::VarDecl&) const = 0;
  // A member whose value differs between threads wherever it is read
  // (tiled_index::local).
  virtual bool thread_member(const clang::MemberExpr&) const { return false; }
  // A barrier: every thread of a tile must call it together.
  virtual bool barrier(const clang::CallExpr&) const = 0;
  // The result of a call of a function the analysis does not have: `operands`
  // is what its arguments and object depend on.
  virtual dependence external_call(const clang::CallExpr&, dependence operands) const = 0;
  // A class whose elements live in memory, not in the object (a view): writes
  // through it do not change a variable that holds one.
  virtual bool view(clang::QualType) const { return false; }
  // A function whose parameters are uniform whatever calls it (a kernel).
  virtual bool entry(const clang::FunctionDecl&) const { return false; }
};

// What brought `thread` or `unknown` into whether a point is reached: a
// condition, and when a return, break or continue under it skips the point,
// that statement.
struct reason {
  const clang::Expr* condition = nullptr;
  const clang::Stmt* skip = nullptr;
};

struct control {
  dependence on = 0;
  reason thread_reason, unknown_reason;
  void add(dependence d, reason why);
  void add(const control& c);
};

// A barrier, or a call of a function that reaches one, and what decides whether
// a thread gets there: the control around it in its function's terms, with a
// callee's own conditions on its inputs mapped to the call's operands.
struct barrier_site {
  const clang::Expr* at = nullptr;              // the call (or construction)
  const clang::FunctionDecl* callee = nullptr;  // null for a barrier itself
  control around;
};

class analysis {
 public:
  // `functions`: the definitions analyzed (their calls of each other are
  // summarized; calls of others are the language's external calls).
  analysis(const language& lang, const std::vector<const clang::FunctionDecl*>& functions);
  ~analysis();
  analysis(const analysis&) = delete;
  analysis& operator=(const analysis&) = delete;

  // The barrier sites of `fn`, in the order they appear.
  const std::vector<barrier_site>& barriers(const clang::FunctionDecl* fn) const;

  // What a branch or loop condition depends on where it is evaluated, its
  // function's inputs replaced by what every call of it passes (an entry's and
  // an uncalled function's are uniform); `unknown` for one never evaluated.
  dependence condition(const clang::Expr* cond) const;

  struct program;

 private:
  std::unique_ptr<program> p_;
};

}  // namespace ampcl::uniformity
