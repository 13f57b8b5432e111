// Address-space inference: which memory every pointer and reference points to.
//
// Each clone is analysed with its parameters' spaces fixed (its key); a local
// pointer or reference gets the join of everything stored in it, a pointer field
// the join of everything stored in it anywhere in the kernel. Calls request the
// callee's clone for the spaces of their arguments. The whole kernel is analysed
// again until nothing grows: the lattice (none < one space < conflict) is finite.
#include <clang/AST/Attr.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/StmtVisitor.h>

#include <clang/Basic/SourceManager.h>

#include "lower.hpp"

namespace ampcl::translate {

using namespace clang;

space join(space a, space b) {
  if (a == space::none) return b;
  if (b == space::none || a == b) return a;
  return space::conflict;
}

const char* qualifier(space s) {
  switch (s) {
    case space::local: return "__local ";
    case space::global: return "__global ";
    case space::constant: return "__constant ";
    default: return "";
  }
}

bool lowering::returns_copy(const clone& c) {
  const QualType ret = c.fn->getReturnType();
  if (!ret->isLValueReferenceType() || c.ret.empty() || c.ret[0] != space::conflict) return false;
  const QualType value = ret.getNonReferenceType();
  return value.isConstQualified() && depth(value) == 0;
}

int lowering::depth(QualType t) {
  t = t.getCanonicalType();
  if (const auto* r = t->getAs<ReferenceType>()) return 1 + depth(r->getPointeeType());
  if (const auto* p = t->getAs<PointerType>()) return 1 + depth(p->getPointeeType());
  if (const auto* a = dyn_cast<ArrayType>(t.getTypePtr())) return depth(a->getElementType());
  return holds_views(t) ? 1 : 0;
}

levels lowering::defaults(QualType t) {
  levels v;
  for (t = t.getCanonicalType();;) {
    if (const auto* r = t->getAs<ReferenceType>()) {
      v.push_back(space::priv);
      t = r->getPointeeType().getCanonicalType();
    } else if (const auto* p = t->getAs<PointerType>()) {
      v.push_back(space::priv);
      t = p->getPointeeType().getCanonicalType();
    } else if (const auto* a = dyn_cast<ArrayType>(t.getTypePtr())) {
      t = a->getElementType().getCanonicalType();
    } else {
      if (holds_views(t)) v.push_back(space::global);
      return v;
    }
  }
}

void lowering::settle(levels& v, QualType t) {
  const levels d = defaults(t);
  v.resize(d.size(), space::none);
  for (std::size_t i = 0; i < v.size(); ++i)
    if (v[i] == space::none) v[i] = d[i];
}

namespace {

// `into` grows to hold `from` level by level; true if anything changed.
bool merge(levels& into, const levels& from) {
  bool grew = false;
  if (into.size() < from.size()) into.resize(from.size(), space::none);
  for (std::size_t i = 0; i < from.size(); ++i) {
    space j = join(into[i], from[i]);
    if (j != into[i]) into[i] = j, grew = true;
  }
  return grew;
}

levels sized(levels v, std::size_t n) {
  v.resize(n, space::none);
  return v;
}

levels prepend(space s, const levels& rest) {
  levels v;
  v.reserve(rest.size() + 1);
  v.push_back(s);
  for (space r : rest) v.push_back(r);  // (insert() draws GCC 12's -Warray-bounds)
  return v;
}

}  // namespace

bool has_annotation(const Decl* d, llvm::StringRef key, std::string* value) {
  for (const auto* a : d->specific_attrs<AnnotateAttr>()) {
    llvm::StringRef s = a->getAnnotation();
    if (s == key) return true;
    if (s.startswith(key) && s.size() > key.size() && s[key.size()] == ':') {
      if (value) *value = s.substr(key.size() + 1).str();
      return true;
    }
  }
  return false;
}

bool is_tile_static(const VarDecl* v) { return v->hasAttr<CUDASharedAttr>(); }

// Views (a record with view data) and records holding views by value: their
// objects carry one more level, the memory their views' data is in.
bool lowering::holds_views(QualType t) {
  t = t.getCanonicalType();
  while (const auto* a = dyn_cast<ArrayType>(t.getTypePtr()))
    t = a->getElementType().getCanonicalType();
  const RecordDecl* rd = t->getAsRecordDecl();
  if (!rd || !rd->getDefinition()) return false;
  rd = rd->getDefinition();
  if (const auto* cxx = dyn_cast<CXXRecordDecl>(rd))
    for (const CXXBaseSpecifier& b : cxx->bases())
      if (holds_views(b.getType())) return true;
  for (const FieldDecl* f : rd->fields())
    if (per_object(f)) return true;
  return false;
}

bool lowering::per_object(const FieldDecl* f) {
  const QualType t = f->getType();
  if (has_annotation(f, "ampcl_global")) return true;
  return !t->isReferenceType() && !t->isPointerType() && holds_views(t);
}

int lowering::this_depth(const FunctionDecl* fn) {
  const auto* md = dyn_cast<CXXMethodDecl>(fn);
  return md && !md->isStatic() ? depth(md->getThisType()) : 0;
}

// The memory a new view's data is in: that of the pointers, arrays and views its
// constructor is given (one level, or none when it is given none of them).
levels lowering::view_arguments(clone& c, const CXXConstructorDecl* ctor,
                                llvm::ArrayRef<const Expr*> args) {
  levels v;
  if (!holds_views(ctx.getRecordType(ctor->getParent()))) return v;
  for (unsigned i = 0; i < ctor->getNumParams() && i < args.size(); ++i) {
    const QualType t = ctor->getParamDecl(i)->getType();
    const QualType bare = t.getNonReferenceType();
    if (holds_views(bare)) {
      const levels a = eval(c, args[i]);
      if (!a.empty()) merge(v, levels{a.back()});
    } else if (bare->isPointerType() || (t->isReferenceType() && bare->isArrayType())) {
      const levels a = eval(c, args[i]);
      if (!a.empty()) merge(v, levels{a.front()});
    }
  }
  return v;
}

levels lowering::constructed(clone& c, const CXXConstructExpr* ce) {
  std::vector<const Expr*> args(ce->arg_begin(), ce->arg_end());
  return view_arguments(c, ce->getConstructor(), args);
}

bool is_device_function(const FunctionDecl* fn) { return fn->hasAttr<CUDADeviceAttr>(); }

levels lowering::field_levels(const FieldDecl* f) {
  const int n = depth(f->getType());
  if (has_annotation(f, "ampcl_global")) {
    levels v(n, space::none);
    if (n) v[0] = space::global;
    return v;
  }
  auto it = fields.find(f);
  return it == fields.end() ? levels(n, space::none) : sized(it->second, n);
}

const FieldDecl* lowering::capture_field(const FunctionDecl* fn, const VarDecl* v) {
  const auto* md = dyn_cast<CXXMethodDecl>(fn);
  if (!md || !md->getParent()->isLambda()) return nullptr;
  const CXXRecordDecl* closure = md->getParent();
  auto& map = captures[closure];
  if (map.empty()) {
    llvm::DenseMap<const VarDecl*, FieldDecl*> caps;
    FieldDecl* this_capture = nullptr;
    closure->getCaptureFields(caps, this_capture);
    for (auto& [var, field] : caps)
      if (const auto* vd = dyn_cast<VarDecl>(var)) map[vd] = field;
  }
  auto it = map.find(v);
  return it == map.end() ? nullptr : it->second;
}

// The address-space rules, one per construct: what an expression's pointer levels
// are (for a glvalue, where the object is first). Anything without a rule is in no
// known memory (all `none`), which the analysis's join leaves to other evidence.
class space_rules : public ConstStmtVisitor<space_rules, levels> {
 public:
  space_rules(lowering& l, clone& c) : l_(l), c_(c) {}

  levels VisitDeclRefExpr(const DeclRefExpr* dre) {
    const auto* v = dyn_cast<VarDecl>(dre->getDecl());
    if (!v) return {};
    if (const FieldDecl* f = l_.capture_field(c_.fn, v)) {
      // A capture: a field of the closure `this_` points to.
      const space home = c_.key.empty() ? space::priv : c_.key[0];
      if (f->getType()->isReferenceType()) return l_.field_levels(f);
      if (lowering::per_object(f)) return {home, c_.key.size() > 1 ? c_.key[1] : space::none};
      return prepend(home, l_.field_levels(f));
    }
    levels slot = c_.vars.count(v) ? c_.vars[v] : levels();
    if (const auto* p = dyn_cast<ParmVarDecl>(v)) slot = parameter_levels(p, slot);
    if (v->getType()->isReferenceType()) return slot;
    const space home = is_tile_static(v)       ? space::local
                       : v->hasGlobalStorage() ? space::constant
                                               : space::priv;
    return prepend(home, slot);
  }
  levels VisitMemberExpr(const MemberExpr* me) {
    const auto* f = dyn_cast<FieldDecl>(me->getMemberDecl());
    if (!f) return {};
    const levels base = sub(me->getBase());
    const space loc = base.empty() ? space::priv : base[0];
    if (f->getType()->isReferenceType()) return l_.field_levels(f);
    if (lowering::per_object(f)) return {loc, base.size() > 1 ? base[1] : space::none};
    return prepend(loc, l_.field_levels(f));
  }
  levels VisitArraySubscriptExpr(const ArraySubscriptExpr* ase) { return sub(ase->getBase()); }
  levels VisitCXXThisExpr(const CXXThisExpr*) { return c_.key; }
  levels VisitStringLiteral(const StringLiteral*) { return {space::constant}; }

  // ---- operators: those that keep their operand's pointer ----
  levels VisitUnaryOperator(const UnaryOperator* uo) {
    switch (uo->getOpcode()) {
      case UO_Deref:
      case UO_AddrOf:
      case UO_PreInc:
      case UO_PreDec:
      case UO_PostInc:
      case UO_PostDec:
        return sub(uo->getSubExpr());
      default:
        return {};
    }
  }
  levels VisitBinaryOperator(const BinaryOperator* bo) {
    if (bo->isAssignmentOp()) return sub(bo->getLHS());
    if (bo->getOpcode() == BO_Comma) return sub(bo->getRHS());
    if (bo->getLHS()->getType()->isPointerType()) return sub(bo->getLHS());  // p + i
    if (bo->getRHS()->getType()->isPointerType()) return sub(bo->getRHS());  // i + p
    return {};
  }
  // a ? b : c and GNU's a ?: c: either operand's memory.
  levels VisitAbstractConditionalOperator(const AbstractConditionalOperator* co) {
    levels a = sub(co->getTrueExpr());
    merge(a, sub(co->getFalseExpr()));
    return a;
  }
  levels VisitCastExpr(const CastExpr* ce) {
    levels from = sub(ce->getSubExpr());  // (also requests the clones it calls)
    if (ce->getCastKind() == CK_NullToPointer || ce->getCastKind() == CK_IntegralToPointer)
      return {};
    if (ce->getCastKind() == CK_LValueToRValue && !from.empty()) from.erase(from.begin());
    return from;
  }

  // ---- calls and objects ----
  levels VisitCallExpr(const CallExpr* call) {
    const FunctionDecl* fn = call->getDirectCallee();
    std::string pattern;
    if (!fn || lowering::builtin_pattern(fn, pattern)) return {};
    std::vector<const Expr*> args(call->arg_begin(), call->arg_end());
    const Expr* object = nullptr;
    bool arrow = false;
    if (const auto* mc = dyn_cast<CXXMemberCallExpr>(call)) {
      object = mc->getImplicitObjectArgument();
      if (const auto* m = dyn_cast<MemberExpr>(mc->getCallee()->IgnoreParens()))
        arrow = m->isArrow();
    } else if (isa<CXXOperatorCallExpr>(call) && isa<CXXMethodDecl>(fn) &&
               !cast<CXXMethodDecl>(fn)->isStatic()) {
      object = args.front();
      args.erase(args.begin());
    }
    clone& callee = l_.request(fn, l_.call_key(c_, fn, object, arrow, args));
    if (lowering::returns_copy(callee)) {  // a pointer to the caller's private slot
      levels slot = callee.ret;
      slot[0] = space::priv;
      return slot;
    }
    return callee.ret;
  }
  levels VisitCXXConstructExpr(const CXXConstructExpr* ce) { return l_.constructed(c_, ce); }
  levels VisitMaterializeTemporaryExpr(const MaterializeTemporaryExpr* mt) {
    return prepend(space::priv, sub(mt->getSubExpr()));
  }
  // Records holding views: the memory of the views they are made from.
  levels VisitInitListExpr(const InitListExpr* il) {
    if (!lowering::holds_views(il->getType())) return {};
    levels v;
    for (const Expr* init : il->inits())
      if (lowering::holds_views(init->getType())) {
        const levels a = sub(init);  // the last level: its views' memory
        if (!a.empty()) merge(v, levels{a.back()});
      }
    return v;
  }
  levels VisitLambdaExpr(const LambdaExpr* le) {
    if (!lowering::holds_views(le->getType())) return {};
    levels v;
    auto field = le->getLambdaClass()->field_begin();
    for (const Expr* init : le->capture_inits()) {
      if (field == le->getLambdaClass()->field_end()) break;
      if (init && lowering::per_object(*field)) {
        const levels a = sub(init);
        if (!a.empty()) merge(v, levels{a.back()});
      }
      ++field;
    }
    return v;
  }

  // ---- what Clang writes around or in place of an expression: its operand's ----
  levels VisitFullExpr(const FullExpr* fe) { return sub(fe->getSubExpr()); }
  levels VisitCXXBindTemporaryExpr(const CXXBindTemporaryExpr* bt) { return sub(bt->getSubExpr()); }
  levels VisitCXXDefaultArgExpr(const CXXDefaultArgExpr* da) { return sub(da->getExpr()); }
  levels VisitCXXDefaultInitExpr(const CXXDefaultInitExpr* di) { return sub(di->getExpr()); }
  levels VisitSubstNonTypeTemplateParmExpr(const SubstNonTypeTemplateParmExpr* sn) {
    return sub(sn->getReplacement());
  }
  levels VisitOpaqueValueExpr(const OpaqueValueExpr* ov) {
    auto it = l_.opaque.find(ov);
    const Expr* src = it != l_.opaque.end() ? it->second : ov->getSourceExpr();
    return src ? sub(src) : levels();
  }
  // MSVC properties: the getter's or setter's call.
  levels VisitPseudoObjectExpr(const PseudoObjectExpr* po) {
    for (const Expr* s : po->semantics())
      if (const auto* ov = dyn_cast<OpaqueValueExpr>(s)) l_.opaque[ov] = ov->getSourceExpr();
    if (const Expr* result = po->getResultExpr()) return sub(result);
    const Expr* last = nullptr;
    for (const Expr* s : po->semantics())
      if (!isa<OpaqueValueExpr>(s)) last = s;
    return last ? sub(last) : levels();
  }

  levels VisitStmt(const Stmt*) { return {}; }

 private:
  levels sub(const Expr* e) { return l_.eval(c_, e); }

  // A parameter of the clone's own function: its levels are the clone's key.
  levels parameter_levels(const ParmVarDecl* p, levels slot) {
    const auto* fn = dyn_cast<FunctionDecl>(p->getDeclContext());
    if (fn != c_.fn) return slot;
    std::size_t at = c_.key.empty() ? 0 : lowering::this_depth(fn);
    for (unsigned i = 0; i < fn->getNumParams(); ++i) {
      const int d = lowering::depth(fn->getParamDecl(i)->getType());
      if (fn->getParamDecl(i) == p) {
        slot.assign(c_.key.begin() + static_cast<long>(std::min(at, c_.key.size())),
                    c_.key.begin() + static_cast<long>(std::min(at + d, c_.key.size())));
        break;
      }
      at += static_cast<std::size_t>(d);
    }
    return slot;
  }

  lowering& l_;
  clone& c_;
};

levels lowering::eval(clone& c, const Expr* e) {
  const int n = depth(e->getType());
  const std::size_t want =
      e->isGLValue() ? static_cast<std::size_t>(1 + n) : static_cast<std::size_t>(n);
  if (want == 0) return {};
  return sized(space_rules(*this, c).Visit(e->IgnoreParens()), want);
}

levels lowering::call_key(clone& c, const FunctionDecl* callee, const Expr* object,
                          bool object_is_pointer, llvm::ArrayRef<const Expr*> args) {
  levels key;
  if (const auto* md = dyn_cast<CXXMethodDecl>(callee); md && !md->isStatic()) {
    // A glvalue object: where it is (and its views' memory). A pointer: where it
    // points. No object: this function's own `this`, or a new object's (views
    // in the memory their constructor's arguments are in).
    levels o;
    if (object)
      o = eval(c, object);
    else if (const auto* ctor = dyn_cast<CXXConstructorDecl>(md))
      o = prepend(space::priv, view_arguments(c, ctor, args));
    else
      o = c.key;
    (void)object_is_pointer;
    o.resize(static_cast<std::size_t>(this_depth(md)), space::none);
    settle(o, md->getThisType());
    key = o;
  }
  for (unsigned i = 0; i < callee->getNumParams(); ++i) {
    const QualType t = callee->getParamDecl(i)->getType();
    const int d = depth(t);
    if (d == 0) continue;
    levels a = i < args.size() ? eval(c, args[i]) : levels();
    settle(a, t);
    key.insert(key.end(), a.begin(), a.end());
  }
  null_pointers_follow_views(key, callee, args);
  return key;
}

void lowering::null_pointers_follow_views(levels& key, const FunctionDecl* callee,
                                          llvm::ArrayRef<const Expr*> args) {
  const auto* ctor = dyn_cast<CXXConstructorDecl>(callee);
  if (!ctor || key.size() < 2 || !holds_views(ctx.getRecordType(ctor->getParent()))) return;
  const space views = key[1];
  if (views == space::none || views == space::conflict) return;
  std::size_t at = static_cast<std::size_t>(this_depth(ctor));
  for (unsigned i = 0; i < ctor->getNumParams(); ++i) {
    const QualType t = ctor->getParamDecl(i)->getType();
    const auto d = static_cast<std::size_t>(depth(t));
    if (i < args.size() && t->isPointerType() && at < key.size() &&
        args[i]->isNullPointerConstant(ctx, Expr::NPC_ValueDependentIsNotNull))
      key[at] = views;
    at += d;
  }
}

// Walks one clone's body, growing its variables' and the kernel's fields' spaces
// and requesting the clones it calls. (Not in an anonymous namespace: lowering
// names it a friend.)
class body_walker : public RecursiveASTVisitor<body_walker> {
 public:
  body_walker(lowering& l, clone& c) : l_(l), c_(c) {}

  bool shouldVisitImplicitCode() const { return true; }
  bool shouldVisitLambdaBody() const { return false; }  // a lambda's body is its operator()

  bool VisitVarDecl(VarDecl* v) {
    if (is_tile_static(v)) {
      c_.tile_statics.insert(v);
      return true;
    }
    if (lowering::depth(v->getType()) == 0 || !v->hasInit() || isa<ParmVarDecl>(v)) return true;
    grow_var(v, l_.eval(c_, v->getInit()));
    // A view constructed in place: its constructor runs on the variable.
    if (const auto* ce = dyn_cast<CXXConstructExpr>(v->getInit()->IgnoreImplicit());
        ce && !isa<CXXTemporaryObjectExpr>(ce) && !ce->isElidable() &&
        lowering::holds_views(v->getType()))
      targets_[ce] = v;
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr* d) {
    if (const auto* v = dyn_cast<VarDecl>(d->getDecl()); v && is_tile_static(v))
      c_.tile_statics.insert(v);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator* bo) {
    if (!bo->isAssignmentOp() || lowering::depth(bo->getLHS()->getType()) == 0) return true;
    store(bo->getLHS(), l_.eval(c_, bo->getRHS()), bo->getOperatorLoc());
    return true;
  }
  bool VisitCallExpr(CallExpr* call) {
    // A view assigned: the target's views are in the memory the source's are.
    if (const auto* oc = dyn_cast<CXXOperatorCallExpr>(call);
        oc && oc->getOperator() == OO_Equal && oc->getNumArgs() == 2 &&
        lowering::holds_views(oc->getArg(0)->getType())) {
      const levels value = l_.eval(c_, oc->getArg(1));
      if (!value.empty()) store(oc->getArg(0), levels{value.back()}, oc->getOperatorLoc());
    }
    l_.eval(c_, call);  // requests the callee's clone
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr* ce) {
    const CXXConstructorDecl* ctor = ce->getConstructor();
    if (ctor->isTrivial() || !ctor->hasBody() || members_.count(ce)) return true;
    std::vector<const Expr*> args(ce->arg_begin(), ce->arg_end());
    levels key = l_.call_key(c_, ctor, nullptr, false, args);
    if (auto it = targets_.find(ce); it != targets_.end()) {
      // Constructed in a variable: the variable's memory, as it settled.
      levels where{space::priv};
      const levels& var = c_.vars[it->second];
      where.insert(where.end(), var.begin(), var.end());
      for (std::size_t i = 0; i < where.size() && i < key.size(); ++i)
        if (where[i] != space::none) key[i] = where[i];
      l_.null_pointers_follow_views(key, ctor, args);
    }
    l_.request(ctor, key);
    return true;
  }
  bool VisitReturnStmt(ReturnStmt* rs) {
    if (rs->getRetValue() && lowering::depth(c_.fn->getReturnType()) > 0) {
      levels v = l_.eval(c_, rs->getRetValue());
      if (merge(c_.ret, v)) l_.changed = true;
    }
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr* le) {
    const CXXRecordDecl* closure = le->getLambdaClass();
    auto field = closure->field_begin();
    for (const Expr* init : le->capture_inits()) {
      if (field == closure->field_end()) break;
      if (init && lowering::depth(field->getType()) > 0) grow_field(*field, l_.eval(c_, init));
      ++field;
    }
    return true;
  }
  bool VisitInitListExpr(InitListExpr* il) {
    const RecordDecl* rd = il->getType()->getAsRecordDecl();
    if (!rd || rd->isUnion()) return true;
    unsigned i = 0;
    for (const FieldDecl* f : rd->fields()) {
      if (i >= il->getNumInits()) break;
      // A view member's memory is the object's (eval() of the list gives it to the
      // variable), as a constructor's member initializer stores it.
      if (lowering::depth(f->getType()) > 0 && !l_.per_object(f))
        grow_field(f, l_.eval(c_, il->getInit(i)));
      ++i;
    }
    return true;
  }

  // Constructors: their member initializers store into `this`'s fields.
  void initializers(const CXXConstructorDecl* ctor) {
    for (const CXXCtorInitializer* init : ctor->inits()) {
      if (!init->getInit()) continue;
      const auto* ce = dyn_cast<CXXConstructExpr>(init->getInit()->IgnoreImplicit());
      const FieldDecl* f = init->getMember();
      const bool views = ce && lowering::holds_views(ce->getType());
      if (views) members_.insert(ce);  // requested below, in this object's memory
      TraverseStmt(const_cast<Expr*>(init->getInit()));
      if (f && l_.per_object(f)) {
        store_into_this(l_.eval(c_, init->getInit()), init->getSourceLocation());
      } else if (f && lowering::depth(f->getType()) > 0) {
        grow_field(f, l_.eval(c_, init->getInit()));
      }
      if (ce) {
        // Members and bases are built where `this` is (their views: this object's).
        if (!ce->getConstructor()->isTrivial() && ce->getConstructor()->hasBody()) {
          std::vector<const Expr*> args(ce->arg_begin(), ce->arg_end());
          levels key = l_.call_key(c_, ce->getConstructor(), nullptr, false, args);
          if (!key.empty() && !c_.key.empty()) key[0] = c_.key[0];
          if (views && key.size() > 1 && c_.key.size() > 1) key[1] = c_.key[1];
          l_.null_pointers_follow_views(key, ce->getConstructor(), args);
          l_.request(ce->getConstructor(), key);
        }
      }
    }
  }

 private:
  void grow_var(const VarDecl* v, const levels& value) {
    levels& slot = c_.vars[v];
    if (merge(slot, value)) {
      l_.changed = true;
      const bool view =
          lowering::holds_views(v->getType()) && !slot.empty() && slot.back() == space::conflict;
      if (view)
        l_.error(v->getLocation(),
                 "the array_view '" + v->getName().str() +
                     "' views more than one kind of memory (private, tile_static, global): it is "
                     "made or assigned from views or pointers of different memories, and OpenCL "
                     "C 1.2 has no generic address space; use one view per memory");
      else
        for (space s : slot)
          if (s == space::conflict)
            l_.error(v->getLocation(),
                     "'" + v->getName().str() +
                         "' points to more than one kind of memory (private, tile_static, "
                         "global); OpenCL C 1.2 has no generic address space: use one pointer "
                         "per memory");
    }
  }
  // A view member initialized: its data must be in the memory this object's
  // views are said to be in (the constructor's clone).
  void store_into_this(const levels& value, SourceLocation loc) {
    if (value.empty() || c_.key.size() < 2) return;
    const space want = c_.key[1], got = value.back();
    if (got != space::none && want != space::none && got != want)
      l_.error(loc, "this view is made over " + std::string(name(got)) +
                        " memory, but the object it belongs to holds views of " + name(want) +
                        " memory; OpenCL C 1.2 has no generic address space: keep views of "
                        "different memories in different objects");
  }
  static const char* name(space s) {
    switch (s) {
      case space::priv:
        return "private";
      case space::local:
        return "tile_static";
      case space::global:
        return "global";
      case space::constant:
        return "constant";
      default:
        return "unknown";
    }
  }
  void grow_field(const FieldDecl* f, const levels& value) {
    if (has_annotation(f, "ampcl_global")) return;
    levels& slot = l_.fields[f];
    if (merge(slot, value)) {
      l_.changed = true;
      for (space s : slot)
        if (s == space::conflict)
          l_.error(f->getLocation(), "the pointer member '" + f->getName().str() +
                                         "' points to more than one kind of memory; OpenCL C "
                                         "1.2 has no generic address space");
    }
  }
  void store(const Expr* lhs, const levels& value, SourceLocation loc) {
    lhs = lhs->IgnoreParenImpCasts();
    if (const auto* d = dyn_cast<DeclRefExpr>(lhs)) {
      if (const auto* v = dyn_cast<VarDecl>(d->getDecl())) {
        if (const FieldDecl* f = l_.capture_field(c_.fn, v)) return grow_field(f, value);
        if (isa<ParmVarDecl>(v) || v->getType()->isReferenceType()) {
          check(l_.eval(c_, lhs), value, loc);
          return;
        }
        return grow_var(v, value);
      }
    }
    if (const auto* m = dyn_cast<MemberExpr>(lhs))
      if (const auto* f = dyn_cast<FieldDecl>(m->getMemberDecl())) {
        // A view's data or a view held by value: part of the object.
        if (!l_.per_object(f)) return grow_field(f, value);
        const Expr* base = m->getBase()->IgnoreParenImpCasts();
        if (!m->isArrow() &&
            (isa<DeclRefExpr>(base) || isa<MemberExpr>(base) || isa<ArraySubscriptExpr>(base)))
          return store(base, value, loc);
        return check(l_.eval(c_, lhs), value, loc);
      }
    if (const auto* a = dyn_cast<ArraySubscriptExpr>(lhs);
        a && lowering::holds_views(lhs->getType()) &&
        a->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
      return store(a->getBase()->IgnoreParenImpCasts(), value, loc);
    check(l_.eval(c_, lhs), value, loc);
  }
  // A store through memory the analysis does not track: the value must already
  // fit the pointer's declared levels.
  void check(const levels& target, const levels& value, SourceLocation loc) {
    for (std::size_t i = 0; i + 1 < target.size() && i < value.size(); ++i) {
      if (value[i] != space::none && target[i + 1] != space::none && value[i] != space::conflict &&
          target[i + 1] != space::conflict &&  // reported
          value[i] != target[i + 1]) {
        l_.error(loc, "this assignment makes a pointer point to another kind of memory than it "
                      "did; OpenCL C 1.2 has no generic address space");
        return;
      }
    }
  }

  lowering& l_;
  clone& c_;
  std::map<const CXXConstructExpr*, const VarDecl*> targets_;
  std::set<const CXXConstructExpr*> members_;
};

clone& lowering::request(const FunctionDecl* fn, levels key) {
  if (const FunctionDecl* def = fn->getDefinition()) fn = def;
  auto [it, inserted] = clones.try_emplace({fn, key});
  clone& c = it->second;
  if (inserted) {
    c.fn = fn;
    c.key = std::move(key);
    changed = true;
  }
  if (c.analyzed_in_pass || failed_) return c;
  if (c.analyzing) {
    error(fn->getLocation(), "'" + fn->getNameAsString() +
                                 "' calls itself; restrict(amp) functions cannot be recursive");
    return c;
  }
  if (!fn->hasBody()) return c;  // reported when it is emitted
  c.analyzing = true;
  // The body's own variables settle first; fields and callees settle over passes.
  for (int round = 0; round < 8; ++round) {
    const bool before = changed;
    changed = false;
    body_walker w(*this, c);
    if (const auto* ctor = dyn_cast<CXXConstructorDecl>(fn)) w.initializers(ctor);
    w.TraverseStmt(fn->getBody());
    const bool grew = changed;
    changed = before || grew;
    if (!grew) break;
  }
  c.analyzing = false;
  c.analyzed_in_pass = true;
  return c;
}

}  // namespace ampcl::translate
