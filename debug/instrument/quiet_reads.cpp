#include "quiet_reads.hpp"

#include <clang/AST/ParentMapContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Analysis/CFG.h>

#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <vector>

namespace ampcl::debug::detail {

using namespace clang;

const Expr* access_lvalue(const Expr* e) {
  e = e->IgnoreParens();
  while (auto* ve = dyn_cast<ExtVectorElementExpr>(e)) {
    if (!ve->getBase()->isGLValue()) return e;
    e = ve->getBase()->IgnoreParens();
  }
  return e;
}

namespace {

// Whether a loop body can run with no barrier in it and be repeated as text.
class barrier_free : public RecursiveASTVisitor<barrier_free> {
 public:
  explicit barrier_free(const rewrite_plan& plan) : plan_(plan) {}
  bool ok = true;

  bool VisitCallExpr(CallExpr* call) {
    if (is_collective(callee_name(call))) ok = false;
    if (const FunctionDecl* helper = user_callee(call, plan_);
        helper && plan_.has_barrier.count(helper))
      ok = false;
    return ok;
  }
  bool VisitLabelStmt(LabelStmt*) { return ok = false; }
  bool VisitSwitchCase(SwitchCase*) { return ok = false; }

 private:
  const rewrite_plan& plan_;
};

constexpr unsigned kLocalFence = 1;  // CLK_LOCAL_MEM_FENCE

// What one CFG element does to tile_static memory.
struct event {
  enum kind_t { delimiter, write, write_any, read, read_any } kind;
  const Decl* object = nullptr;  // write, read: the tile_static object
  // read: the access lvalue; write: the lvalue of a plain `=` store (null for
  // other writes: compound assignments, increments, atomics, copies)
  const Expr* access = nullptr;
};

bool is_local_pointer(QualType t) {
  return t->isPointerType() && t->getPointeeType().getAddressSpace() == LangAS::opencl_local;
}

// An argument through which no callee can reach tile_static memory: a number or
// vector, or a pointer to numbers or vectors in __global or __constant memory.
bool holds_no_local_pointer(const Expr* arg) {
  const QualType t = arg->getType();
  if (t->isArithmeticType() || t->isVectorType()) return true;
  if (!t->isPointerType()) return false;
  const QualType to = t->getPointeeType();
  const LangAS as = to.getAddressSpace();
  return (as == LangAS::opencl_global || as == LangAS::opencl_constant) &&
         (to->isArithmeticType() || to->isVectorType());
}

class classifier {
 public:
  classifier(ASTContext& ctx, const rewrite_plan& plan)
      : ctx_(ctx), plan_(plan), objects_(plan.tile_static.begin(), plan.tile_static.end()) {}

  // The kernel's own tile_static object an lvalue or pointer goes through, or null.
  const Decl* object_of(const Expr* e) const {
    const DeclRefExpr* base = base_ref(e);
    if (!base || !objects_.count(base->getDecl())) return nullptr;
    return base->getDecl();
  }

  // Appends what `s` does; false when the analysis cannot see through it.
  bool classify(const Stmt* s, std::vector<event>& out) const {
    if (auto* call = dyn_cast<CallExpr>(s)) return classify_call(call, out);
    if (auto* bo = dyn_cast<BinaryOperator>(s)) {
      if (bo->isAssignmentOp()) note_write(bo->getLHS(), bo->getOpcode() == BO_Assign, out);
    } else if (auto* uo = dyn_cast<UnaryOperator>(s)) {
      if (uo->isIncrementDecrementOp()) note_write(uo->getSubExpr(), false, out);
    } else if (auto* ice = dyn_cast<ImplicitCastExpr>(s)) {
      if (ice->getCastKind() != CK_LValueToRValue) return true;
      const Expr* e = access_lvalue(ice->getSubExpr());
      if (lvalue_space(e) != 1 || e->getType()->isArrayType()) return true;
      const Decl* o = object_of(e);
      out.push_back({o ? event::read : event::read_any, o, e});
    }
    return true;
  }

  // Everything in the body that touches tile_static memory or is a barrier, found
  // without the CFG: each must show up among the CFG's elements (the reads only
  // for quiet stores: an unplaced read can share no interval with a write).
  struct must_see_t {
    std::set<const Stmt*> writes, reads;
  };
  must_see_t must_see() const {
    struct finder : RecursiveASTVisitor<finder> {
      const classifier* self;
      must_see_t found;
      bool VisitStmt(Stmt* s) {
        std::vector<event> ev;
        if (!self->classify(s, ev)) {
          found.writes.insert(s);
          return true;
        }
        for (const event& e : ev)
          (e.kind == event::read || e.kind == event::read_any ? found.reads : found.writes)
              .insert(s);
        return true;
      }
    } f;
    f.self = this;
    f.TraverseStmt(plan_.kernel->getBody());
    return f.found;
  }

 private:
  void note_write(const Expr* lhs, bool plain_store, std::vector<event>& out) const {
    const Expr* e = access_lvalue(lhs);
    if (lvalue_space(e) != 1) return;
    const Decl* o = object_of(e);
    // a store to a vector component (v.x = ...) is a write of part of an element
    const bool whole = plain_store && o && e == lhs->IgnoreParens();
    out.push_back({o ? event::write : event::write_any, o, whole ? e : nullptr});
  }

  bool classify_call(const CallExpr* call, std::vector<event>& out) const {
    if (const FunctionDecl* user = user_callee(call, plan_)) {
      if (plan_.has_barrier.count(user)) return false;  // intervals inside a helper: not modelled
      // A helper can reach tile_static memory only through pointers it is given,
      // but what it does with them is not looked at.
      if (plan_.needs_ctx.count(user) &&
          !std::all_of(call->arg_begin(), call->arg_end(), holds_no_local_pointer))
        out.push_back({event::write_any, nullptr, nullptr});
      return true;
    }
    const std::string name = callee_name(call);
    if (name == "barrier") {
      if (constant_fence_flags(call, ctx_).value_or(0u) & kLocalFence)
        out.push_back({event::delimiter, nullptr, nullptr});
      return true;
    }
    if (name.rfind("vload", 0) == 0) {  // reads only
      for (const Expr* arg : call->arguments()) {
        if (!is_local_pointer(arg->getType())) continue;
        const Decl* o = object_of(arg);
        out.push_back({o ? event::read : event::read_any, o, nullptr});
      }
      return true;
    }
    // Anything else given a pointer to tile_static memory may write through it:
    // atomics, vstoreN, async copies, fract/modf/sincos-style out-parameters.
    for (const Expr* arg : call->arguments()) {
      if (!is_local_pointer(arg->getType())) continue;
      const Decl* o = object_of(arg);
      out.push_back({o ? event::write : event::write_any, o, nullptr});
    }
    return true;
  }

  ASTContext& ctx_;
  const rewrite_plan& plan_;
  std::set<const Decl*> objects_;
};

// Reads and writes reachable from one start without crossing a delimiter.
struct region {
  std::set<const Decl*> written, read;
  bool writes_any = false, reads_any = false;
  std::vector<const event*> reads, writes;
};

region walk_region(const std::vector<std::vector<event>>& events, const CFG& cfg,
                   const CFGBlock* start, std::size_t from) {
  region r;
  std::vector<char> entered(cfg.getNumBlockIDs(), 0);
  std::vector<std::pair<const CFGBlock*, std::size_t>> todo{{start, from}};
  while (!todo.empty()) {
    auto [block, at] = todo.back();
    todo.pop_back();
    const auto& ev = events[block->getBlockID()];
    bool stopped = false;
    for (std::size_t i = at; i < ev.size() && !stopped; ++i) {
      const event& e = ev[i];
      if (e.kind == event::delimiter) stopped = true;
      if (e.kind == event::write) r.written.insert(e.object), r.writes.push_back(&e);
      if (e.kind == event::write_any) r.writes_any = true;
      if (e.kind == event::read) r.read.insert(e.object), r.reads.push_back(&e);
      if (e.kind == event::read_any) r.reads_any = true;
    }
    if (stopped) continue;
    for (const CFGBlock::AdjacentBlock& succ : block->succs()) {
      const CFGBlock* b = succ.getReachableBlock();
      if (b && !entered[b->getBlockID()]) {
        entered[b->getBlockID()] = 1;
        todo.emplace_back(b, 0);
      }
    }
  }
  return r;
}

}  // namespace

quiet_accesses find_quiet_accesses(ASTContext& ctx, const rewrite_plan& plan) {
  const FunctionDecl* kernel = plan.kernel;
  if (!kernel || !kernel->getBody()) return {};
  CFG::BuildOptions options;
  options.setAllAlwaysAdd();
  std::unique_ptr<CFG> cfg = CFG::buildCFG(kernel, kernel->getBody(), &ctx, options);
  if (!cfg) return {};

  classifier cls(ctx, plan);
  std::vector<std::vector<event>> events(cfg->getNumBlockIDs());
  std::set<const Stmt*> seen;
  for (const CFGBlock* block : *cfg) {
    for (const CFGElement& el : *block) {
      auto s = el.getAs<CFGStmt>();
      if (!s) continue;
      seen.insert(s->getStmt());
      if (!cls.classify(s->getStmt(), events[block->getBlockID()])) return {};
    }
  }
  const auto must = cls.must_see();
  for (const Stmt* s : must.writes)
    if (!seen.count(s)) return {};  // a write or barrier the CFG does not place
  bool stores_ok = true;
  for (const Stmt* s : must.reads) stores_ok = stores_ok && seen.count(s);

  // A read is noisy where a write to its object can share its interval; a plain
  // store where anything else touches its object (a read, another store, an
  // unknown pointer) can.
  std::set<const Expr*> reads, noisy_reads, stores, noisy_stores;
  auto account = [&](const region& r) {
    for (const event* e : r.reads) {
      if (!e->access) continue;
      reads.insert(e->access);
      if (r.writes_any || r.written.count(e->object)) noisy_reads.insert(e->access);
    }
    for (const event* e : r.writes) {
      if (!e->access) continue;
      stores.insert(e->access);
      bool alone = !r.writes_any && !r.reads_any && !r.read.count(e->object);
      for (const event* other : r.writes)
        alone = alone && (other->object != e->object || other->access == e->access);
      if (!alone) noisy_stores.insert(e->access);
    }
  };
  account(walk_region(events, *cfg, &cfg->getEntry(), 0));
  for (const CFGBlock* block : *cfg) {
    const auto& ev = events[block->getBlockID()];
    for (std::size_t i = 0; i < ev.size(); ++i)
      if (ev[i].kind == event::delimiter) account(walk_region(events, *cfg, block, i + 1));
  }
  quiet_accesses quiet;
  for (const Expr* e : reads)
    if (!noisy_reads.count(e)) quiet.reads.insert(e);
  for (const Expr* e : stores)
    if (stores_ok && !noisy_stores.count(e)) quiet.stores.insert(e);
  return quiet;
}

const Stmt* outermost_barrier_free_loop(ASTContext& ctx, const rewrite_plan& plan, const Expr* e) {
  const Stmt* found = nullptr;
  DynTypedNode node = DynTypedNode::create(*e);
  for (;;) {
    const DynTypedNodeList parents = ctx.getParents(node);
    if (parents.empty()) break;
    node = parents[0];
    if (node.get<FunctionDecl>()) break;
    const Stmt* s = node.get<Stmt>();
    if (!s || !(isa<ForStmt>(s) || isa<WhileStmt>(s) || isa<DoStmt>(s))) continue;
    barrier_free check(plan);
    check.TraverseStmt(const_cast<Stmt*>(s));
    if (!check.ok) break;
    found = s;
  }
  return found;
}

namespace {

// The variable a write to `target` changes (x, x.m, x[2], (x)), or null.
const VarDecl* written_variable(const Expr* target) {
  const DeclRefExpr* base = base_ref(target);
  return base ? dyn_cast<VarDecl>(base->getDecl()) : nullptr;
}

// Finds writes to, declarations of or addresses taken of the variables in `vars`.
class touches : public RecursiveASTVisitor<touches> {
 public:
  touches(const std::set<const VarDecl*>& vars, bool writes) : vars_(vars), writes_(writes) {}
  bool found = false;

  bool VisitBinaryOperator(BinaryOperator* bo) {
    if (writes_ && bo->isAssignmentOp()) note(written_variable(bo->getLHS()));
    return !found;
  }
  bool VisitUnaryOperator(UnaryOperator* uo) {
    if (uo->getOpcode() == UO_AddrOf || (writes_ && uo->isIncrementDecrementOp()))
      note(written_variable(uo->getSubExpr()));
    return !found;
  }
  bool VisitVarDecl(VarDecl* v) {
    if (writes_) note(v);
    return !found;
  }

 private:
  void note(const VarDecl* v) { found = found || (v && vars_.count(v)); }
  const std::set<const VarDecl*>& vars_;
  bool writes_;
};

}  // namespace

bool holds_through(const Expr* e, const Stmt* loop, const FunctionDecl* fn) {
  struct reads : RecursiveASTVisitor<reads> {
    std::set<const VarDecl*> vars;
    bool VisitDeclRefExpr(DeclRefExpr* dr) {
      if (auto* v = dyn_cast<VarDecl>(dr->getDecl())) vars.insert(v);
      return true;
    }
  } read;
  read.TraverseStmt(const_cast<Expr*>(e));
  touches in_loop(read.vars, true);
  in_loop.TraverseStmt(const_cast<Stmt*>(loop));
  if (in_loop.found) return false;
  touches anywhere(read.vars, false);  // addresses taken
  if (fn && fn->getBody()) anywhere.TraverseStmt(fn->getBody());
  return !anywhere.found;
}

}  // namespace ampcl::debug::detail
