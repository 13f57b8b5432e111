// 8.1.1: every thread of a tile reaches each tile_barrier::wait, or none does. A
// wait under control flow that depends on the thread (a condition computed from
// tiled_index::local or ::global, or from what an atomic returned) is MSVC's error
// C3561; on OpenCL it is undefined behaviour (a hang on most GPUs).
//
// A taint analysis over the user's restrict(amp) functions, flow-insensitive within
// a function and summarized across calls: a value is thread-dependent when it is
// computed from a thread's own index; a function's summary says which of its
// parameters its result, its reference parameters and the conditions around its
// barriers depend on, so a helper that waits under `if (n > 0)` is an error only
// where a caller passes a thread-dependent n. Stores to memory (views, arrays,
// tile_static variables) do not taint later loads: after a barrier every thread
// reads the same value. Not seen: a `break`, `continue` or `return` under a
// thread-dependent condition that skips a later barrier.
#include <clang/AST/Attr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/StmtCXX.h>

#include <cstdint>
#include <map>
#include <set>
#include <vector>

#include "../rule.hpp"

namespace ampcl::translate::amp_rules {

using namespace clang;

namespace {

// What a value depends on: the thread (bit 0), the function's parameters (bits
// 1..62) and the object a member function is called on (bit 63).
using taint = std::uint64_t;
constexpr taint thread_dependent = 1;
constexpr taint this_object = taint{1} << 63;
constexpr unsigned max_params = 62;
taint parameter(unsigned i) { return i < max_params ? taint{1} << (i + 1) : thread_dependent; }

// Concurrency::`name` (the compatibility headers' class).
bool is_record_named(QualType t, const char* name) {
  const auto* rd = t.getNonReferenceType()->getAsCXXRecordDecl();
  const auto* ns = rd ? dyn_cast<NamespaceDecl>(rd->getDeclContext()) : nullptr;
  return ns && rd->getName() == name && ns->getName() == "Concurrency";
}
bool is_tiled_index(QualType t) { return is_record_named(t, "tiled_index"); }

// A call of tile_barrier::wait or one of its fenced variants.
bool is_barrier_wait(const CallExpr& call) {
  const auto* m = dyn_cast<CXXMemberCallExpr>(&call);
  return m && m->getMethodDecl() && is_record_named(m->getObjectType(), "tile_barrier") &&
         m->getMethodDecl()->getName().startswith("wait");
}

struct function_summary {
  taint result = 0;
  std::map<unsigned, taint> reference_out;  // a reference parameter assigned in the body
  bool waits = false;                       // reaches a barrier (itself or through a call)
  taint barrier_condition = 0;              // what the conditions around those barriers depend on
  SourceLocation first_wait;
};

class tile_uniform_barriers : public rule {
 public:
  void check_function(const FunctionDecl& fn, amp_context&) const override {
    if (fn.doesThisDeclarationHaveABody()) functions_.push_back(&fn);
  }

  void finish(amp_context& cx) const override {
    for (const FunctionDecl* fn : functions_) summaries_[fn];  // every body known up front
    // Taints only grow, so this reaches a fixed point; the bound guards the compiler.
    for (int round = 0; round < 64; ++round) {
      changed_ = false;
      for (const FunctionDecl* fn : functions_) analyze(*fn, nullptr);
      if (!changed_) break;
    }
    for (const FunctionDecl* fn : functions_) analyze(*fn, &cx);
  }

 private:
  struct condition {
    taint depends;
    SourceLocation at;
  };

  // One pass over a body: variable taints, the summary, and with `cx` the reports.
  class pass {
   public:
    pass(const tile_uniform_barriers& rule, const FunctionDecl& fn, amp_context* cx)
        : rule_(rule), fn_(fn), cx_(cx), vars_(rule.variables_[&fn]),
          self_(rule.summaries_[&fn]) {
      for (unsigned i = 0; i < fn.getNumParams(); ++i) grow(fn.getParamDecl(i), parameter(i));
    }

    void run() {
      if (const auto* ctor = dyn_cast<CXXConstructorDecl>(&fn_))
        for (const CXXCtorInitializer* init : ctor->inits()) walk(init->getInit());
      walk(fn_.getBody());
    }

   private:
    // What the value of `e` depends on.
    taint of(const Expr* e) {
      if (!e) return 0;
      e = e->IgnoreParens();
      if (const auto* ref = dyn_cast<DeclRefExpr>(e)) {
        const auto* v = dyn_cast<VarDecl>(ref->getDecl());
        auto it = v ? vars_.find(v) : vars_.end();
        return it == vars_.end() ? 0 : it->second;
      }
      if (isa<CXXThisExpr>(e)) return this_object;
      if (const auto* member = dyn_cast<MemberExpr>(e)) {
        const auto* field = dyn_cast<FieldDecl>(member->getMemberDecl());
        QualType base = member->getBase()->getType();
        if (member->isArrow()) base = base->getPointeeType();
        if (field && is_tiled_index(base) &&
            (field->getName() == "local" || field->getName() == "global"))
          return thread_dependent;
        return of(member->getBase());
      }
      if (const auto* call = dyn_cast<CallExpr>(e)) return of_call(*call);
      if (const auto* construct = dyn_cast<CXXConstructExpr>(e)) {
        taint t = 0;
        for (const Expr* arg : construct->arguments()) t |= of(arg);
        return t;
      }
      if (isa<LambdaExpr>(e) || isa<UnaryExprOrTypeTraitExpr>(e)) return 0;
      taint t = 0;
      for (const Stmt* child : e->children())
        if (const auto* sub = dyn_cast_or_null<Expr>(child)) t |= of(sub);
      return t;
    }

    // The arguments of `call` as the callee's parameters see them (the object of
    // a member call first when `with_object`).
    std::vector<const Expr*> arguments(const CallExpr& call, const Expr** object) {
      *object = nullptr;
      std::vector<const Expr*> args(call.arg_begin(), call.arg_end());
      if (const auto* m = dyn_cast<CXXMemberCallExpr>(&call)) {
        *object = m->getImplicitObjectArgument();
      } else if (const auto* op = dyn_cast<CXXOperatorCallExpr>(&call);
                 op && isa_and_nonnull<CXXMethodDecl>(op->getDirectCallee()) && !args.empty()) {
        *object = args.front();
        args.erase(args.begin());
      }
      return args;
    }

    // Maps a callee's summary taint onto this call's arguments.
    taint at_call(taint callee, const std::vector<const Expr*>& args, const Expr* object) {
      taint t = callee & thread_dependent;
      for (unsigned i = 0; i < args.size() && i < max_params; ++i)
        if (callee & parameter(i)) t |= of(args[i]);
      if ((callee & this_object) && object) t |= of(object);
      return t;
    }

    const function_summary* summary_of(const FunctionDecl* callee) const {
      if (!callee) return nullptr;
      const FunctionDecl* body = nullptr;
      if (!callee->hasBody(body)) return nullptr;
      auto it = rule_.summaries_.find(body);
      return it == rule_.summaries_.end() ? nullptr : &it->second;
    }

    taint of_call(const CallExpr& call) {
      const FunctionDecl* callee = call.getDirectCallee();
      const Expr* object = nullptr;
      const std::vector<const Expr*> args = arguments(call, &object);
      if (const function_summary* s = summary_of(callee)) return at_call(s->result, args, object);
      // Library code: its result follows its arguments. A tiled_index converted to
      // an index is its global index; an atomic returns what differs per thread.
      taint t = object ? of(object) : 0;
      for (const Expr* arg : args) t |= of(arg);
      if (object && is_tiled_index(object->getType()) && isa_and_nonnull<CXXConversionDecl>(callee))
        t |= thread_dependent;
      if (callee && callee->getName().startswith("atomic_")) t |= thread_dependent;
      return t;
    }

    // The variable an assignment's left side writes to, unless that is memory
    // other threads share (views, tile_static) or reached through a pointer.
    const VarDecl* assigned(const Expr* lhs) const {
      for (;;) {
        lhs = lhs->IgnoreParenImpCasts();
        if (const auto* member = dyn_cast<MemberExpr>(lhs)) {
          if (member->isArrow()) return nullptr;
          lhs = member->getBase();
        } else if (const auto* sub = dyn_cast<ArraySubscriptExpr>(lhs)) {
          if (!sub->getBase()->IgnoreParenImpCasts()->getType()->isArrayType()) return nullptr;
          lhs = sub->getBase();
        } else {
          break;
        }
      }
      const auto* ref = dyn_cast<DeclRefExpr>(lhs);
      const auto* v = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
      if (!v || v->hasGlobalStorage() || v->getType()->isReferenceType()) {
        // A reference parameter: the caller's variable.
        const auto* p = dyn_cast_or_null<ParmVarDecl>(v);
        return p && p->getType()->isReferenceType() ? p : nullptr;
      }
      return v->getType().getAddressSpace() == LangAS::Default ? v : nullptr;
    }

    void grow(const VarDecl* v, taint t) {
      if (!v || !t) return;
      taint& have = vars_[v];
      if ((have | t) != have) {
        have |= t;
        rule_.changed_ = true;
      }
    }
    void grow(taint& have, taint t) {
      if ((have | t) != have) {
        have |= t;
        rule_.changed_ = true;
      }
    }

    void assign(const Expr* lhs, taint t) {
      const VarDecl* v = assigned(lhs);
      if (!v || v->hasAttr<CUDASharedAttr>()) return;
      grow(v, t);
      if (const auto* p = dyn_cast<ParmVarDecl>(v); p && p->getType()->isReferenceType())
        grow(self_.reference_out[p->getFunctionScopeIndex()], t);
    }

    taint conditions() const {
      taint t = 0;
      for (const condition& c : enclosing_) t |= c.depends;
      return t;
    }

    // A barrier (or a call that reaches one) at `at`; `inside` is what the
    // callee's own conditions around it depend on, mapped to this call.
    void barrier_site(SourceLocation at, taint inside, const FunctionDecl* callee) {
      const taint around = conditions() | inside;
      if (!self_.waits) {
        self_.waits = true;
        self_.first_wait = at;
        rule_.changed_ = true;
      }
      grow(self_.barrier_condition, around & ~thread_dependent);
      if (!cx_ || !(around & thread_dependent)) return;
      std::string what = "tile_barrier::wait";
      if (callee) what = "this call of " + amp_context::quoted(callee) + ", which waits at a tile barrier,";
      std::string where;
      for (const condition& c : enclosing_)
        if (c.depends & thread_dependent) {
          where = " (the condition at line " +
                  std::to_string(cx_->sm.getPresumedLineNumber(cx_->sm.getFileLoc(c.at))) + ")";
          break;
        }
      if (where.empty()) where = " (inside " + amp_context::quoted(callee) + ")";
      cx_->report(at, what + " is reached under control flow that differs between the threads of a tile" +
                          where +
                          ": every thread of a tile must reach each barrier, or none; base the "
                          "condition on values the whole tile shares (tiled_index::tile, captured "
                          "values) or move the barrier out of it");
    }

    void call(const CallExpr& c) {
      if (is_barrier_wait(c)) return barrier_site(c.getBeginLoc(), 0, nullptr);
      const FunctionDecl* callee = c.getDirectCallee();
      const function_summary* s = summary_of(callee);
      if (!s) return;
      const Expr* object = nullptr;
      const std::vector<const Expr*> args = arguments(c, &object);
      for (const auto& [i, t] : s->reference_out)
        if (i < args.size()) assign(args[i], at_call(t, args, object));
      if (s->waits) barrier_site(c.getBeginLoc(), at_call(s->barrier_condition, args, object), callee);
    }

    void under(const Expr* cond, const Stmt* body) {
      enclosing_.push_back({of(cond), cond ? cond->getBeginLoc() : SourceLocation()});
      walk(body);
      enclosing_.pop_back();
    }

    void walk(const Stmt* s) {
      if (!s) return;
      if (isa<LambdaExpr>(s) || isa<UnaryExprOrTypeTraitExpr>(s)) return;
      if (const auto* d = dyn_cast<DeclStmt>(s)) {
        for (const Decl* decl : d->decls())
          if (const auto* v = dyn_cast<VarDecl>(decl); v && v->getInit()) {
            walk(v->getInit());
            if (!v->hasAttr<CUDASharedAttr>()) grow(v, of(v->getInit()));
          }
        return;
      }
      if (const auto* i = dyn_cast<IfStmt>(s)) {
        walk(i->getConditionVariableDeclStmt());
        walk(i->getCond());
        under(i->getCond(), i->getThen());
        under(i->getCond(), i->getElse());
        return;
      }
      if (const auto* w = dyn_cast<WhileStmt>(s)) {
        walk(w->getConditionVariableDeclStmt());
        under(w->getCond(), w->getCond());
        under(w->getCond(), w->getBody());
        return;
      }
      if (const auto* f = dyn_cast<ForStmt>(s)) {
        walk(f->getInit());
        walk(f->getConditionVariableDeclStmt());
        under(f->getCond(), f->getCond());
        under(f->getCond(), f->getInc());
        under(f->getCond(), f->getBody());
        return;
      }
      if (const auto* r = dyn_cast<CXXForRangeStmt>(s)) {
        walk(r->getRangeInit());
        walk(r->getBody());
        return;
      }
      if (const auto* d = dyn_cast<DoStmt>(s)) {
        under(d->getCond(), d->getBody());
        under(d->getCond(), d->getCond());
        return;
      }
      if (const auto* sw = dyn_cast<SwitchStmt>(s)) {
        walk(sw->getConditionVariableDeclStmt());
        walk(sw->getCond());
        under(sw->getCond(), sw->getBody());
        return;
      }
      if (const auto* c = dyn_cast<AbstractConditionalOperator>(s)) {
        walk(c->getCond());
        under(c->getCond(), c->getTrueExpr());
        under(c->getCond(), c->getFalseExpr());
        return;
      }
      if (const auto* b = dyn_cast<BinaryOperator>(s)) {
        if (b->isLogicalOp()) {
          walk(b->getLHS());
          under(b->getLHS(), b->getRHS());
          return;
        }
        if (b->isAssignmentOp()) assign(b->getLHS(), of(b->getRHS()));
      }
      if (const auto* op = dyn_cast<CXXOperatorCallExpr>(s);
          op && op->isAssignmentOp() && op->getNumArgs() == 2)
        assign(op->getArg(0), of(op->getArg(1)));
      if (const auto* ret = dyn_cast<ReturnStmt>(s)) grow(self_.result, of(ret->getRetValue()));
      if (const auto* c = dyn_cast<CallExpr>(s)) call(*c);
      for (const Stmt* child : s->children()) walk(child);
    }

    const tile_uniform_barriers& rule_;
    const FunctionDecl& fn_;
    amp_context* cx_;
    std::map<const VarDecl*, taint>& vars_;
    function_summary& self_;
    std::vector<condition> enclosing_;
  };

  void analyze(const FunctionDecl& fn, amp_context* cx) const { pass(*this, fn, cx).run(); }

  mutable std::vector<const FunctionDecl*> functions_;
  mutable std::map<const FunctionDecl*, function_summary> summaries_;
  mutable std::map<const FunctionDecl*, std::map<const VarDecl*, taint>> variables_;
  mutable bool changed_ = false;
};

}  // namespace

void add_barrier_rules(rule_list& rules) {
  rules.push_back(std::make_unique<tile_uniform_barriers>());
}

}  // namespace ampcl::translate::amp_rules
