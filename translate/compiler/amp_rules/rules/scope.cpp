// 2.4.3: restrictions on what a restrict(amp) function's body may contain:
// statements, literals, casts, variables of static storage, pointer arithmetic.
#include <clang/AST/Attr.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/StmtCXX.h>
#include <clang/Lex/Lexer.h>
#include <llvm/ADT/APFloat.h>
#include <llvm/ADT/StringExtras.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <set>

#include "../rule.hpp"

namespace ampcl::translate::amp_rules {

using namespace clang;

namespace {

// Statements and expressions restrict(amp) code cannot contain at all.
struct forbidden_construct {
  Stmt::StmtClass kind;
  const char* sentence;
};

const forbidden_construct forbidden[] = {
    {Stmt::GotoStmtClass,
     "goto is not allowed in restrict(amp) code: use a loop with break or continue"},
    {Stmt::IndirectGotoStmtClass,
     "goto is not allowed in restrict(amp) code: use a loop with break or continue"},
    {Stmt::CXXTryStmtClass,
     "try/catch is not allowed in restrict(amp) code: the accelerator has no exceptions; return "
     "an error value instead"},
    {Stmt::CXXThrowExprClass,
     "throw is not allowed in restrict(amp) code: the accelerator has no exceptions; return an "
     "error value instead"},
    {Stmt::CXXTypeidExprClass,
     "typeid is not allowed in restrict(amp) code: there is no run-time type information on the "
     "accelerator; use the static type"},
    {Stmt::CXXDynamicCastExprClass,
     "dynamic_cast is not allowed in restrict(amp) code: there is no run-time type information "
     "on the accelerator; use static_cast"},
    {Stmt::GCCAsmStmtClass, "inline assembly is not allowed in restrict(amp) code: write C++"},
    {Stmt::MSAsmStmtClass, "inline assembly is not allowed in restrict(amp) code: write C++"},
    {Stmt::LabelStmtClass,
     "a labeled statement is not allowed in restrict(amp) code: there is no goto to jump to it; "
     "remove the label"},
    {Stmt::SEHTryStmtClass,
     "__try is not allowed in restrict(amp) code: the accelerator has no exceptions"},
};

class forbidden_constructs : public rule {
  void check_stmt(const Stmt& s, const FunctionDecl&, amp_context& cx) const override {
    for (const forbidden_construct& f : forbidden)
      if (s.getStmtClass() == f.kind) cx.report(s.getBeginLoc(), f.sentence);
  }
};

class string_literal : public node_rule<StringLiteral> {
  void check(const StringLiteral& s, const FunctionDecl&, amp_context& cx) const override {
    cx.report(s.getBeginLoc(),
              "a string literal is not allowed in restrict(amp) code: the accelerator has no "
              "character data; use numbers");
  }
};

// Integers and pointers do not convert into each other: a restrict(amp) pointer
// is not an address the code may compute.
class integer_pointer_cast : public node_rule<CastExpr> {
  void check(const CastExpr& c, const FunctionDecl&, amp_context& cx) const override {
    const QualType from = c.getSubExpr()->getType(), to = c.getType();
    bool bad = c.getCastKind() == CK_IntegralToPointer || c.getCastKind() == CK_PointerToIntegral;
    if (c.getCastKind() == CK_LValueBitCast)  // (int*&)i, (int&)p: a reinterpretation
      bad = from->isPointerType() != to->isPointerType();
    if (!bad) return;
    cx.report(c.getBeginLoc(), "a cast from " + cx.quoted(from) + " to " + cx.quoted(to) +
                                   " is not allowed in restrict(amp) code: integers and pointers "
                                   "do not convert into each other; index an array instead");
  }
};

bool is_tile_static(const VarDecl* v) { return v->hasAttr<CUDASharedAttr>(); }

bool declared_in_amp_code(const VarDecl* v, const amp_context& cx) {
  const auto* fn = dyn_cast_or_null<FunctionDecl>(v->getParentFunctionOrMethod());
  return fn && cx.amp_side(fn);
}

std::string describe_static(const VarDecl* v) {
  if (v->isStaticDataMember()) return "static data member " + amp_context::quoted(v);
  if (v->isStaticLocal()) return "static local variable " + amp_context::quoted(v);
  return "global variable " + amp_context::quoted(v);
}

// Host variables do not exist on the accelerator. Constants may be used (their
// values are known; ampcl copies them into the kernel), not their addresses.
class static_storage_variable : public node_rule<DeclRefExpr> {
  void check(const DeclRefExpr& e, const FunctionDecl&, amp_context& cx) const override {
    const auto* v = dyn_cast<VarDecl>(e.getDecl());
    if (!v || !v->hasGlobalStorage() || is_tile_static(v) || e.isNonOdrUse() != NOUR_None) return;
    const QualType t = v->getType();
    if (t.isConstQualified() && !t.isVolatileQualified()) return;
    // HCC's leniency made it a constant of the kernel's program (hcc_leniencies.cpp).
    if (v->hasAttr<CUDAConstantAttr>()) return;
    if (v->isStaticLocal() && declared_in_amp_code(v, cx)) return;  // reported where declared
    cx.report(e.getLocation(), describe_static(v) +
                                   " is not allowed in restrict(amp) code: host variables do not "
                                   "exist on the accelerator; pass the value in (a parameter or a "
                                   "lambda capture)");
  }
};

class address_of_constant : public node_rule<UnaryOperator> {
  void check(const UnaryOperator& u, const FunctionDecl&, amp_context& cx) const override {
    if (u.getOpcode() != UO_AddrOf) return;
    const auto* e = dyn_cast<DeclRefExpr>(u.getSubExpr()->IgnoreParens());
    const auto* v = e ? dyn_cast<VarDecl>(e->getDecl()) : nullptr;
    if (!v || !v->hasGlobalStorage() || is_tile_static(v) || !v->getType().isConstQualified())
      return;
    if (v->isStaticLocal() && declared_in_amp_code(v, cx)) return;
    cx.report(u.getBeginLoc(), "the address of " + describe_static(v) +
                                   " is not allowed in restrict(amp) code: host variables do not "
                                   "exist on the accelerator; copy the value into a local");
  }
};

// Pointer arithmetic needs elements of whole 4-byte words (bool is one byte).
bool narrow_pointee(QualType pointer, amp_context& cx) {
  const auto* p = pointer.getCanonicalType()->getAs<PointerType>();
  if (!p) return false;
  const QualType pointee = p->getPointeeType();
  if (pointee->isIncompleteType() || pointee->isDependentType() || pointee->isFunctionType())
    return false;
  return cx.ctx.getTypeSizeInChars(pointee).getQuantity() % 4 != 0;
}

void report_narrow_arithmetic(SourceLocation at, QualType pointer, amp_context& cx) {
  const QualType pointee = pointer.getCanonicalType()->getPointeeType();
  cx.report(at, "pointer arithmetic on " + cx.quoted(pointer) +
                    " is not allowed in restrict(amp) code: " + cx.quoted(pointee) + " is " +
                    std::to_string(cx.ctx.getTypeSizeInChars(pointee).getQuantity()) +
                    " byte(s) and the accelerator addresses 4-byte words; use an int array");
}

class narrow_pointer_arithmetic : public rule {
  void check_stmt(const Stmt& s, const FunctionDecl&, amp_context& cx) const override {
    if (const auto* b = dyn_cast<BinaryOperator>(&s)) {
      switch (b->getOpcode()) {
        case BO_Add:
        case BO_Sub:
        case BO_AddAssign:
        case BO_SubAssign:
          for (const Expr* side : {b->getLHS(), b->getRHS()})
            if (narrow_pointee(side->getType(), cx))
              return report_narrow_arithmetic(b->getOperatorLoc(), side->getType(), cx);
          break;
        default:
          break;
      }
    } else if (const auto* u = dyn_cast<UnaryOperator>(&s)) {
      if (u->isIncrementDecrementOp() && narrow_pointee(u->getSubExpr()->getType(), cx))
        report_narrow_arithmetic(u->getOperatorLoc(), u->getSubExpr()->getType(), cx);
    } else if (const auto* a = dyn_cast<ArraySubscriptExpr>(&s)) {
      const Expr* base = a->getBase()->IgnoreParens();
      const auto* decay = dyn_cast<ImplicitCastExpr>(base);
      if (decay && decay->getCastKind() == CK_ArrayToPointerDecay) return;  // an array's own
      if (narrow_pointee(base->getType(), cx))
        report_narrow_arithmetic(a->getBeginLoc(), base->getType(), cx);
    }
  }
};

// A literal too large for 32 bits takes a 64-bit type: `long` (64-bit on Linux, in
// kernels too: OpenCL's long) is fine, `long long` is not a restrict(amp) type
// (C++ AMP 2.4.1.2, MSVC's C3581), which the literal may have from its suffix or
// from a value beyond `long`.
class integer_literal_range : public node_rule<IntegerLiteral> {
  void check(const IntegerLiteral& i, const FunctionDecl&, amp_context& cx) const override {
    const auto* type = i.getType()->getAs<BuiltinType>();
    if (!type ||
        (type->getKind() != BuiltinType::LongLong && type->getKind() != BuiltinType::ULongLong))
      return;
    cx.report(i.getLocation(),
              "the integer literal " + llvm::toString(i.getValue(), 10, false) + " has type '" +
                  i.getType().getAsString() +
                  "', which restrict(amp) code cannot use: drop the LL suffix (long is 64-bit "
                  "here, in kernels too) or use a smaller constant");
  }
};

// A floating literal beyond its type's largest finite value, as C++ AMP's
// compiler reads it: the literal is rounded to double first (one that rounds to
// infinity is too large for any type); a float literal must then be no larger
// than FLT_MAX. 1.7976931348623158e+308 rounds to DBL_MAX and is fine;
// 3.402823467e+38f is above FLT_MAX and is not (rounded to float it would be).
class floating_literal_range : public node_rule<FloatingLiteral> {
  void check(const FloatingLiteral& f, const FunctionDecl&, amp_context& cx) const override {
    const SourceLocation at = cx.sm.getSpellingLoc(f.getLocation());
    std::string text = Lexer::getSourceText(CharSourceRange::getTokenRange(at), cx.sm,
                                            cx.ctx.getLangOpts())
                           .str();
    text.erase(std::remove(text.begin(), text.end(), '\''), text.end());
    while (!text.empty() && std::strchr("fFlL", text.back())) text.pop_back();
    if (text.empty()) return;
    llvm::APFloat value(llvm::APFloat::IEEEdouble());
    auto parsed = value.convertFromString(text, llvm::APFloat::rmNearestTiesToEven);
    if (!parsed) {
      llvm::consumeError(parsed.takeError());
      return;
    }
    bool too_large = value.isInfinity();
    if (!too_large && &f.getSemantics() != &llvm::APFloat::IEEEdouble() &&
        llvm::APFloat::semanticsMaxExponent(f.getSemantics()) <
            llvm::APFloat::semanticsMaxExponent(llvm::APFloat::IEEEdouble())) {
      llvm::APFloat largest = llvm::APFloat::getLargest(f.getSemantics());
      bool lost = false;
      largest.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven, &lost);
      value.clearSign();
      too_large = value.compare(largest) == llvm::APFloat::cmpGreaterThan;
    }
    if (!too_large) return;
    cx.report(f.getLocation(), "the floating literal " + text + " is out of range for " +
                                   cx.quoted(f.getType()) +
                                   ": it is larger than the largest finite value; use a smaller "
                                   "constant");
  }
};

// Recursion: restrict(amp) functions are inlined into their kernels, so none may
// call itself, directly or through other restrict(amp) functions. The calls of
// every amp body make a graph; a call is reported when its callee leads back to
// its caller. (Instantiations of one template are different functions:
// recurse<N> calling recurse<N - 1> is not recursion.)
class recursion : public rule {
 public:
  void check_stmt(const Stmt& s, const FunctionDecl& in, amp_context&) const override {
    const FunctionDecl* callee = nullptr;
    if (const auto* call = dyn_cast<CallExpr>(&s))
      callee = call->getDirectCallee();
    else if (const auto* construct = dyn_cast<CXXConstructExpr>(&s))
      callee = construct->getConstructor();
    if (!callee) return;
    const FunctionDecl* caller = in.getCanonicalDecl();
    callee = callee->getCanonicalDecl();
    calls_.push_back({caller, callee, s.getBeginLoc()});
    callees_[caller].insert(callee);
  }
  void finish(amp_context& cx) const override {
    for (const call& c : calls_) {
      std::vector<const FunctionDecl*> path;
      if (!leads_to(c.callee, c.caller, path)) continue;
      std::string through;
      for (std::size_t k = 0; k + 1 < path.size(); ++k)
        through += (k ? ", " : " (through ") + amp_context::quoted(path[k]);
      if (!through.empty()) through += ")";
      cx.report(c.at, amp_context::quoted(c.caller) + " calls itself" + through +
                          ": recursion is not allowed in restrict(amp) code; use a loop");
    }
  }

 private:
  struct call {
    const FunctionDecl* caller;
    const FunctionDecl* callee;
    SourceLocation at;
  };
  // Whether `from` reaches `to` through the calls; `path` the functions on the way.
  bool leads_to(const FunctionDecl* from, const FunctionDecl* to,
                std::vector<const FunctionDecl*>& path) const {
    std::map<const FunctionDecl*, const FunctionDecl*> came_from{{from, nullptr}};
    std::vector<const FunctionDecl*> todo{from};
    for (std::size_t k = 0; k < todo.size(); ++k) {
      const FunctionDecl* fn = todo[k];
      if (fn == to) {
        for (; fn; fn = came_from[fn]) path.insert(path.begin(), fn);
        return true;
      }
      const auto next = callees_.find(fn);
      if (next == callees_.end()) continue;
      for (const FunctionDecl* n : next->second)
        if (came_from.emplace(n, fn).second) todo.push_back(n);
    }
    return false;
  }
  mutable std::vector<call> calls_;
  mutable std::map<const FunctionDecl*, std::set<const FunctionDecl*>> callees_;
};

}  // namespace

void add_scope_rules(rule_list& rules) {
  rules.push_back(std::make_unique<forbidden_constructs>());
  rules.push_back(std::make_unique<string_literal>());
  rules.push_back(std::make_unique<integer_pointer_cast>());
  rules.push_back(std::make_unique<static_storage_variable>());
  rules.push_back(std::make_unique<address_of_constant>());
  rules.push_back(std::make_unique<narrow_pointer_arithmetic>());
  rules.push_back(std::make_unique<integer_literal_range>());
  rules.push_back(std::make_unique<floating_literal_range>());
  rules.push_back(std::make_unique<recursion>());
}

}  // namespace ampcl::translate::amp_rules
