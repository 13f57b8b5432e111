// The instrumenter's rewrite rules, one per construct of OpenCL C it routes
// through the shadow runtime (debug/runtime/shadow.clh). rewriter.cpp walks each
// function of the program and hands every construct to its rule.
#pragma once

#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>

#include <memory>
#include <string>
#include <vector>

#include "../rewrite_context.hpp"

namespace ampcl::debug::detail {

// A call to one family of OpenCL builtins (barriers, vload/vstore, atomics, ...).
class builtin_call_rule {
 public:
  virtual ~builtin_call_rule() = default;
  virtual bool handles(const std::string& callee) const = 0;
  virtual void rewrite(const clang::CallExpr* call, const std::string& callee,
                       rewrite_context& cx) const = 0;
};

// barrier, mem_fence, read_mem_fence, write_mem_fence: the runtime counts barriers
// and their fences; the real barrier keeps the user's flags.
std::unique_ptr<builtin_call_rule> make_barrier_rule();
// vloadN/vstoreN and their _half/a forms: the checked address is p + offset * N.
std::unique_ptr<builtin_call_rule> make_vector_memory_rule();
// atomic_* and atom_* on __local or __global memory: an atomic access.
std::unique_ptr<builtin_call_rule> make_atomic_rule();
// sincos, fract, modf, frexp, lgamma_r, remquo: the write through their last
// (pointer) argument, of the pointee's size.
std::unique_ptr<builtin_call_rule> make_pointer_result_rule();
// async_work_group_copy and its strided form: each work-item checks its part of
// the copy, as the tile's copy (not its own) accesses.
std::unique_ptr<builtin_call_rule> make_async_copy_rule();
// wait_group_events: collective, so a barrier that orders the copies of the
// events it waits on.
std::unique_ptr<builtin_call_rule> make_wait_events_rule();
// The runtime's key (as OpenCL C text) of the event slot an lvalue names: a
// followed event_t variable or element of an array of them; "" for any other.
std::string event_slot_key(const clang::Expr* lvalue, rewrite_context& cx);
// The same for a followed event_t variable (not an array).
std::string event_var_key(const clang::VarDecl* vd, rewrite_context& cx);

// Every builtin call rule, in the order they are asked.
const std::vector<std::unique_ptr<builtin_call_rule>>& builtin_call_rules();

// A load, store, compound assignment or ++/-- of __local or __global memory:
// the lvalue becomes *(T*)hook(&lvalue, ...), checked before it is used.
void rewrite_memory_access(const clang::Expr* lvalue, access_kind kind, rewrite_context& cx);

// A subscript of a private or __constant array of constant size (a[i], s.b[i],
// p->t[i][j]): the index -> __ampcl_subscript(ctx, index, size, ...), which reports
// one outside the dimension (subscript-out-of-range) and, where the array is a
// private variable's own storage, accesses element 0 instead.
void rewrite_subscript(const clang::ArraySubscriptExpr* subscript, rewrite_context& cx);

// A call to a helper defined in the program that needs the shadow context: the
// context is passed as an extra last argument.
void rewrite_helper_call(const clang::CallExpr* call, const clang::FunctionDecl* helper,
                         rewrite_context& cx);

// A return from the kernel: the work-item's exit is recorded first.
void rewrite_kernel_return(const clang::ReturnStmt* ret, rewrite_context& cx);

// A declaration of tile_static variables in the kernel: their addresses are
// registered with the runtime right after it.
void rewrite_tile_static_declaration(const clang::DeclStmt* decl, rewrite_context& cx);

// The kernel's and helpers' signatures (shadow buffers, context), the kernel's
// prologue (runtime state, object table) and its end (exit record). Also lists
// the kernel's objects in the result and the context.
void collect_kernel_objects(rewrite_context& cx);
void rewrite_function_entry(const clang::FunctionDecl* fn, rewrite_context& cx);
void rewrite_function_body(const clang::FunctionDecl* fn, rewrite_context& cx);

// The branch conditions the plan votes on for uniformity (they guard barriers).
void rewrite_votes(const clang::FunctionDecl* fn, rewrite_context& cx);

}  // namespace ampcl::debug::detail
