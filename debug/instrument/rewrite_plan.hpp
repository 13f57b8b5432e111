// What the instrumenter learns about the program before it rewrites anything:
// which functions need the shadow context, which contain barriers, and which
// branches guard barriers (their conditions are voted for uniformity).
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>

#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ampcl::debug::detail {

struct rewrite_plan {
  const clang::FunctionDecl* kernel = nullptr;  // the kernel the result describes
  // The kernels whose hooks are on: `kernel` alone, or every kernel of the program
  // without tile_static memory (instrumented_together), so that one driver build
  // serves the launches of all of them. The program's other kernels keep their
  // hooks off with a null context.
  std::set<const clang::FunctionDecl*> instrumented;
  // The kernel's tile_static objects, in shadow order: its __local pointer
  // parameters, then its __local variables.
  std::vector<const clang::ValueDecl*> tile_static;
  std::set<const clang::FunctionDecl*> user_functions;  // definitions in the main file
  // The same in source order: the rewrite numbers sites in it, so a program's text is
  // the same whichever of its kernels is instrumented (the set's order is addresses').
  std::vector<const clang::FunctionDecl*> user_functions_in_order;
  std::set<const clang::FunctionDecl*> needs_ctx;    // non-kernel functions given a ctx
  // The helpers the instrumented kernels call, directly or through others.
  std::set<const clang::FunctionDecl*> reached;
  std::set<const clang::FunctionDecl*> has_barrier;  // reach a barrier, transitively
  // The first barrier each function in has_barrier reaches (directly or in a callee).
  std::map<const clang::FunctionDecl*, const clang::CallExpr*> first_barrier;
  // Branch/loop conditions to vote on, with the barrier they guard (for reports).
  std::map<const clang::Expr*, const clang::CallExpr*> voted;
  // Voted switch conditions: the tile agrees on a value, not a truth.
  std::set<const clang::Expr*> value_votes;
};

// The called function's name ("" for indirect calls).
std::string callee_name(const clang::CallExpr* call);

// The value of an integer expression the compiler can fold, when it fits 63 bits.
std::optional<long long> integer_constant(const clang::Expr* e, clang::ASTContext& ctx);

// The CLK_* flags of a barrier or fence call when they are a constant.
std::optional<unsigned> constant_fence_flags(const clang::CallExpr* call, clang::ASTContext& ctx);

// The callee of a call, as a function with a definition in the main file, or null.
const clang::FunctionDecl* user_callee(const clang::CallExpr* call, const rewrite_plan& plan);

// The variable an access goes through: a[i] -> a, s.f -> s, *(p + i) -> p.
const clang::DeclRefExpr* base_ref(const clang::Expr* e);

// The memory space of an lvalue's type: 1 = __local, 2 = __global, 0 = neither.
int lvalue_space(const clang::Expr* e);

bool is_barrier_call(const clang::CallExpr* call);
// Calls every work-item of a tile must make together, as it must reach a barrier:
// barrier, the async copies and the wait for them.
bool is_collective(const std::string& name);

// A kernel without tile_static memory: no __local parameter or variable. Such
// kernels are instrumented together (their shadow plans need no per-launch defines).
bool without_tile_static(const clang::FunctionDecl* kernel);

// At most this many kernels are instrumented together: beyond it a program that
// launches one of them would pay the driver's build of them all.
inline constexpr std::size_t max_kernels_together = 8;

// The plan for `kernel`, whose hooks are on with those of `together` (kernels of the
// program without tile_static memory; empty: `kernel` alone).
rewrite_plan make_plan(clang::ASTContext& ctx, const clang::FunctionDecl* kernel,
                       const std::vector<const clang::FunctionDecl*>& together = {});

}  // namespace ampcl::debug::detail
