// Expressions, one rule per construct. Every C++ glvalue is written as a C
// lvalue (a reference variable `r` becomes `(*r)`), every reference binding as
// an address, every temporary a reference binds to as a function-scope slot:
// `(tmp = value, &tmp)`. Constants Clang can evaluate are written as values.
#include <clang/AST/Attr.h>
#include <clang/AST/RecordLayout.h>
#include <clang/AST/StmtVisitor.h>
#include <clang/Basic/SourceManager.h>

#include <cmath>
#include <cstdio>

#include "lower.hpp"

namespace ampcl::translate {

using namespace clang;

namespace {

std::string integer(const llvm::APSInt& v, QualType t) {
  std::string s = v.isSigned() ? std::to_string(v.getExtValue()) : std::to_string(v.getZExtValue());
  const auto* b = t->getAs<BuiltinType>();
  if (!b) return s;
  if (b->isUnsignedInteger()) s += "u";
  if (b->getKind() == BuiltinType::Long || b->getKind() == BuiltinType::LongLong ||
      b->getKind() == BuiltinType::ULong || b->getKind() == BuiltinType::ULongLong)
    s += "l";
  // INT_MIN and LONG_MIN have no literal of their own.
  if (v.isSigned() && v.isMinSignedValue())
    return "(" + std::to_string(v.getExtValue() + 1) + (s.back() == 'l' ? "l" : "") + " - 1)";
  return s;
}

std::string floating(const llvm::APFloat& f, bool single) {
  const double d = single ? static_cast<double>(f.convertToFloat()) : f.convertToDouble();
  if (std::isnan(d)) return single ? "NAN" : "(double)NAN";
  if (std::isinf(d))
    return std::string(d < 0 ? "-" : "") + (single ? "INFINITY" : "(double)INFINITY");
  char buf[64];
  std::snprintf(buf, sizeof buf, single ? "%.9g" : "%.17g", d);
  std::string s = buf;
  if (s.find_first_of(".en") == std::string::npos) s += ".0";
  return s + (single ? "f" : "");
}

const Expr* skip_elidable(const Expr* e) {
  for (;;) {
    e = e->IgnoreParens();
    if (const auto* ce = dyn_cast<CXXConstructExpr>(e);
        ce && ce->isElidable() && ce->getNumArgs() == 1) {
      e = ce->getArg(0);
      if (const auto* mt = dyn_cast<MaterializeTemporaryExpr>(e)) e = mt->getSubExpr();
      continue;
    }
    if (const auto* bt = dyn_cast<CXXBindTemporaryExpr>(e)) {
      e = bt->getSubExpr();
      continue;
    }
    return e;
  }
}

}  // namespace

std::string lowering::constant_value(const APValue& v, QualType t) {
  t = t.getCanonicalType();
  switch (v.getKind()) {
    case APValue::Int:
      if (t->isBooleanType()) return v.getInt().getBoolValue() ? "true" : "false";
      return integer(v.getInt(), t);
    case APValue::Float: {
      const bool single = t->isSpecificBuiltinType(BuiltinType::Float);
      return floating(v.getFloat(), single);
    }
    case APValue::Array: {
      const auto* a = dyn_cast<ConstantArrayType>(t.getTypePtr());
      if (!a) return "{0}";
      std::string s = "{";
      const unsigned n = static_cast<unsigned>(a->getSize().getZExtValue());
      for (unsigned i = 0; i < n; ++i) {
        const APValue& e =
            i < v.getArrayInitializedElts() ? v.getArrayInitializedElt(i) : v.getArrayFiller();
        s += (i ? ", " : "") + constant_value(e, a->getElementType());
      }
      return s + "}";
    }
    case APValue::Struct: {
      const RecordDecl* rd = t->getAsRecordDecl();
      std::string s = "{";
      bool first = true;
      if (const auto* cxx = dyn_cast<CXXRecordDecl>(rd)) {
        unsigned b = 0;
        for (const CXXBaseSpecifier& base : cxx->bases()) {
          if (!base.getType()->getAsCXXRecordDecl()->isEmpty()) {
            s += (first ? "" : ", ") + constant_value(v.getStructBase(b), base.getType());
            first = false;
          }
          ++b;
        }
      }
      for (const FieldDecl* f : rd->fields()) {
        s += (first ? "" : ", ") +
             constant_value(v.getStructField(f->getFieldIndex()), f->getType());
        first = false;
      }
      if (first) s += "0";
      return s + "}";
    }
    default:
      return "0";
  }
}

std::string lowering::global_constant(const VarDecl* v, SourceLocation use) {
  if (auto it = constants.find(v); it != constants.end()) return it->second;
  const APValue* value = nullptr;
  // const, or read as a constant by HCC's leniency (hcc_leniencies.cpp).
  if ((v->getType().isConstQualified() || v->hasAttr<CUDAConstantAttr>()) && v->getInit() &&
      !v->getType()->isReferenceType())
    value = v->evaluateValue();
  if (!value) {
    error(use, "'" + v->getNameAsString() +
                   "' is a global or static variable: restrict(amp) code can only read constants "
                   "(a const variable with a constant initializer); pass other data in an "
                   "array_view");
    return constants[v] = "0";
  }
  const std::string name = fresh(v->getName().str());
  constant_decls.push_back("__constant " + declare(v->getType(), levels(), name) + " = " +
                           constant_value(*value, v->getType()) + ";\n");
  return constants[v] = name;
}

std::string lowering::temp(clone& c, QualType t, const levels& lv) {
  const std::string name = local_name(c, "tmp");
  // Zeroed: a temporary of a class with nothing to construct is still read whole.
  const bool aggregate = t->isRecordType() || t->isArrayType();
  c.temps.push_back(declare(t, holds_views(t) ? lv : levels(), name) +
                    (aggregate ? " = {0};" : " = 0;"));
  return name;
}

std::string lowering::address(clone& c, const Expr* e) {
  e = e->IgnoreParens();
  if (const auto* mt = dyn_cast<MaterializeTemporaryExpr>(e)) {
    const Expr* sub = skip_elidable(mt->getSubExpr());
    if (const auto* ce = dyn_cast<CXXConstructExpr>(sub);
        ce && !ce->getConstructor()->isTrivial()) {
      const std::string t = temp(c, mt->getType(), eval(c, ce));
      return "(" + construct(c, ce, t) + ", &" + t + ")";
    }
    const std::string t = temp(c, mt->getType(), eval(c, mt->getSubExpr()));
    return "(" + t + " = " + expr(c, mt->getSubExpr()) + ", &" + t + ")";
  }
  if (const auto* fe = dyn_cast<FullExpr>(e)) return address(c, fe->getSubExpr());
  if (const auto* ice = dyn_cast<ImplicitCastExpr>(e); ice && ice->getCastKind() == CK_NoOp)
    return address(c, ice->getSubExpr());
  // `&(*p)` is p.
  if (const auto* uo = dyn_cast<UnaryOperator>(e); uo && uo->getOpcode() == UO_Deref)
    return expr(c, uo->getSubExpr());
  if (const auto* bo = dyn_cast<BinaryOperator>(e); bo && bo->isAssignmentOp()) {
    // An assignment's result as an lvalue: keep the target's address in a slot.
    const std::string p = local_name(c, "ptmp");
    c.temps.push_back(declare(ctx.getPointerType(bo->getType()), eval(c, bo->getLHS()), p) + ";");
    return "(" + p + " = " + address(c, bo->getLHS()) + ", *" + p + " " + bo->getOpcodeStr().str() +
           " " + expr(c, bo->getRHS()) + ", " + p + ")";
  }
  // C++ lvalues that are values in C: a comma's right operand, a prefix increment's
  // target (kept in a slot, as for an assignment).
  if (const auto* bo = dyn_cast<BinaryOperator>(e); bo && bo->getOpcode() == BO_Comma)
    return "(" + expr(c, bo->getLHS()) + ", " + address(c, bo->getRHS()) + ")";
  if (const auto* uo = dyn_cast<UnaryOperator>(e);
      uo && uo->isPrefix() && uo->isIncrementDecrementOp()) {
    const std::string p = local_name(c, "ptmp");
    c.temps.push_back(declare(ctx.getPointerType(uo->getType()), eval(c, uo->getSubExpr()), p) +
                      ";");
    return "(" + p + " = " + address(c, uo->getSubExpr()) + ", " +
           (uo->isIncrementOp() ? "++" : "--") + "*" + p + ", " + p + ")";
  }
  std::string l = expr(c, e);
  if (l.size() > 3 && l.rfind("(*", 0) == 0 && l.back() == ')')
    return "(" + l.substr(2, l.size() - 3) + ")";
  return "&" + l;
}

std::string lowering::discarded(clone& c, const Expr* e) {
  value_unused = isa<ExprWithCleanups>(e);
  std::string text = expr(c, e);
  value_unused = false;
  return text;
}

std::string lowering::lvalue(clone& c, const Expr* e) {
  // What C++ calls an lvalue and C a value (`--(--p)`, `(a = b) += c`, `(x, y) = z`)
  // is modified through its address.
  const Expr* inner = e->IgnoreParens();
  const auto* bo = dyn_cast<BinaryOperator>(inner);
  const auto* uo = dyn_cast<UnaryOperator>(inner);
  if (e->isGLValue() && ((bo && (bo->isAssignmentOp() || bo->getOpcode() == BO_Comma)) ||
                         (uo && uo->isPrefix() && uo->isIncrementDecrementOp())))
    return "(*" + address(c, inner) + ")";
  return expr(c, e);
}

std::string lowering::rvalue_as(clone& c, const Expr* e, QualType) {
  return expr(c, e);
}

// The value of `e` where only its value is used. A conditional whose operands are
// lvalues is itself one, written `*(cond ? &a : &b)`; read for its value it is
// `cond ? a : b`, which stays valid C when a and b live in different address spaces
// (a tile_static element and a local: Bolt's min_element).
std::string lowering::value_of(clone& c, const Expr* e) {
  const Expr* inner = e->IgnoreParens();
  while (const auto* ic = dyn_cast<ImplicitCastExpr>(inner)) {  // to const T&
    if (ic->getCastKind() != CK_NoOp) break;
    inner = ic->getSubExpr()->IgnoreParens();
  }
  const auto* co = dyn_cast<ConditionalOperator>(inner);
  if (!co || !co->isGLValue()) return expr(c, e);
  return "(" + expr(c, co->getCond()) + " ? " + value_of(c, co->getTrueExpr()) + " : " +
         value_of(c, co->getFalseExpr()) + ")";
}

// The constructor's call on `element`, an lvalue of the constructed type (a
// variable, or one element of an array the caller loops over).
std::string lowering::construct_element(clone& c, const CXXConstructExpr* ce,
                                        const std::string& element, const levels& where) {
  const CXXConstructorDecl* ctor = ce->getConstructor();
  std::vector<const Expr*> args(ce->arg_begin(), ce->arg_end());
  levels key = call_key(c, ctor, nullptr, false, args);
  if (holds_views(ce->getType()))
    for (std::size_t i = 0; i < where.size() && i < key.size() && i < 2; ++i)
      if (where[i] != space::none && where[i] != space::conflict) key[i] = where[i];
  null_pointers_follow_views(key, ctor, args);
  clone& callee = request(ctor, key);
  if (!emitting.count(&callee) &&
      std::find(emitted.begin(), emitted.end(), &callee) == emitted.end())
    emit_function(callee);
  std::string text = callee.name + "(&" + element;
  for (unsigned i = 0; i < ctor->getNumParams() && i < args.size(); ++i) {
    const QualType p = ctor->getParamDecl(i)->getType();
    text += ", " + (p->isReferenceType() ? address(c, args[i]) : expr(c, args[i]));
  }
  for (const VarDecl* v : callee.tile_statics) text += ", ts_" + tile_static_name(v);
  c.tile_statics.insert(callee.tile_statics.begin(), callee.tile_statics.end());
  if (!image_slots.empty()) text += ", " + image_args_mark();
  return text + ")";
}

std::string lowering::construct(clone& c, const CXXConstructExpr* ce, const std::string& target,
                                const levels& where) {
  const CXXConstructorDecl* ctor = ce->getConstructor();
  std::vector<const Expr*> args(ce->arg_begin(), ce->arg_end());
  // The object's levels past where it is: its views' memory.
  const levels lv =
      target.empty() || where.size() < 2 ? eval(c, ce) : levels(where.begin() + 1, where.end());
  if (isa<ConstantArrayType>(ce->getType().getCanonicalType().getTypePtr())) {
    // Trivially constructed elements: nothing to run (declarations with a real
    // constructor take emit_stmt's loop over construct_element).
    if (ctor->isTrivial() && !ce->requiresZeroInitialization())
      return target.empty() ? temp(c, ce->getType()) : target;
    error(ce->getBeginLoc(),
          "arrays of objects with constructors are not supported in restrict(amp) code yet");
    return target;
  }
  if (ctor->isTrivial() || (ctor->isDefaulted() && ctor->getParent()->isTriviallyCopyable() &&
                            (ctor->isCopyOrMoveConstructor()))) {
    if (ctor->isCopyOrMoveConstructor() && !args.empty()) {
      const std::string v = value_of(c, args[0]);
      return target.empty() ? v : target + " = " + v;
    }
    if (ce->requiresZeroInitialization()) {
      const std::string z = "(" + type(ce->getType(), lv) + "){0}";
      return target.empty() ? "(" + z + ")" : target + " = " + z;
    }
    return target.empty() ? temp(c, ce->getType(), lv) : target;
  }
  // A real constructor: fill `target` in place.
  std::string t = target.empty() ? temp(c, ce->getType(), lv) : target;
  std::string text;
  if (ce->requiresZeroInitialization()) text = t + " = (" + type(ce->getType(), lv) + "){0}, ";
  text += construct_element(c, ce, t, where);
  if (target.empty()) return "(" + text + ", " + t + ")";
  return text;
}

std::string lowering::call(clone& c, const FunctionDecl* fn, const Expr* object,
                           bool object_is_pointer, llvm::ArrayRef<const Expr*> args,
                           const Expr* site) {
  note_image_access(c, fn, object);
  std::string pattern;
  if (builtin_pattern(fn, pattern)) return expand_builtin(c, pattern, args, fn);
  const auto* md = dyn_cast<CXXMethodDecl>(fn);
  // Trivial assignments are C assignments.
  if (md && md->isTrivial() && (md->isCopyAssignmentOperator() || md->isMoveAssignmentOperator()) &&
      object && !args.empty()) {
    const std::string lhs = object_is_pointer ? "(*" + expr(c, object) + ")" : expr(c, object);
    return "(" + lhs + " = " + value_of(c, args[0]) + ")";
  }
  if (!is_device_function(fn)) {
    error(site->getBeginLoc(), "'" + fn->getQualifiedNameAsString() +
                                   "' is not restrict(amp): a kernel can only call restrict(amp) "
                                   "functions");
    return "0";
  }
  if (md && md->isVirtual()) {
    error(site->getBeginLoc(), "virtual call to '" + fn->getQualifiedNameAsString() +
                                   "': restrict(amp) code cannot call virtual functions");
    return "0";
  }
  if (fn->isVariadic()) {
    error(site->getBeginLoc(), "call to the variadic function '" + fn->getNameAsString() +
                                   "': restrict(amp) code cannot call variadic functions");
    return "0";
  }
  levels key = call_key(c, fn, object, object_is_pointer, args);
  clone& callee = request(fn, key);
  if (!emitting.count(&callee) &&
      std::find(emitted.begin(), emitted.end(), &callee) == emitted.end())
    emit_function(callee);
  std::string text = callee.name + "(";
  bool first = true;
  auto add = [&](const std::string& a) {
    text += (first ? "" : ", ") + a;
    first = false;
  };
  if (md && !md->isStatic()) {
    if (!object)
      add("this_");
    else if (object_is_pointer)
      add(expr(c, object));
    else
      add(address(c, object));
  }
  for (unsigned i = 0; i < fn->getNumParams(); ++i) {
    if (i >= args.size()) break;
    const QualType p = fn->getParamDecl(i)->getType();
    add(p->isReferenceType() ? address(c, args[i]) : expr(c, args[i]));
  }
  for (const VarDecl* v : callee.tile_statics) add("ts_" + tile_static_name(v));
  c.tile_statics.insert(callee.tile_statics.begin(), callee.tile_statics.end());
  if (!image_slots.empty()) add(image_args_mark());
  text += ")";
  if (returns_copy(callee)) {
    const std::string slot = temp(c, fn->getReturnType().getNonReferenceType().getUnqualifiedType());
    return "(*(" + slot + " = " + text + ", &" + slot + "))";
  }
  if (fn->getReturnType()->isReferenceType()) return "(*" + text + ")";
  return text;
}

// One rule per construct: Clang's visitor picks the most derived class's Visit
// (a CXXMemberCallExpr's before a CallExpr's, every cast's VisitCastExpr), and a
// construct with no rule reaches VisitExpr, which says it is not supported.
class expression_rules : public ConstStmtVisitor<expression_rules, std::string> {
 public:
  expression_rules(lowering& l, clone& c) : l_(l), c_(c), ctx_(l.ctx) {}

  std::string VisitParenExpr(const ParenExpr* p) { return "(" + sub(p->getSubExpr()) + ")"; }

  // ---- literals ----
  std::string VisitIntegerLiteral(const IntegerLiteral* il) {
    return integer(llvm::APSInt(il->getValue(), !il->getType()->isSignedIntegerType()),
                   il->getType().getCanonicalType());
  }
  std::string VisitFloatingLiteral(const FloatingLiteral* fl) {
    const bool single = fl->getType()->isSpecificBuiltinType(BuiltinType::Float);
    if (!single) l_.uses_double = true;
    return floating(fl->getValue(), single);
  }
  std::string VisitCXXBoolLiteralExpr(const CXXBoolLiteralExpr* bl) {
    return bl->getValue() ? "true" : "false";
  }
  std::string VisitCharacterLiteral(const CharacterLiteral* cl) {
    return std::to_string(cl->getValue());
  }
  std::string VisitCXXNullPtrLiteralExpr(const CXXNullPtrLiteralExpr*) { return "0"; }
  std::string VisitGNUNullExpr(const GNUNullExpr*) { return "0"; }
  std::string VisitCXXThisExpr(const CXXThisExpr*) { return "this_"; }

  // ---- names ----
  std::string VisitDeclRefExpr(const DeclRefExpr* dre) {
    const ValueDecl* d = dre->getDecl();
    if (const auto* ec = dyn_cast<EnumConstantDecl>(d))
      return integer(ec->getInitVal(), ec->getType());
    const auto* v = dyn_cast<VarDecl>(d);
    if (!v) {
      l_.error(dre->getLocation(), "'" + d->getNameAsString() +
                                       "' used as a value: restrict(amp) code cannot use function "
                                       "pointers");
      return "0";
    }
    if (const FieldDecl* f = l_.capture_field(c_.fn, v)) {
      const std::string m = "this_->" + l_.field_name(f);
      return f->getType()->isReferenceType() ? "(*" + m + ")" : m;
    }
    if (is_tile_static(v)) return "(*ts_" + l_.tile_static_name(v) + ")";
    if (v->hasGlobalStorage()) return l_.global_constant(v, dre->getLocation());
    const std::string n = l_.var_name(c_, v);
    return v->getType()->isReferenceType() ? "(*" + n + ")" : n;
  }
  std::string VisitMemberExpr(const MemberExpr* me) {
    if (const auto* v = dyn_cast<VarDecl>(me->getMemberDecl()))
      return l_.global_constant(v, me->getMemberLoc());
    const auto* f = dyn_cast<FieldDecl>(me->getMemberDecl());
    if (!f) {
      l_.error(me->getMemberLoc(), "a member function used as a value");
      return "0";
    }
    const std::string base = sub(me->getBase());
    const std::string field = l_.field_name(f);
    std::string m = me->isArrow() ? base + "->" + field : base + "." + field;
    // (*p).f reads better as p->f.
    if (!me->isArrow() && base.size() > 3 && base.rfind("(*", 0) == 0 && base.back() == ')')
      m = "(" + base.substr(2, base.size() - 3) + ")->" + field;
    return f->getType()->isReferenceType() ? "(*" + m + ")" : m;
  }
  std::string VisitArraySubscriptExpr(const ArraySubscriptExpr* ase) {
    return sub(ase->getBase()) + "[" + sub(ase->getIdx()) + "]";
  }

  // ---- operators ----
  std::string VisitUnaryOperator(const UnaryOperator* uo) {
    const std::string operand =
        uo->isIncrementDecrementOp() ? l_.lvalue(c_, uo->getSubExpr()) : sub(uo->getSubExpr());
    switch (uo->getOpcode()) {
      case UO_Deref:
        return "(*" + operand + ")";
      case UO_AddrOf:
        return l_.address(c_, uo->getSubExpr());
      case UO_PostInc:
        return "(" + operand + "++)";
      case UO_PostDec:
        return "(" + operand + "--)";
      case UO_PreInc:
        return "(++" + operand + ")";
      case UO_PreDec:
        return "(--" + operand + ")";
      case UO_Plus:
        return "(+" + operand + ")";
      case UO_Minus:
        return "(-" + operand + ")";
      case UO_Not:
        return "(~" + operand + ")";
      case UO_LNot:
        return "(!" + operand + ")";
      case UO_Extension:
        return operand;
      default:
        l_.error(uo->getOperatorLoc(), "this unary operator has no OpenCL C counterpart");
        return operand;
    }
  }
  // Every binary operator, compound assignments included.
  std::string VisitBinaryOperator(const BinaryOperator* bo) {
    if (bo->isPtrMemOp()) {
      l_.error(bo->getOperatorLoc(), "pointers to members are not supported in restrict(amp) code");
      return "0";
    }
    return "(" + (bo->isAssignmentOp() ? l_.lvalue(c_, bo->getLHS()) : sub(bo->getLHS())) + " " +
           bo->getOpcodeStr().str() + " " + sub(bo->getRHS()) + ")";
  }
  std::string VisitConditionalOperator(const ConditionalOperator* co) {
    const std::string cond = sub(co->getCond());
    if (co->isGLValue())
      return "(*(" + cond + " ? " + l_.address(c_, co->getTrueExpr()) + " : " +
             l_.address(c_, co->getFalseExpr()) + "))";
    return "(" + cond + " ? " + sub(co->getTrueExpr()) + " : " + sub(co->getFalseExpr()) + ")";
  }

  // ---- conversions: implicit and explicit casts alike ----
  std::string VisitCastExpr(const CastExpr* ce) {
    const Expr* from = ce->getSubExpr();
    switch (ce->getCastKind()) {
      case CK_LValueToRValue:
        return l_.value_of(c_, from);
      case CK_NoOp:
      case CK_ArrayToPointerDecay:
      case CK_UserDefinedConversion:
      case CK_ConstructorConversion:
      case CK_AtomicToNonAtomic:
      case CK_NonAtomicToAtomic:
        return sub(from);
      case CK_ToVoid:
        return "((void)" + sub(from) + ")";
      case CK_NullToPointer:
        return "0";
      case CK_DerivedToBase:
      case CK_UncheckedDerivedToBase:
        return derived_to_base(ce);
      case CK_BaseToDerived:
        return base_to_derived(ce);
      case CK_IntegralCast:
      case CK_IntegralToFloating:
      case CK_FloatingToIntegral:
      case CK_FloatingCast:
      case CK_IntegralToBoolean:
      case CK_FloatingToBoolean:
      case CK_PointerToBoolean:
      case CK_BooleanToSignedIntegral:
      case CK_IntegralToPointer:
      case CK_PointerToIntegral:
      case CK_BitCast:
      case CK_AddressSpaceConversion: {
        if (ce->getType()->isVoidType()) return "((void)" + sub(from) + ")";
        const levels lv = l_.eval(c_, ce);
        return "((" + l_.declare(ce->getType(), lv, "") + ")" + sub(from) + ")";
      }
      case CK_LValueBitCast: {
        const levels lv = l_.eval(c_, ce);
        return "(*(" + l_.declare(ctx_.getPointerType(ce->getType()), lv, "") + ")" +
               l_.address(c_, from) + ")";
      }
      default:
        l_.error(ce->getBeginLoc(), std::string("the conversion '") + ce->getCastKindName() +
                                        "' has no OpenCL C counterpart");
        return sub(from);
    }
  }

  // ---- calls and construction ----
  std::string VisitCXXMemberCallExpr(const CXXMemberCallExpr* mc) {
    const auto* callee_expr = dyn_cast<MemberExpr>(mc->getCallee()->IgnoreParens());
    const Expr* object = mc->getImplicitObjectArgument();
    const bool arrow = callee_expr && callee_expr->isArrow();
    // `this` itself, not through a cast to a base class.
    const bool implicit_this = object && isa<CXXThisExpr>(object->IgnoreParens()) &&
                               cast<CXXThisExpr>(object->IgnoreParens())->isImplicit();
    std::vector<const Expr*> args(mc->arg_begin(), mc->arg_end());
    if (!mc->getMethodDecl()) {
      l_.error(mc->getBeginLoc(), "call through a pointer to member function");
      return "0";
    }
    return l_.call(c_, mc->getMethodDecl(), implicit_this ? nullptr : object, arrow, args, mc);
  }
  std::string VisitCXXOperatorCallExpr(const CXXOperatorCallExpr* oc) {
    const FunctionDecl* fn = oc->getDirectCallee();
    std::vector<const Expr*> args(oc->arg_begin(), oc->arg_end());
    if (!fn) {
      l_.error(oc->getBeginLoc(), "an operator call without a known function");
      return "0";
    }
    if (const auto* md = dyn_cast<CXXMethodDecl>(fn); md && !md->isStatic()) {
      const Expr* object = args.front();
      args.erase(args.begin());
      return l_.call(c_, fn, object, false, args, oc);
    }
    return l_.call(c_, fn, nullptr, false, args, oc);
  }
  std::string VisitCallExpr(const CallExpr* call_expr) {
    const FunctionDecl* fn = call_expr->getDirectCallee();
    // `i.~I()` on a scalar (a pseudo-destructor call) ends its lifetime and does
    // nothing else; only its object expression is evaluated.
    if (const auto* pd = dyn_cast<CXXPseudoDestructorExpr>(call_expr->getCallee()->IgnoreParens()))
      return "((void)" + sub(pd->getBase()) + ")";
    if (!fn) {
      l_.error(call_expr->getBeginLoc(),
               "an indirect call (through a function pointer): "
               "restrict(amp) code cannot use function pointers");
      return "0";
    }
    std::vector<const Expr*> args(call_expr->arg_begin(), call_expr->arg_end());
    return l_.call(c_, fn, nullptr, false, args, call_expr);
  }
  std::string VisitCXXConstructExpr(const CXXConstructExpr* ce) {
    const Expr* inner = skip_elidable(ce);
    if (inner != ce) return sub(inner);
    return l_.construct(c_, ce, "");
  }
  std::string VisitLambdaExpr(const LambdaExpr* le) {
    const CXXRecordDecl* closure = le->getLambdaClass();
    const std::string t = l_.temp(c_, ctx_.getRecordType(closure), l_.eval(c_, le));
    std::string text = "(";
    auto field = closure->field_begin();
    for (const Expr* init : le->capture_inits()) {
      if (field == closure->field_end()) break;
      if (init) {
        if (field->getType()->isReferenceType())
          text += t + "." + l_.field_name(*field) + " = " + l_.address(c_, init) + ", ";
        else
          text += t + "." + l_.field_name(*field) + " = " + sub(init) + ", ";
      }
      ++field;
    }
    return text + t + ")";
  }

  // ---- temporaries and full expressions ----
  std::string VisitMaterializeTemporaryExpr(const MaterializeTemporaryExpr* mt) {
    if (mt->isGLValue()) return "(*" + l_.address(c_, mt) + ")";
    return sub(mt->getSubExpr());
  }
  // ConstantExpr and ExprWithCleanups.
  std::string VisitFullExpr(const FullExpr* fe) {
    if (!isa<ExprWithCleanups>(fe)) return sub(fe->getSubExpr());
    // The temporaries the full expression made are destroyed at its end.
    const bool unused = l_.value_unused;
    l_.value_unused = false;
    std::vector<std::string> outer;
    outer.swap(c_.cleanups);
    const std::string text = sub(fe->getSubExpr());
    std::vector<std::string> mine;
    mine.swap(c_.cleanups);
    c_.cleanups.swap(outer);
    if (mine.empty()) return text;
    std::string after;
    for (auto it = mine.rbegin(); it != mine.rend(); ++it) after += ", " + *it;
    const QualType t = fe->getType();
    if (t->isVoidType() || unused) return "(" + text + after + ")";
    if (fe->isGLValue() || (lowering::depth(t) != 0 && !lowering::holds_views(t)))
      return text;  // (not yet: left undestroyed)
    const std::string r = l_.temp(c_, t, l_.eval(c_, fe));
    return "(" + r + " = " + text + after + ", " + r + ")";
  }
  std::string VisitCXXBindTemporaryExpr(const CXXBindTemporaryExpr* bt) {
    const CXXRecordDecl* rd = bt->getType()->getAsCXXRecordDecl();
    if (!l_.destructor_matters(rd)) return sub(bt->getSubExpr());
    // A temporary of its own, destroyed where its full expression ends.
    const levels lv = l_.eval(c_, bt->getSubExpr());
    const std::string t = l_.temp(c_, bt->getType(), lv);
    const std::string text = "(" + t + " = " + sub(bt->getSubExpr()) + ")";
    const std::string d = l_.destroy(c_, rd, "&" + t, lv.empty() ? space::none : lv.back());
    if (!d.empty()) c_.cleanups.push_back(d);
    return text;
  }

  // ---- what Clang writes in place of an expression ----
  std::string VisitCXXDefaultArgExpr(const CXXDefaultArgExpr* da) { return sub(da->getExpr()); }
  std::string VisitCXXDefaultInitExpr(const CXXDefaultInitExpr* di) { return sub(di->getExpr()); }
  std::string VisitSubstNonTypeTemplateParmExpr(const SubstNonTypeTemplateParmExpr* sn) {
    return sub(sn->getReplacement());
  }
  std::string VisitOpaqueValueExpr(const OpaqueValueExpr* ov) {
    if (auto t = l_.opaque_text.find(ov); t != l_.opaque_text.end()) return t->second;
    auto it = l_.opaque.find(ov);
    const Expr* src = it != l_.opaque.end() ? it->second : ov->getSourceExpr();
    if (src) return sub(src);
    l_.error(ov->getBeginLoc(), "an expression Clang left opaque");
    return "0";
  }
  // MSVC properties: the getter and setter calls in order, each bound value
  // evaluated once into a temporary (the object by address), then the result.
  std::string VisitPseudoObjectExpr(const PseudoObjectExpr* po) {
    std::string seq;
    std::string result = "((void)0)";
    for (unsigned i = 0; i < po->getNumSemanticExprs(); ++i) {
      const Expr* s = po->getSemanticExpr(i);
      std::string text;
      if (const auto* ov = dyn_cast<OpaqueValueExpr>(s); ov && ov->getSourceExpr()) {
        l_.opaque[ov] = ov->getSourceExpr();
        if (ov->isGLValue()) {
          const std::string p = l_.local_name(c_, "ptmp");
          c_.temps.push_back(
              l_.declare(ctx_.getPointerType(ov->getType()), l_.eval(c_, ov->getSourceExpr()), p) +
              " = 0;");
          seq += p + " = " + l_.address(c_, ov->getSourceExpr()) + ", ";
          text = "(*" + p + ")";
        } else {
          const std::string t = l_.temp(c_, ov->getType());
          seq += t + " = " + sub(ov->getSourceExpr()) + ", ";
          text = t;
        }
        l_.opaque_text[ov] = text;
      } else {
        text = sub(s);
        if (static_cast<int>(i) != static_cast<int>(po->getResultExprIndex())) seq += text + ", ";
      }
      if (static_cast<int>(i) == static_cast<int>(po->getResultExprIndex())) result = text;
    }
    return "(" + seq + result + ")";  // a setter's result: ((void)0), nothing to yield
  }

  // ---- initializers ----
  std::string VisitInitListExpr(const InitListExpr* il) {
    std::string text = "(" + l_.type(il->getType(), l_.eval(c_, il)) + "){";
    for (unsigned i = 0; i < il->getNumInits(); ++i) text += (i ? ", " : "") + sub(il->getInit(i));
    if (il->getNumInits() == 0) text += "0";
    return text + "}";
  }
  std::string VisitImplicitValueInitExpr(const ImplicitValueInitExpr* e) { return zero(e); }
  std::string VisitCXXScalarValueInitExpr(const CXXScalarValueInitExpr* e) { return zero(e); }

  // ---- what restrict(amp) code cannot do ----
  std::string VisitUnaryExprOrTypeTraitExpr(const UnaryExprOrTypeTraitExpr* ue) {
    l_.error(ue->getBeginLoc(), "sizeof of a type whose size depends on run-time values");
    return "0";
  }
  std::string VisitExpr(const Expr* e) {
    const char* what = isa<CXXThrowExpr>(e)        ? "throw"
                       : isa<CXXNewExpr>(e)        ? "new"
                       : isa<CXXDeleteExpr>(e)     ? "delete"
                       : isa<CXXTypeidExpr>(e)     ? "typeid"
                       : isa<StringLiteral>(e)     ? "a string literal"
                       : isa<StmtExpr>(e)          ? "a statement expression"
                       : isa<VAArgExpr>(e)         ? "va_arg"
                       : isa<ArrayInitLoopExpr>(e) ? "copying an array member"
                                                   : nullptr;
    l_.error(e->getBeginLoc(), std::string(what ? what : e->getStmtClassName()) +
                                   " is not supported in restrict(amp) code");
    return "0";
  }

 private:
  std::string sub(const Expr* e) { return l_.expr(c_, e); }

  std::string zero(const Expr* e) {
    if (e->getType()->isRecordType() || e->getType()->isArrayType())
      return "((" + l_.type(e->getType()) + "){0})";
    return "((" + l_.type(e->getType(), l_.eval(c_, e)) + ")0)";
  }

  // Up the hierarchy: a base is the leading member base_X (an empty base has no
  // bytes of its own: any address will do for its data-free members).
  std::string derived_to_base(const CastExpr* ce) {
    const Expr* from = ce->getSubExpr();
    std::string text = sub(from);
    const bool pointer = ce->getType()->isPointerType();
    for (const CXXBaseSpecifier* b : ce->path()) {
      const CXXRecordDecl* base_rd = b->getType()->getAsCXXRecordDecl();
      if (base_rd->isEmpty()) {
        text = pointer
                   ? "((" + l_.declare(ctx_.getPointerType(b->getType()), l_.eval(c_, ce), "") +
                         ")" + text + ")"
                   : "(*(" +
                         l_.declare(
                             ctx_.getPointerType(b->getType()),
                             {l_.eval(c_, from).empty() ? space::priv : l_.eval(c_, from)[0]}, "") +
                         ")&" + text + ")";
      } else {
        const std::string member = "base_" + lowering::sanitize(base_rd->getName().str());
        text = pointer ? "(&(" + text + ")->" + member + ")" : text + "." + member;
      }
    }
    return text;
  }

  // static_cast down the hierarchy: back from the base's bytes to the object's
  // start, by the base's offset in it (bases are leading members, base_X).
  std::string base_to_derived(const CastExpr* ce) {
    const Expr* from = ce->getSubExpr();
    const bool pointer = ce->getType()->isPointerType();
    QualType cur = pointer ? ce->getType()->getPointeeType() : ce->getType();
    std::int64_t offset = 0;
    for (const CXXBaseSpecifier* b : ce->path()) {
      const CXXRecordDecl* base_rd = b->getType()->getAsCXXRecordDecl();
      offset += ctx_.getASTRecordLayout(cur->getAsCXXRecordDecl())
                    .getBaseClassOffset(base_rd)
                    .getQuantity();
      cur = b->getType();
    }
    levels lv = l_.eval(c_, pointer ? static_cast<const Expr*>(ce) : from);
    if (!pointer) lv = {lv.empty() ? space::priv : lv[0]};  // where the object lives
    const QualType derived = pointer ? ce->getType() : ctx_.getPointerType(ce->getType());
    const std::string bytes = "((" + l_.declare(ctx_.getPointerType(ctx_.CharTy), lv, "") + ")" +
                              (pointer ? sub(from) : l_.address(c_, from)) + " - " +
                              std::to_string(offset) + ")";
    const std::string text = "((" + l_.declare(derived, lv, "") + ")" + bytes + ")";
    return pointer ? text : "(*" + text + ")";
  }

  lowering& l_;
  clone& c_;
  ASTContext& ctx_;
};

std::string lowering::expr(clone& c, const Expr* e) {
  // Constants: the value.
  if (e->isPRValue() &&
      (e->getType()->isIntegralOrEnumerationType() || e->getType()->isRealFloatingType()) &&
      !isa<IntegerLiteral>(e) && !isa<FloatingLiteral>(e) && !e->HasSideEffects(ctx)) {
    Expr::EvalResult r;
    if (e->EvaluateAsRValue(r, ctx) && !r.HasSideEffects) {
      if (r.Val.isInt()) {
        if (e->getType()->isBooleanType()) return r.Val.getInt().getBoolValue() ? "true" : "false";
        return integer(r.Val.getInt(), e->getType().getCanonicalType());
      }
      if (r.Val.isFloat()) {
        const bool single = e->getType()->isSpecificBuiltinType(BuiltinType::Float);
        if (!single) uses_double = true;
        return floating(r.Val.getFloat(), single);
      }
    }
  }
  return expression_rules(*this, c).Visit(e);
}

}  // namespace ampcl::translate
