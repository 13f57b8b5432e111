// What every rewrite rule works with: the parsed program, the rewriter, the plan,
// the site table being filled, and the small text edits the rules share.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Rewrite/Core/Rewriter.h>

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "instrument.hpp"
#include "owned_elements.hpp"
#include "preprocess.hpp"
#include "quiet_reads.hpp"
#include "rewrite_plan.hpp"

namespace ampcl::debug::detail {

// Where an instrumented access goes: tile_static (__local) or __global memory.
enum class space { none = 0, local = 1, global = 2 };

// The shadow objects of one instrumented kernel, in the order the host sizes them.
struct kernel_objects {
  std::vector<tile_static_object> tile_static;
  std::vector<global_object> globals;
  std::set<int> written;  // its globals that a store in its body names
};

// A loop emitted twice (quiet_loops.hpp): the objects its quiet reads read, and
// the in-bounds tests of theirs that hold through it, made before it.
struct quiet_loop {
  std::uint32_t objects = 0;
  std::set<std::string> tests;
};

class rewrite_context {
 public:
  rewrite_context(clang::ASTContext& ctx, clang::Rewriter& rw, const rewrite_plan& plan,
                  const preprocessed& pp, instrument_result& result);

  clang::ASTContext& ast() const { return ctx_; }
  const clang::SourceManager& sources() const { return sm_; }
  const rewrite_plan& plan() const { return plan_; }
  instrument_result& result() const { return result_; }
  const clang::PrintingPolicy& policy() const { return policy_; }

  // The function being rewritten (null between functions).
  const clang::FunctionDecl* function() const { return fn_; }
  void set_function(const clang::FunctionDecl* fn) { fn_ = fn; }
  // Whether it is an instrumented kernel (its hooks on, its objects known).
  bool in_kernel() const { return fn_ && plan_.instrumented.count(fn_); }
  // The objects of an instrumented kernel.
  kernel_objects& objects_of(const clang::FunctionDecl* kernel) { return kernels_[kernel]; }
  // The __global object slots of the program's context (AMPCL_RC_NG): the most any
  // instrumented kernel has, at least 1.
  std::uint32_t global_slots() const;

  // Locations in the preprocessed main file, where the rewriter edits.
  clang::SourceLocation loc(clang::SourceLocation l) const { return sm_.getExpansionLoc(l); }
  bool in_main(clang::SourceLocation l) const { return sm_.isInMainFile(loc(l)); }
  bool in_main(const clang::Expr* e) const {
    return in_main(e->getBeginLoc()) && in_main(e->getEndLoc());
  }
  clang::SourceLocation end_of(const clang::Expr* e) const;  // just past its last token
  std::string text_of(const clang::Expr* e) const;           // its source text

  // A new site at `l`, mapped back to the user's file and line; returns its id.
  // `base`: the variable the access goes through, where the rule knows it; a
  // global store whose base is not one of the kernel's own parameters counts as a
  // store to every buffer (never_written_globals()).
  std::uint32_t add_site(clang::SourceLocation l, const std::string& variable, access_kind kind,
                         memory_space where, const clang::Decl* base = nullptr);
  // After the rewrite: sets each global object's never_written.
  void mark_never_written_globals();
  // The form of an access to an owned buffer of the kernel being rewritten
  // (owned_elements.hpp), or null.
  const owned_form* owned_access(const clang::Expr* lvalue);
  // Whether the lvalue reads a read-only buffer of the kernel (owned_elements.hpp).
  bool read_only_access(const clang::Expr* lvalue);
  // After the rewrite: sets each global object's owned_dims and read_only_subscripts.
  void mark_unshadowed_globals();
  site_info& site(std::uint32_t id) const { return result_.sites[id - 1]; }

  // Text edits: around an expression, before or after a location, replacing.
  void wrap(const clang::Expr* e, const std::string& prefix, const std::string& suffix);
  void insert_before(clang::SourceLocation l, const std::string& text);
  void insert_after(clang::SourceLocation l, const std::string& text);
  void replace(clang::SourceLocation l, unsigned length, const std::string& text);

  // Whether this access (by its begin/end offsets) was rewritten already: an
  // lvalue can be reached twice (a compound assignment's load and store).
  bool first_visit(const clang::Expr* e);

  // The kernel's objects: index of a tile_static object or __global parameter,
  // or -1 (the runtime then finds the object from the address).
  void add_object(const clang::Decl* d, space s, int index);
  int object_index(const clang::DeclRefExpr* base, space s) const;
  int object_index_of(const clang::Decl* d, space s) const;

  // An access of `accessed` through object `obj` of space `s` (-1: any object of
  // that space): the object's shadow granule shrinks to the access's scalar size
  // when that is smaller (char writes into an int array), so work-items writing
  // different bytes of one word are not taken for one location.
  void narrow_granule(space s, int obj, clang::QualType accessed);

  // The tile_static reads the quiet-read analysis proved race-free.
  bool quiet(const clang::Expr* lvalue) const { return quiet_.reads.count(lvalue) != 0; }
  // The plain tile_static stores it found alone in their intervals.
  bool quiet_store(const clang::Expr* lvalue) const { return quiet_.stores.count(lvalue) != 0; }
  // Loops emitted twice (quiet_loops.hpp).
  std::map<const clang::Stmt*, quiet_loop> quiet_loops;

  // Barrier and vote sites, so a vote's site can name the barrier it guards.
  std::map<const clang::CallExpr*, std::uint32_t> barrier_sites;
  std::map<const clang::Expr*, std::uint32_t> vote_sites;
  // Event variables (event_t, arrays of them) and their number for the runtime's
  // event slots; 0: one the checker does not follow (wait_events_rule.cpp).
  std::map<const clang::VarDecl*, std::uint32_t> event_vars;

  // The memory space a pointer type points into.
  static space pointee_space(clang::QualType pointer);
  // The runtime's checked-access hook and pointer type for a space.
  static const char* hook(space s) { return s == space::local ? "__ampcl_l" : "__ampcl_g"; }
  static const char* void_pointer(space s) {
    return s == space::local ? "__local void*" : "__global void*";
  }
  static memory_space memory_of(space s) {
    return s == space::local ? memory_space::tile_static : memory_space::global;
  }
  static const char* memory_code(space s) {
    return s == space::local ? "AMPCL_MEM_LOCAL" : "AMPCL_MEM_GLOBAL";
  }

 private:
  clang::ASTContext& ctx_;
  const clang::SourceManager& sm_;
  clang::Rewriter& rw_;
  const rewrite_plan& plan_;
  const preprocessed& pp_;
  instrument_result& result_;
  clang::PrintingPolicy policy_;
  const clang::FunctionDecl* fn_ = nullptr;
  std::set<std::pair<unsigned, unsigned>> seen_;
  std::map<const clang::Decl*, int> local_index_, global_index_;
  std::map<const clang::FunctionDecl*, kernel_objects> kernels_;
  bool unknown_global_store_ = false;  // a store whose buffer is not known
  std::map<const clang::FunctionDecl*, unshadowed_buffers> unshadowed_;
  const unshadowed_buffers& unshadowed_of(const clang::FunctionDecl* k);
  const clang::ParmVarDecl* kernel_buffer(const clang::Expr* lvalue) const;
  quiet_accesses quiet_;
};

// The shadow granularity for data of type t: the scalar element size (a struct's
// alignment, at most 4).
std::uint32_t scalar_granule(clang::ASTContext& ctx, clang::QualType t);

// "7u": a site id or other unsigned constant as OpenCL C text.
inline std::string u(std::uint64_t v) {
  return std::to_string(v) + "u";
}

}  // namespace ampcl::debug::detail
