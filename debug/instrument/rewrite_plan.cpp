#include "rewrite_plan.hpp"

#include <clang/AST/Attr.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

#include "uniformity.hpp"

namespace ampcl::debug::detail {

using namespace clang;

std::string callee_name(const CallExpr* call) {
  const FunctionDecl* fd = call->getDirectCallee();
  if (!fd || !fd->getIdentifier()) return {};
  return fd->getName().str();
}

std::optional<long long> integer_constant(const Expr* e, ASTContext& ctx) {
  Expr::EvalResult v;
  if (e->isValueDependent() || !e->EvaluateAsInt(v, ctx)) return std::nullopt;
  const llvm::APSInt& i = v.Val.getInt();
  if (i.isSigned() ? i.getMinSignedBits() > 63 : i.getActiveBits() > 62) return std::nullopt;
  return i.isSigned() ? i.getSExtValue() : static_cast<long long>(i.getZExtValue());
}

std::optional<unsigned> constant_fence_flags(const CallExpr* call, ASTContext& ctx) {
  Expr::EvalResult value;
  if (call->getNumArgs() != 1 || !call->getArg(0)->EvaluateAsInt(value, ctx)) return std::nullopt;
  return static_cast<unsigned>(value.Val.getInt().getZExtValue());
}

bool is_barrier_call(const CallExpr* call) {
  return callee_name(call) == "barrier";
}

bool is_collective(const std::string& name) {
  return name == "barrier" || name == "async_work_group_copy" ||
         name == "async_work_group_strided_copy" || name == "wait_group_events";
}

const FunctionDecl* user_callee(const CallExpr* call, const rewrite_plan& plan) {
  const FunctionDecl* fd = call->getDirectCallee();
  if (!fd) return nullptr;
  const FunctionDecl* def = fd->getDefinition();
  if (!def || !plan.user_functions.count(def)) return nullptr;
  return def;
}

const DeclRefExpr* base_ref(const Expr* e) {
  while (e) {
    e = e->IgnoreParenCasts();
    if (auto* dr = dyn_cast<DeclRefExpr>(e)) return dr;
    if (auto* as = dyn_cast<ArraySubscriptExpr>(e)) {
      e = as->getBase();
    } else if (auto* me = dyn_cast<MemberExpr>(e)) {
      e = me->getBase();
    } else if (auto* ve = dyn_cast<ExtVectorElementExpr>(e)) {
      e = ve->getBase();
    } else if (auto* uo = dyn_cast<UnaryOperator>(e)) {
      e = uo->getSubExpr();
    } else if (auto* bo = dyn_cast<BinaryOperator>(e); bo && bo->isAdditiveOp()) {
      // Pointer arithmetic only: a comma, an assignment or integer arithmetic on a
      // cast pointer has no base the access surely goes through.
      if (bo->getLHS()->getType()->isPointerType())
        e = bo->getLHS();
      else if (bo->getRHS()->getType()->isPointerType())
        e = bo->getRHS();
      else
        return nullptr;
    } else {
      return nullptr;
    }
  }
  return nullptr;
}

int lvalue_space(const Expr* e) {
  if (!e->isGLValue()) return 0;
  LangAS as = e->getType().getAddressSpace();
  if (as == LangAS::opencl_local) return 1;
  if (as == LangAS::opencl_global) return 2;
  return 0;
}

namespace {

// Finds what a statement contains: barriers (directly or through calls), escapes
// (return/break/continue), anything the instrumenter rewrites, user calls.
class contents : public RecursiveASTVisitor<contents> {
 public:
  explicit contents(const rewrite_plan& plan) : plan_(plan) {}
  bool barrier = false;
  bool escape = false;
  bool memory = false;
  const CallExpr* first_barrier = nullptr;
  std::set<const FunctionDecl*> calls;

  bool VisitCallExpr(CallExpr* call) {
    std::string name = callee_name(call);
    if (is_collective(name)) {
      barrier = true;
      if (!first_barrier) first_barrier = call;
    }
    if (name == "barrier" || name == "mem_fence" || name == "read_mem_fence" ||
        name == "write_mem_fence" || name.rfind("atomic_", 0) == 0 || name.rfind("atom_", 0) == 0)
      memory = true;
    if (const FunctionDecl* f = user_callee(call, plan_)) {
      calls.insert(f);
      if (plan_.has_barrier.count(f)) {
        barrier = true;
        auto it = plan_.first_barrier.find(f);
        if (!first_barrier && it != plan_.first_barrier.end()) first_barrier = it->second;
      }
    }
    return true;
  }
  bool VisitExpr(Expr* e) {
    if (lvalue_space(e)) memory = true;
    // a subscript of a constant-size array: checked against the dimension
    if (auto* as = dyn_cast<ArraySubscriptExpr>(e))
      if (isa<ConstantArrayType>(
              as->getBase()->IgnoreParenImpCasts()->getType()->getUnqualifiedDesugaredType()))
        memory = true;
    return true;
  }
  bool VisitReturnStmt(ReturnStmt*) { return escape = true; }
  bool VisitBreakStmt(BreakStmt*) { return escape = true; }
  bool VisitContinueStmt(ContinueStmt*) { return escape = true; }

 private:
  const rewrite_plan& plan_;
};

contents scan(const Stmt* s, const rewrite_plan& plan) {
  contents c(plan);
  if (s) c.TraverseStmt(const_cast<Stmt*>(s));
  return c;
}

// Decides which conditions to vote on. A branch is voted when control reaches it
// uniformly and it guards a barrier, or escapes (return/break/continue) past one,
// unless its condition is uniform by construction (uniformity.hpp): then it
// cannot diverge.
class vote_planner {
 public:
  vote_planner(rewrite_plan& plan, const SourceManager& sm, const FunctionDecl* fn,
               const uniformity& u)
      : plan_(plan), sm_(sm), uniformity_(u) {
    // Offsets of barriers in this function, to tell whether one follows an escape.
    collect_barrier_offsets(fn->getBody());
  }

  // `loop_barrier`: the first barrier of the innermost voted loop, which an
  // escape (break, continue, return) inside it skips.
  void walk(const Stmt* s, bool uniform, bool in_barrier_loop,
            const CallExpr* loop_barrier = nullptr) {
    if (!s) return;
    if (auto* is = dyn_cast<IfStmt>(s)) {
      contents then_c = scan(is->getThen(), plan_), else_c = scan(is->getElse(), plan_);
      bool guards = then_c.barrier || else_c.barrier;
      const CallExpr* after = barrier_after(is->getEndLoc());
      bool escapes = (then_c.escape || else_c.escape) && (in_barrier_loop || after);
      const bool settled = uniformity_.uniform(is->getCond());
      bool vote = uniform && (guards || escapes) && !settled;
      if (vote) {
        // The barrier a divergent branch is reported against: the one it guards,
        // else the one its escape skips.
        const CallExpr* guarded =
            then_c.first_barrier ? then_c.first_barrier : else_c.first_barrier;
        if (!guarded) guarded = in_barrier_loop && loop_barrier ? loop_barrier : after;
        add_vote(is->getCond(), guarded);
      }
      const bool arms = vote || (uniform && settled);
      walk(is->getThen(), arms, in_barrier_loop, loop_barrier);
      walk(is->getElse(), arms, in_barrier_loop, loop_barrier);
      return;
    }
    const Expr* cond = nullptr;
    const Stmt* body = nullptr;
    if (auto* ws = dyn_cast<WhileStmt>(s)) cond = ws->getCond(), body = ws->getBody();
    if (auto* ds = dyn_cast<DoStmt>(s)) cond = ds->getCond(), body = ds->getBody();
    if (auto* fs = dyn_cast<ForStmt>(s)) cond = fs->getCond(), body = fs->getBody();
    if (body) {
      contents c = scan(body, plan_);
      bool vote = uniform && c.barrier;
      if (vote && cond && !uniformity_.uniform(cond)) add_vote(cond, c.first_barrier);
      walk(body, vote, vote || in_barrier_loop, vote ? c.first_barrier : loop_barrier);
      return;
    }
    if (auto* ss = dyn_cast<SwitchStmt>(s)) {
      // A switch that reaches a barrier: the tile agrees on the value (the first
      // work-item's), so every work-item takes the same case.
      contents c = scan(ss->getBody(), plan_);
      bool vote = uniform && c.barrier && ss->getCond();
      if (vote && !uniformity_.uniform(ss->getCond())) {
        add_vote(ss->getCond(), c.first_barrier);
        plan_.value_votes.insert(ss->getCond());
      }
      walk(ss->getBody(), vote, in_barrier_loop, loop_barrier);
      return;
    }
    if (isa<Expr>(s) || isa<DeclStmt>(s)) return;
    for (const Stmt* child : s->children()) walk(child, uniform, in_barrier_loop, loop_barrier);
  }

 private:
  void add_vote(const Expr* cond, const CallExpr* barrier) {
    if (cond) plan_.voted[cond] = barrier;
  }

  void collect_barrier_offsets(const Stmt* s) {
    if (!s) return;
    if (auto* call = dyn_cast<CallExpr>(s)) {
      const CallExpr* b = is_collective(callee_name(call)) ? call : nullptr;
      if (const FunctionDecl* f = user_callee(call, plan_); f && !b) {
        auto it = plan_.first_barrier.find(f);
        if (it != plan_.first_barrier.end()) b = it->second;
      }
      if (b)
        barrier_offsets_.emplace_back(sm_.getFileOffset(sm_.getExpansionLoc(call->getBeginLoc())),
                                      b);
    }
    for (const Stmt* child : s->children()) collect_barrier_offsets(child);
  }

  // The first barrier (or call reaching one) after `loc` in this function, or null.
  const CallExpr* barrier_after(SourceLocation loc) const {
    unsigned off = sm_.getFileOffset(sm_.getExpansionLoc(loc));
    const CallExpr* best = nullptr;
    unsigned best_off = ~0u;
    for (const auto& [b, call] : barrier_offsets_)
      if (b > off && b < best_off) best = call, best_off = b;
    return best;
  }

  rewrite_plan& plan_;
  const SourceManager& sm_;
  const uniformity& uniformity_;
  std::vector<std::pair<unsigned, const CallExpr*>> barrier_offsets_;
};

}  // namespace

namespace {
// The kernel's tile_static objects in shadow order: __local pointer parameters,
// then __local variables.
std::vector<const ValueDecl*> tile_static_objects(const FunctionDecl* kernel) {
  std::vector<const ValueDecl*> out;
  for (const ParmVarDecl* p : kernel->parameters())
    if (p->getType()->isPointerType() &&
        p->getType()->getPointeeType().getAddressSpace() == LangAS::opencl_local)
      out.push_back(p);
  struct local_vars : RecursiveASTVisitor<local_vars> {
    std::vector<const ValueDecl*>* out;
    bool VisitVarDecl(VarDecl* vd) {
      if (vd->getType().getAddressSpace() == LangAS::opencl_local) out->push_back(vd);
      return true;
    }
  } vars;
  vars.out = &out;
  vars.TraverseStmt(kernel->getBody());
  return out;
}
}  // namespace

bool without_tile_static(const FunctionDecl* kernel) {
  return tile_static_objects(kernel).empty();
}

rewrite_plan make_plan(ASTContext& ctx, const FunctionDecl* kernel,
                       const std::vector<const FunctionDecl*>& together) {
  rewrite_plan plan;
  plan.kernel = kernel;
  plan.instrumented.insert(kernel);
  plan.instrumented.insert(together.begin(), together.end());
  plan.tile_static = tile_static_objects(kernel);
  const SourceManager& sm = ctx.getSourceManager();
  for (Decl* d : ctx.getTranslationUnitDecl()->decls()) {
    auto* fd = dyn_cast<FunctionDecl>(d);
    if (!fd || !fd->doesThisDeclarationHaveABody()) continue;
    if (!sm.isInMainFile(sm.getExpansionLoc(fd->getLocation()))) continue;
    if (plan.user_functions.insert(fd).second) plan.user_functions_in_order.push_back(fd);
  }
  // Fixpoint over the call graph: barriers and shadow-context needs flow to callers.
  bool changed = true;
  while (changed) {
    changed = false;
    for (const FunctionDecl* fd : plan.user_functions) {
      contents c = scan(fd->getBody(), plan);
      bool needs = c.memory || c.barrier;
      for (const FunctionDecl* callee : c.calls) needs = needs || plan.needs_ctx.count(callee);
      if (c.barrier && plan.has_barrier.insert(fd).second) changed = true;
      if (c.first_barrier && plan.first_barrier.emplace(fd, c.first_barrier).second) changed = true;
      if (needs && !fd->hasAttr<OpenCLKernelAttr>() && plan.needs_ctx.insert(fd).second)
        changed = true;
    }
  }
  std::vector<const FunctionDecl*> calling(plan.instrumented.begin(), plan.instrumented.end());
  while (!calling.empty()) {
    const FunctionDecl* fd = calling.back();
    calling.pop_back();
    for (const FunctionDecl* callee : scan(fd->getBody(), plan).calls)
      if (plan.reached.insert(callee).second) calling.push_back(callee);
  }
  // Votes: in the instrumented kernels and in every helper that reaches a barrier.
  const uniformity u(ctx, plan.user_functions, kernel);
  for (const FunctionDecl* fd : plan.user_functions) {
    bool relevant = plan.instrumented.count(fd) ||
                    (!fd->hasAttr<OpenCLKernelAttr>() && plan.has_barrier.count(fd));
    if (!relevant || !plan.has_barrier.count(fd)) continue;
    vote_planner vp(plan, sm, fd, u);
    vp.walk(fd->getBody(), true, false);
  }
  return plan;
}

}  // namespace ampcl::debug::detail
