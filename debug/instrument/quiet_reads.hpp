// Static proof, from Clang's CFG of the kernel, that some tile_static reads can
// race with nothing: no write to the same object can run in any barrier interval
// the read can run in. Such a "quiet" read needs no reader note and no writer
// order check at run time, only its bounds and whether the element was ever
// written (see __ampcl_lqp_in in shadow.clh, and quiet_loops.hpp).
//
// The same regions make some plain stores (`t[i]..[j] = v`) quiet: nothing else
// touches their object in any interval they can run in (no read, no other write,
// no access through an unknown pointer). Such a store races only with itself in
// another work-item; where its subscripts also name distinct work-item
// coordinates (local_id_subscripts.hpp), it races with nothing, and needs at run
// time only its bounds and its granules marked written (__ampcl_lqput).
//
// Intervals here are delimited only by barriers whose fence flags are constant
// and include CLK_LOCAL_MEM_FENCE: a barrier without the tile_static fence does
// not order tile_static memory, so accesses on both sides of it count as one
// interval (which keeps fence-mismatch hazards on the checked path). In a kernel
// without barrier divergence (itself reported) every work-item of a tile passes
// the same barriers, so two accesses can share an interval only if both are
// reachable from one delimiting barrier (or the kernel's entry) without crossing
// another. A read is quiet when every such region holding it holds no write to
// its object. Anything the analysis cannot see through (a helper that reaches a
// barrier, a write it failed to place in the CFG) makes no read quiet.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>

#include <set>

#include "rewrite_plan.hpp"

namespace ampcl::debug::detail {

// The access lvalue the rewriter instruments for a use of `e`: parentheses and
// vector component selections (v.xy) stripped.
const clang::Expr* access_lvalue(const clang::Expr* e);

struct quiet_accesses {
  // tile_static reads (as access_lvalue of the loaded expression) that can share
  // a barrier interval with no write to their object
  std::set<const clang::Expr*> reads;
  // plain stores of whole elements (the assignment's left side) that can share an
  // interval with no other access to their object
  std::set<const clang::Expr*> stores;
};
quiet_accesses find_quiet_accesses(clang::ASTContext& ctx, const rewrite_plan& plan);

// The outermost loop around `e`, within its function, that a work-item runs
// without passing a barrier: it calls no barrier, async copy, wait or helper that
// reaches one. Which objects are written everywhere (lfull in shadow.clh) changes
// only at barriers, so such a loop can be compiled twice and its quiet reads take
// the fast copy when all their objects are written (see expand_quiet_loops). A loop
// with a label or a switch case inside is not one (its text cannot be repeated).
// Null when there is none.
const clang::Stmt* outermost_barrier_free_loop(clang::ASTContext& ctx, const rewrite_plan& plan,
                                               const clang::Expr* e);

// Whether the value of `e` (a subscript made of private variables, their members
// and elements, and constants) holds through `loop`: no variable it reads is
// declared in the loop, or written there (assigned, incremented, through any of
// its members or elements), and none has its address taken anywhere in `fn`. Its
// in-bounds test can then be made once, before the loop.
bool holds_through(const clang::Expr* e, const clang::Stmt* loop, const clang::FunctionDecl* fn);

}  // namespace ampcl::debug::detail
