#include <clang/AST/ParentMapContext.h>

#include "rewrite_rules.hpp"

namespace ampcl::debug::detail {

namespace {

// ---- event variables the checker follows -----------------------------------
// A wait orders only the copies of the events in its list (OpenCL 1.2, 6.12.10).
// The runtime learns which copy each event variable holds from the source: an
// event_t is opaque (its bits and pointer differences mean nothing portable), so
// a variable is followed only where every use is one of: a copy's result stored
// into it (or a literal 0), a read of its value, a wait's list. Any other use (its
// address passed on, another value stored) leaves it unfollowed, and a wait on it
// then orders every copy, as before.

bool calls(const clang::Expr* e, const char* a, const char* b = nullptr) {
  const auto* call = clang::dyn_cast<clang::CallExpr>(e->IgnoreParenImpCasts());
  const auto* fn = call ? call->getDirectCallee() : nullptr;
  return fn && (fn->getName() == a || (b && fn->getName() == b));
}

bool is_copy(const clang::Expr* e) {
  return calls(e, "async_work_group_copy", "async_work_group_strided_copy");
}

bool is_zero(const clang::Expr* e) {
  const auto* lit = clang::dyn_cast<clang::IntegerLiteral>(e->IgnoreParenImpCasts());
  return lit && lit->getValue() == 0;
}

// The parent of s, past parentheses (and implicit casts, with `casts`).
const clang::Stmt* parent_of(const clang::Stmt* s, rewrite_context& cx, bool casts) {
  for (;;) {
    const auto parents = cx.ast().getParents(*s);
    if (parents.size() != 1) return nullptr;
    const auto* p = parents[0].get<clang::Stmt>();
    if (!p) return nullptr;
    if (!clang::isa<clang::ParenExpr>(p) && !(casts && clang::isa<clang::ImplicitCastExpr>(p)))
      return p;
    s = p;
  }
}

// Whether e is a wait's list (its second argument).
bool is_wait_list(const clang::Expr* e, rewrite_context& cx) {
  const auto* call = clang::dyn_cast_or_null<clang::CallExpr>(parent_of(e, cx, true));
  const auto* fn = call ? call->getDirectCallee() : nullptr;
  return fn && fn->getName() == "wait_group_events" && call->getNumArgs() == 2 &&
         call->getArg(1)->IgnoreParenImpCasts() == e->IgnoreParenImpCasts();
}

// Whether a use of an event variable's slot (the variable, or an element) is one
// the runtime follows.
bool followed_slot_use(const clang::Expr* lv, rewrite_context& cx) {
  const clang::Stmt* p = parent_of(lv, cx, false);
  if (const auto* cast = clang::dyn_cast_or_null<clang::ImplicitCastExpr>(p))
    return cast->getCastKind() == clang::CK_LValueToRValue;
  if (const auto* addr = clang::dyn_cast_or_null<clang::UnaryOperator>(p))
    return addr->getOpcode() == clang::UO_AddrOf && is_wait_list(addr, cx);
  if (const auto* as = clang::dyn_cast_or_null<clang::BinaryOperator>(p))
    return as->getOpcode() == clang::BO_Assign && as->getLHS()->IgnoreParens() == lv &&
           (is_copy(as->getRHS()) || is_zero(as->getRHS()));
  return false;
}

bool followed_use(const clang::DeclRefExpr* ref, bool array, rewrite_context& cx) {
  if (!array) return followed_slot_use(ref, cx);
  const auto* decay = clang::dyn_cast_or_null<clang::ImplicitCastExpr>(parent_of(ref, cx, false));
  if (!decay || decay->getCastKind() != clang::CK_ArrayToPointerDecay) return false;
  const clang::Stmt* p = parent_of(decay, cx, false);
  if (const auto* sub = clang::dyn_cast_or_null<clang::ArraySubscriptExpr>(p))
    return sub->getBase()->IgnoreParens() == decay && followed_slot_use(sub, cx);
  if (const auto* add = clang::dyn_cast_or_null<clang::BinaryOperator>(p))
    return add->getOpcode() == clang::BO_Add && is_wait_list(add, cx);
  return is_wait_list(decay, cx);
}

void find_refs(const clang::Stmt* s, const clang::VarDecl* vd,
               std::vector<const clang::DeclRefExpr*>& out) {
  if (!s) return;
  if (const auto* ref = clang::dyn_cast<clang::DeclRefExpr>(s); ref && ref->getDecl() == vd)
    out.push_back(ref);
  for (const clang::Stmt* child : s->children()) find_refs(child, vd, out);
}

// The variable's number (0: not followed), decided at its first use.
std::uint32_t event_var(const clang::VarDecl* vd, rewrite_context& cx) {
  if (const auto it = cx.event_vars.find(vd); it != cx.event_vars.end()) return it->second;
  std::uint32_t id = 0;
  const clang::QualType t = vd->getType();
  const auto* at = cx.ast().getAsConstantArrayType(t);
  const bool array = at != nullptr;
  const auto* fn = clang::dyn_cast_or_null<clang::FunctionDecl>(vd->getParentFunctionOrMethod());
  if ((array ? at->getElementType()->isEventT() : t->isEventT()) && fn && fn->hasBody() &&
      !clang::isa<clang::ParmVarDecl>(vd) &&
      (!vd->getInit() || (!array && (is_copy(vd->getInit()) || is_zero(vd->getInit()))))) {
    std::vector<const clang::DeclRefExpr*> refs;
    find_refs(fn->getBody(), vd, refs);
    bool all = true;
    for (const auto* ref : refs) all = all && followed_use(ref, array, cx);
    if (all) {
      std::uint32_t n = 1;
      for (const auto& [d, k] : cx.event_vars) n += k != 0;
      id = n < 0xFFFFu ? n : 0;
    }
  }
  cx.event_vars[vd] = id;
  return id;
}

const clang::VarDecl* var_of(const clang::Expr* e) {
  const auto* ref = clang::dyn_cast<clang::DeclRefExpr>(e->IgnoreParenImpCasts());
  return ref ? clang::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
}

// The first slot key (variable number << 16) of a wait's list, whose index in
// the variable is event_position's; "0u" where the list is not a followed
// variable's.
std::string waited_key(const clang::Expr* list, rewrite_context& cx) {
  const auto key = [&](const clang::Expr* base) -> std::string {
    const clang::VarDecl* vd = var_of(base);
    const std::uint32_t id = vd ? event_var(vd, cx) : 0;
    return id ? u(std::uint64_t{id} << 16) : "0u";
  };
  const clang::Expr* e = list->IgnoreParenImpCasts();
  if (var_of(e)) return cx.ast().getAsConstantArrayType(var_of(e)->getType()) ? key(e) : "0u";
  if (const auto* add = clang::dyn_cast<clang::BinaryOperator>(e);
      add && add->getOpcode() == clang::BO_Add)
    return key(add->getLHS()) != "0u" ? key(add->getLHS()) : key(add->getRHS());
  if (const auto* addr = clang::dyn_cast<clang::UnaryOperator>(e);
      addr && addr->getOpcode() == clang::UO_AddrOf) {
    const clang::Expr* sub = addr->getSubExpr()->IgnoreParens();
    if (const auto* el = clang::dyn_cast<clang::ArraySubscriptExpr>(sub)) return key(el->getBase());
    return key(sub);
  }
  return "0u";
}

// The list's position in an array variable of events, as source text: the index
// written (`events + i`, `&events[i]`, `events`), not a pointer difference, which
// NVIDIA's compiler gets wrong (`(events + 1) - events` is 0 on driver 580.159.04,
// sizeof(event_t) 8). "0" for any other list.
std::string event_position(const clang::Expr* list, rewrite_context& cx) {
  const clang::Expr* e = list->IgnoreParenImpCasts();
  const auto is_event_array = [](const clang::Expr* base) {
    const clang::DeclRefExpr* b = clang::dyn_cast<clang::DeclRefExpr>(base->IgnoreParenImpCasts());
    const auto* vd = b ? clang::dyn_cast<clang::VarDecl>(b->getDecl()) : nullptr;
    return vd && vd->getType()->isConstantArrayType();
  };
  if (is_event_array(e)) return "0";
  if (const auto* add = clang::dyn_cast<clang::BinaryOperator>(e);
      add && add->getOpcode() == clang::BO_Add) {
    if (is_event_array(add->getLHS())) return cx.text_of(add->getRHS());
    if (is_event_array(add->getRHS())) return cx.text_of(add->getLHS());
  }
  if (const auto* addr = clang::dyn_cast<clang::UnaryOperator>(e);
      addr && addr->getOpcode() == clang::UO_AddrOf)
    if (const auto* sub =
            clang::dyn_cast<clang::ArraySubscriptExpr>(addr->getSubExpr()->IgnoreParens());
        sub && is_event_array(sub->getBase()))
      return cx.text_of(sub->getIdx());
  return "0";
}

// wait_group_events is collective (every work-item of the tile must reach it), so
// it is modelled as a barrier with both fences: it orders the async copies of the
// events in its list against the tile's accesses. A real barrier follows it too,
// as PoCL's wait does not make the other work-items' parts of a copy visible. The
// runtime is told which events the list holds first (__ampcl_wait_list); the
// copies it leaves in flight are checked again after it (__ampcl_wait_end), so a
// later access to them still races.
//
// Every work-item must also wait on the same events (Oclgrind's "work-group
// divergence"): the tile votes on the count and, where the list points into an
// array variable of events, on its position there (an event_t is opaque and each
// work-item's array has its own address, so its elements are compared by index):
//   (__ampcl_wait_list(__ampcl_c, key,
//                      __ampcl_events_uniform(__ampcl_c, (ulong)(n), (long)(i), vsite)),
//    wait_group_events(n, list), __ampcl_barrier(...), __ampcl_wait_end(__ampcl_c))
class wait_events_rule : public builtin_call_rule {
 public:
  bool handles(const std::string& callee) const override { return callee == "wait_group_events"; }

  void rewrite(const clang::CallExpr* call, const std::string& callee,
               rewrite_context& cx) const override {
    const auto id = cx.add_site(call->getBeginLoc(), "", access_kind::barrier, memory_space::none);
    cx.site(id).fence_flags = 3;
    // The list's count and position, the tile's where it votes on them.
    std::string list = "__ampcl_wait_list(__ampcl_c, 0u, 0UL), ";
    if (call->getNumArgs() == 2) {
      const std::string args = "(ulong)(" + cx.text_of(call->getArg(0)) + "), (long)(" +
                               event_position(call->getArg(1), cx) + ")";
      std::string value = "__ampcl_events_list(" + args + ")";
      if (cx.in_main(call)) {
        const auto vsite =
            cx.add_site(call->getBeginLoc(), callee, access_kind::branch, memory_space::none);
        value = "__ampcl_events_uniform(__ampcl_c, " + args + ", " + u(vsite) + ")";
      }
      list =
          "__ampcl_wait_list(__ampcl_c, " + waited_key(call->getArg(1), cx) + ", " + value + "), ";
    }
    cx.wrap(call, "(" + list,
            ", __ampcl_barrier(__ampcl_c, CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, " + u(id) +
                "), __ampcl_wait_end(__ampcl_c))");
  }
};

}  // namespace

std::string event_slot_key(const clang::Expr* lvalue, rewrite_context& cx) {
  const clang::Expr* e = lvalue->IgnoreParenImpCasts();
  if (const auto* el = clang::dyn_cast<clang::ArraySubscriptExpr>(e)) {
    const clang::VarDecl* vd = var_of(el->getBase());
    const std::uint32_t id = vd ? event_var(vd, cx) : 0;
    if (!id || !cx.ast().getAsConstantArrayType(vd->getType())) return "";
    return "(" + u(std::uint64_t{id} << 16) + " + ((uint)(" + cx.text_of(el->getIdx()) +
           ") & 0xFFFFu))";
  }
  const clang::VarDecl* vd = var_of(e);
  return vd ? event_var_key(vd, cx) : "";
}

std::string event_var_key(const clang::VarDecl* vd, rewrite_context& cx) {
  const std::uint32_t id = event_var(vd, cx);
  if (!id || cx.ast().getAsConstantArrayType(vd->getType())) return "";
  return u(std::uint64_t{id} << 16);
}

std::unique_ptr<builtin_call_rule> make_wait_events_rule() {
  return std::make_unique<wait_events_rule>();
}

}  // namespace ampcl::debug::detail
