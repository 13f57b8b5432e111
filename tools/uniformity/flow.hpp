// The analysis inside: function summaries, what each pass records, and the
// dataflow over one function (flow_stmt.cpp: statements, flow_expr.cpp:
// expressions).
#pragma once

#include <map>
#include <set>
#include <utility>
#include <vector>

#include "uniformity.hpp"

namespace ampcl::uniformity {

// What a call of a function does, in terms of its inputs.
struct summary {
  dependence result = 0;
  // Where a reference result refers: into the object or a reference parameter
  // (their bits), a private variable of the callee (unknown), or memory (0).
  dependence result_place = 0;
  std::vector<dependence> reference_out;  // what each reference parameter may be assigned
  dependence object_out = 0;              // what the object's members may be assigned
  bool waits = false;                     // reaches a barrier
  dependence barrier_inputs = 0;          // what the control around those barriers depends on
  bool operator==(const summary& o) const {
    return result == o.result && result_place == o.result_place &&
           reference_out == o.reference_out && object_out == o.object_out && waits == o.waits &&
           barrier_inputs == o.barrier_inputs;
  }
};

// A call of an analyzed function: what its operands depend on (with the control
// it is made under), for resolving the callee's inputs.
struct call_site {
  const clang::FunctionDecl* caller = nullptr;
  std::vector<dependence> arguments;
  dependence object = 0;
};

struct analysis::program {
  program(const language& l, const std::vector<const clang::FunctionDecl*>& fns)
      : lang(l), functions(fns) {}

  const language& lang;
  std::vector<const clang::FunctionDecl*> functions;
  std::map<const clang::FunctionDecl*, summary> summaries;
  std::set<const clang::VarDecl*> escaped;  // private variables reached through pointers

  // Records, grown by every pass (each pass sees at least what the last saw).
  std::map<const clang::FunctionDecl*, std::vector<barrier_site>> sites;
  std::map<const clang::Expr*, std::size_t> site_index;
  std::map<const clang::Expr*, std::pair<const clang::FunctionDecl*, dependence>> conditions;
  std::map<const clang::FunctionDecl*, std::map<const clang::Expr*, call_site>> callers;

  // The summary of an analyzed function (the definition of `callee`), or null.
  const summary* summary_of(const clang::FunctionDecl* callee,
                            const clang::FunctionDecl** definition = nullptr) const;
  // `d` with the inputs of `fn` replaced by what its callers pass.
  dependence resolve(const clang::FunctionDecl* fn, dependence d) const;

 private:
  dependence input(const clang::FunctionDecl* fn, unsigned bit) const;
  mutable std::map<std::pair<const clang::FunctionDecl*, unsigned>, dependence> resolved_;
  mutable std::set<std::pair<const clang::FunctionDecl*, unsigned>> resolving_;
};

// Fills p.escaped.
void find_escapes(analysis::program& p);

// The state at a program point.
struct state {
  bool reached = true;
  // Tracked variables; the key nullptr is the object of a member function.
  std::map<const clang::VarDecl*, dependence> vars;
  control ctl;   // what decides which values were assigned here: branches, breaks, continues
  control gone;  // what decided the returns before here

  dependence get(const clang::VarDecl* v) const;
  void join(const state& o);
  bool same(const state& o) const;
  static state unreached();
};

// One pass over one function: its records in the program and its summary.
class flow {
 public:
  flow(analysis::program& p, const clang::FunctionDecl& fn);
  summary run();

 private:
  // Where an lvalue is: a tracked variable (or the object), or memory.
  struct place {
    bool tracked = false;
    const clang::VarDecl* var = nullptr;  // null and tracked: the object
    bool whole = false;                   // the whole variable, not a part of it
    dependence at = 0;                    // what selects the part (x[i]: i)
    dependence value = 0;                 // what the value there depends on
    place part() const;
  };

  // flow_expr.cpp
  dependence eval(const clang::Expr* e, state& st);
  dependence eval_operator(const clang::Expr* e, state& st, bool* done);
  place lvalue(const clang::Expr* e, state& st);
  place variable(const clang::DeclRefExpr& ref, const state& st);
  void store(const place& at, dependence value, state& st, bool strong);
  dependence call(const clang::CallExpr& c, state& st, place* result);
  dependence construct(const clang::CXXConstructExpr& c, state& st);
  dependence assignment(const clang::Expr* lhs, const clang::Expr* rhs, bool compound, state& st);
  dependence branches(const clang::Expr* cond, const clang::Expr* yes, const clang::Expr* no,
                      state& st);
  // A call's object and arguments: places where the callee may write to them.
  struct operands {
    place object;
    std::vector<place> arguments;  // a place only when bound to a non-const reference
    dependence all = 0;
  };
  operands evaluate(const clang::Expr* obj, bool obj_is_pointer,
                    llvm::ArrayRef<const clang::Expr*> args, const clang::FunctionDecl* callee,
                    state& st);
  // A callee's summary taken at a call: its inputs are the call's operands.
  static dependence mapped(dependence d, const operands& ops);
  void apply(const clang::Expr* at, const clang::FunctionDecl* def, const summary& s,
             const operands& ops, state& st);
  bool tracked(const clang::VarDecl& v) const;

  // flow_stmt.cpp
  void stmt(const clang::Stmt* s, state& st);
  void declare(const clang::VarDecl& v, state& st);
  void if_stmt(const clang::IfStmt& s, state& st);
  void loop(const clang::Expr* cond, const clang::Stmt* pre, const clang::Stmt* body,
            const clang::Expr* inc, bool body_first, state& st);
  void switch_stmt(const clang::SwitchStmt& s, state& st);
  void escape(const clang::Stmt& s, state& st);
  void record(const clang::Expr* cond, dependence d);
  void barrier(const clang::Expr* at, const clang::FunctionDecl* callee, control around);

  analysis::program& p_;
  const clang::FunctionDecl& fn_;
  summary out_;
  bool gotos_ = false;
  std::map<const clang::VarDecl*, place> aliases_;  // local references
  // The loops and switches around the point, for break and continue.
  struct target {
    bool loop;
    state breaks = state::unreached(), continues = state::unreached(), entry = state::unreached();
  };
  std::vector<target*> targets_;
  // What the breaks, continues and returns seen since the innermost construct
  // began were made under.
  struct escapes {
    control broke, continued, returned;
  };
  escapes esc_;
  // Each loop's last walk: walked again from the same state it changes nothing
  // (nested loops would otherwise cost two walks per level, 2^depth in all).
  struct walked {
    state entry, exit;
    control returned;
  };
  std::map<const clang::Stmt*, walked> loops_;
};

}  // namespace ampcl::uniformity
