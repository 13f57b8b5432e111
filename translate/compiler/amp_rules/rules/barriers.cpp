// 8.1.1: every thread of a tile reaches each tile_barrier::wait, or none does. A
// wait under control flow that depends on the thread (a condition computed from
// tiled_index::local or ::global, or from what an atomic returned; a return,
// break or continue under such a condition that skips it) is MSVC's error C3561;
// on OpenCL it is undefined behaviour (a hang on most GPUs).
//
// The analysis is tools/uniformity (shared with the race checker's instrumenter):
// flow-sensitive, summarized across calls, so a helper that waits under
// `if (n > 0)` is an error only where a caller passes a thread-dependent n, and
// stores to memory (views, arrays, tile_static) do not make later loads differ.
// This file says what gives a C++ AMP thread its own value. A barrier the
// analysis cannot prove uniform (a value it does not follow) is not an error: a
// warning says so and how to check it at run time. With --hcc (HCC never checked
// barriers) a thread-dependent one is a warning too.
#include <clang/AST/Attr.h>
#include <clang/AST/ExprCXX.h>

#include "../rule.hpp"
#include "uniformity/uniformity.hpp"

namespace ampcl::translate::amp_rules {

using namespace clang;
namespace uni = ampcl::uniformity;

namespace {

// A class of the compatibility headers: Concurrency::`name`, or one of its
// nested namespaces'.
bool is_record_named(QualType t, llvm::StringRef name) {
  const auto* rd = t.getNonReferenceType()->getAsCXXRecordDecl();
  if (!rd || !rd->getIdentifier() || rd->getName() != name) return false;
  for (const DeclContext* dc = rd->getDeclContext(); dc; dc = dc->getParent())
    if (const auto* ns = dyn_cast<NamespaceDecl>(dc); ns && ns->getName() == "Concurrency")
      return true;
  return false;
}
bool is_tiled_index(QualType t) {
  return is_record_named(t, "tiled_index");
}

bool named_like(const FunctionDecl* fn, llvm::StringRef prefix) {
  return fn && fn->getIdentifier() && fn->getName().startswith(prefix);
}

// What gives a C++ AMP thread its own value.
class amp_threads : public uni::language {
 public:
  bool shared(const VarDecl& v) const override { return v.hasAttr<CUDASharedAttr>(); }
  bool thread_member(const MemberExpr& m) const override {
    const auto* field = dyn_cast<FieldDecl>(m.getMemberDecl());
    QualType base = m.getBase()->getType();
    if (m.isArrow()) base = base->getPointeeType();
    return field && field->getIdentifier() && is_tiled_index(base) &&
           (field->getName() == "local" || field->getName() == "global");
  }
  bool barrier(const CallExpr& c) const override {
    const auto* m = dyn_cast<CXXMemberCallExpr>(&c);
    return m && is_record_named(m->getObjectType(), "tile_barrier") &&
           named_like(m->getMethodDecl(), "wait");
  }
  // A tiled_index converted to an index is its global index; an atomic returns
  // what differs per thread; the rest of the library follows its operands.
  uni::dependence external_call(const CallExpr& c, uni::dependence operands) const override {
    const FunctionDecl* callee = c.getDirectCallee();
    const auto* m = dyn_cast<CXXMemberCallExpr>(&c);
    if (m && isa_and_nonnull<CXXConversionDecl>(callee) && is_tiled_index(m->getObjectType()))
      return operands | uni::thread;
    if (named_like(callee, "atomic_")) return operands | uni::thread;
    return operands;
  }
  bool view(QualType t) const override {
    for (const char* name :
         {"array_view", "array", "texture", "texture_view", "writeonly_texture_view"})
      if (is_record_named(t, name)) return true;
    return false;
  }
};

unsigned line_of(const Stmt* s, const amp_context& cx) {
  return cx.sm.getPresumedLineNumber(cx.sm.getFileLoc(s->getBeginLoc()));
}

// " (the condition at line N)", with the statement that skips the barrier.
std::string where(const uni::reason& why, const FunctionDecl* callee, const amp_context& cx) {
  if (!why.condition) return callee ? " (inside " + amp_context::quoted(callee) + ")" : "";
  std::string s = " (the condition at line " + std::to_string(line_of(why.condition, cx));
  if (const Stmt* skip = why.skip)
    s += std::string(", under which a ") +
         (isa<ReturnStmt>(skip)  ? "return"
          : isa<BreakStmt>(skip) ? "break"
                                 : "continue") +
         " at line " + std::to_string(line_of(skip, cx)) + " skips it";
  return s + ")";
}

class tile_uniform_barriers : public rule {
 public:
  void check_function(const FunctionDecl& fn, amp_context&) const override {
    if (fn.doesThisDeclarationHaveABody() && !fn.isDefaulted()) functions_.push_back(&fn);
  }

  void finish(amp_context& cx) const override {
    const amp_threads amp;
    const uni::analysis threads(amp, functions_);
    for (const FunctionDecl* fn : functions_)
      for (const uni::barrier_site& site : threads.barriers(fn)) report(site, cx);
  }

 private:
  static void report(const uni::barrier_site& site, amp_context& cx) {
    const std::string callee = site.callee ? amp_context::quoted(site.callee) : "";
    const SourceLocation at = site.at->getBeginLoc();
    if (site.around.on & uni::thread) {
      const std::string what = site.callee
                                   ? "this call of " + callee + ", which waits at a tile barrier,"
                                   : "tile_barrier::wait";
      const std::string text = what +
                               " is reached under control flow that differs between the threads "
                               "of a tile" +
                               where(site.around.thread_reason, site.callee, cx);
      if (cx.divergent_barrier_is_error)
        cx.report(at, text +
                          ": every thread of a tile must reach each barrier, or none; base the "
                          "condition on values the whole tile shares (tiled_index::tile, "
                          "captured values) or move the barrier out of it");
      else
        cx.warn(at, text +
                        ": compiled as HCC did, but where the threads of a tile disagree at run "
                        "time the program hangs or computes garbage (C++ AMP leaves it "
                        "undefined); check it with `ampcl-racecheck -- ./program`, or base the "
                        "condition on values the whole tile shares");
    } else if (site.around.on & uni::unknown) {
      const std::string what = site.callee
                                   ? "this call of " + callee + ", which waits at a tile barrier"
                                   : "this tile_barrier::wait";
      cx.warn(at, "the barrier check could not prove that every thread of a tile reaches " + what +
                      where(site.around.unknown_reason, site.callee, cx) +
                      ": whether it does depends on a value the check does not follow (a "
                      "variable whose address is taken, a call through a pointer); if the "
                      "threads of a tile can disagree there, the program hangs or computes "
                      "garbage: check it at run time with `ampcl-racecheck -- ./program`");
    }
  }

  mutable std::vector<const FunctionDecl*> functions_;
};

}  // namespace

void add_barrier_rules(rule_list& rules) {
  rules.push_back(std::make_unique<tile_uniform_barriers>());
}

}  // namespace ampcl::translate::amp_rules
