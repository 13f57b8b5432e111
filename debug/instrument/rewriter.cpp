#include "rewriter.hpp"

#include <clang/AST/ParentMapContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Lex/Lexer.h>

#include <set>
#include <utility>

#include "quiet_loops.hpp"
#include "rewrite_context.hpp"
#include "rules/rewrite_rules.hpp"

namespace ampcl::debug::detail {

using namespace clang;

const std::vector<std::unique_ptr<builtin_call_rule>>& builtin_call_rules() {
  static const std::vector<std::unique_ptr<builtin_call_rule>> rules = [] {
    std::vector<std::unique_ptr<builtin_call_rule>> r;
    r.push_back(make_barrier_rule());
    r.push_back(make_vector_memory_rule());
    r.push_back(make_async_copy_rule());
    r.push_back(make_wait_events_rule());
    r.push_back(make_atomic_rule());
    r.push_back(make_pointer_result_rule());
    return r;
  }();
  return rules;
}

namespace {

// Walks one function and hands each construct to its rule (rules/rewrite_rules.hpp).
class rewriter : public RecursiveASTVisitor<rewriter> {
 public:
  explicit rewriter(rewrite_context& cx) : cx_(cx) {}

  bool VisitImplicitCastExpr(ImplicitCastExpr* ice) {
    if (ice->getCastKind() == CK_LValueToRValue)
      rewrite_memory_access(ice->getSubExpr(), access_kind::read, cx_);
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator* bo) {
    if (bo->isAssignmentOp())
      rewrite_memory_access(
          bo->getLHS(), bo->getOpcode() == BO_Assign ? access_kind::write : access_kind::read_write,
          cx_);
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator* uo) {
    if (uo->isIncrementDecrementOp())
      rewrite_memory_access(uo->getSubExpr(), access_kind::read_write, cx_);
    return true;
  }

  bool VisitCallExpr(CallExpr* call) {
    const FunctionDecl* callee = call->getDirectCallee();
    if (!callee || !cx_.in_main(call)) return true;
    if (const FunctionDecl* helper = user_callee(call, cx_.plan())) {
      rewrite_helper_call(call, helper, cx_);
      return true;
    }
    const std::string name = callee_name(call);
    if (name.empty()) return true;
    for (const auto& rule : builtin_call_rules()) {
      if (rule->handles(name)) {
        rule->rewrite(call, name, cx_);
        break;
      }
    }
    return true;
  }

  bool VisitArraySubscriptExpr(ArraySubscriptExpr* as) {
    rewrite_subscript(as, cx_);
    return true;
  }

  bool VisitReturnStmt(ReturnStmt* rs) {
    rewrite_kernel_return(rs, cx_);
    return true;
  }

  bool VisitDeclStmt(DeclStmt* ds) {
    rewrite_tile_static_declaration(ds, cx_);
    return true;
  }

 private:
  rewrite_context& cx_;
};

// Where the loop hint `attr` is written in `text` (the program, preprocessed), from
// `at`, its location: a `#pragma` line, or an `__attribute__((...))`. Empty if neither.
std::pair<std::size_t, std::size_t> loop_hint_span(StringRef text, std::size_t at) {
  const std::size_t line = text.rfind('\n', at) + 1;  // npos + 1 == 0: the first line
  const std::size_t first = text.find_first_not_of(" \t", line);
  if (first != StringRef::npos && first <= at && text[first] == '#')
    return {first, std::min(text.find('\n', at), text.size())};
  const std::size_t attribute = text.substr(0, at).rfind("__attribute__");
  if (attribute == StringRef::npos) return {0, 0};
  int depth = 0;
  for (std::size_t i = attribute; i < text.size(); ++i) {
    if (text[i] == '(') ++depth;
    if (text[i] == ')' && --depth == 0) {
      if (i < at) break;  // an attribute before the hint's
      return {attribute, i + 1};
    }
  }
  return {0, 0};
}

// The loop hints written before `loop` (`#pragma unroll 4`, `__attribute__((
// opencl_unroll_hint(4)))`), taken from where they stand: they must precede the
// loop itself, which expand_quiet_loops puts in a block of its own, so each copy
// gets its own hint there. Several are joined by newlines.
std::string take_loop_hints(const Stmt* loop, rewrite_context& cx, Rewriter& rw) {
  const auto parents = cx.ast().getParents(*loop);
  const auto* attributed = parents.empty() ? nullptr : parents[0].get<AttributedStmt>();
  if (!attributed) return "";
  const SourceManager& sm = cx.sources();
  std::string hints;
  std::set<std::pair<std::size_t, std::size_t>> taken;
  for (const Attr* attr : attributed->getAttrs()) {
    const auto [file, at] = sm.getDecomposedLoc(cx.loc(attr->getLocation()));
    bool invalid = false;
    const StringRef text = sm.getBufferData(file, &invalid);
    if (invalid) continue;
    const auto span = loop_hint_span(text, at);
    if (span.first == span.second || !taken.insert(span).second) continue;
    hints += (hints.empty() ? "" : "\n") + text.slice(span.first, span.second).str();
    rw.RemoveText(sm.getComposedLoc(file, static_cast<unsigned>(span.first)),
                  static_cast<unsigned>(span.second - span.first));
  }
  return hints;
}

// Marks the loops to emit twice (quiet_loops.hpp). The begin marker goes after
// what other rules inserted where the loop starts (statements before it), the end
// marker after everything inserted where it ends (the closing of its last access).
void mark_quiet_loops(rewrite_context& cx, Rewriter& rw) {
  unsigned n = 0;
  for (const auto& [loop, q] : cx.quiet_loops) {
    const SourceLocation begin = cx.loc(loop->getBeginLoc());
    const SourceLocation end = Lexer::getLocForEndOfToken(cx.loc(loop->getEndLoc()), 0,
                                                          cx.sources(), cx.ast().getLangOpts());
    const PresumedLoc where = cx.sources().getPresumedLoc(begin);
    if (where.isInvalid() || end.isInvalid()) continue;  // its reads keep the checked hook
    const std::string hints = take_loop_hints(loop, cx, rw);
    rw.InsertTextAfter(begin, quiet_loop_begin(n, quiet_loop_condition(q.objects, q.tests),
                                               where.getLine(), where.getFilename(), hints));
    rw.InsertTextAfter(end, quiet_loop_end(n));
    ++n;
  }
}

}  // namespace

void rewrite_program(ASTContext& ctx, Rewriter& rw, const rewrite_plan& plan,
                     const preprocessed& pp, instrument_result& result) {
  rewrite_context cx(ctx, rw, plan, pp, result);
  collect_kernel_objects(cx);
  rewriter walk(cx);
  for (const FunctionDecl* fd : plan.user_functions_in_order) {
    cx.set_function(fd);
    rewrite_function_entry(fd, cx);
    rewrite_votes(fd, cx);
    walk.TraverseStmt(fd->getBody());
    rewrite_function_body(fd, cx);
  }
  cx.set_function(nullptr);
  cx.mark_never_written_globals();
  cx.mark_unshadowed_globals();
  // The result describes the plan's kernel; the program may hold others' hooks too.
  const kernel_objects& own = cx.objects_of(plan.kernel);
  result.globals = own.globals;
  result.tile_static = own.tile_static;
  result.user_param_count = plan.kernel->getNumParams();
  result.global_slots = cx.global_slots();
  mark_quiet_loops(cx, rw);
  // A vote's site names the first barrier its branch guards.
  for (const auto& [cond, barrier] : plan.voted) {
    auto b = cx.barrier_sites.find(barrier);
    auto v = cx.vote_sites.find(cond);
    if (b != cx.barrier_sites.end() && v != cx.vote_sites.end())
      cx.site(v->second).related_site = b->second;
  }
}

}  // namespace ampcl::debug::detail
