// Address-space inference: which memory every pointer and reference points to.
//
// Each clone is analysed with its parameters' spaces fixed (its key); a local
// pointer or reference gets the join of everything stored in it, a pointer field
// the join of everything stored in it anywhere in the kernel. Calls request the
// callee's clone for the spaces of their arguments. The whole kernel is analysed
// again until nothing grows: the lattice (none < one space < conflict) is finite.
#include <clang/AST/Attr.h>
#include <clang/AST/RecursiveASTVisitor.h>

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

int lowering::depth(QualType t) {
  t = t.getCanonicalType();
  if (const auto* r = t->getAs<ReferenceType>()) return 1 + depth(r->getPointeeType());
  if (const auto* p = t->getAs<PointerType>()) return 1 + depth(p->getPointeeType());
  if (const auto* a = dyn_cast<ArrayType>(t.getTypePtr())) return depth(a->getElementType());
  return 0;
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

levels lowering::eval(clone& c, const Expr* e) {
  const int n = depth(e->getType());
  const std::size_t want = e->isGLValue() ? static_cast<std::size_t>(1 + n) : static_cast<std::size_t>(n);
  if (want == 0) return {};
  e = e->IgnoreParens();

  if (const auto* dre = dyn_cast<DeclRefExpr>(e)) {
    const auto* v = dyn_cast<VarDecl>(dre->getDecl());
    if (!v) return levels(want, space::none);
    if (const FieldDecl* f = capture_field(c.fn, v)) {
      // A capture: a field of the closure `this_` points to.
      space home = c.key.empty() ? space::priv : c.key[0];
      if (f->getType()->isReferenceType()) return sized(field_levels(f), want);
      return sized(prepend(home, field_levels(f)), want);
    }
    const bool ref = v->getType()->isReferenceType();
    levels slot = c.vars.count(v) ? c.vars[v] : levels();
    if (const auto* p = dyn_cast<ParmVarDecl>(v)) {
      // Parameters: their levels are the clone's key.
      const auto* fn = dyn_cast<FunctionDecl>(p->getDeclContext());
      if (fn == c.fn) {
        std::size_t at = isa<CXXMethodDecl>(fn) && !cast<CXXMethodDecl>(fn)->isStatic() ? 1 : 0;
        if (at == 1 && c.key.empty()) at = 0;
        for (unsigned i = 0; i < fn->getNumParams(); ++i) {
          const int d = depth(fn->getParamDecl(i)->getType());
          if (fn->getParamDecl(i) == p) {
            slot.assign(c.key.begin() + static_cast<long>(std::min(at, c.key.size())),
                        c.key.begin() + static_cast<long>(std::min(at + d, c.key.size())));
            break;
          }
          at += static_cast<std::size_t>(d);
        }
      }
    }
    if (ref) return sized(slot, want);
    space home = is_tile_static(v) ? space::local
                 : v->hasGlobalStorage() ? space::constant
                                         : space::priv;
    return sized(prepend(home, slot), want);
  }
  if (const auto* me = dyn_cast<MemberExpr>(e)) {
    const auto* f = dyn_cast<FieldDecl>(me->getMemberDecl());
    if (!f) return levels(want, space::none);
    levels base = eval(c, me->getBase());
    space loc = base.empty() ? space::priv : base[0];
    if (f->getType()->isReferenceType()) return sized(field_levels(f), want);
    return sized(prepend(loc, field_levels(f)), want);
  }
  if (const auto* ase = dyn_cast<ArraySubscriptExpr>(e)) return sized(eval(c, ase->getBase()), want);
  if (const auto* uo = dyn_cast<UnaryOperator>(e)) {
    switch (uo->getOpcode()) {
      case UO_Deref:
      case UO_AddrOf:
      case UO_PreInc:
      case UO_PreDec:
      case UO_PostInc:
      case UO_PostDec:
        return sized(eval(c, uo->getSubExpr()), want);
      default: return levels(want, space::none);
    }
  }
  if (const auto* ce = dyn_cast<CastExpr>(e)) {
    levels sub = eval(c, ce->getSubExpr());
    if (ce->getCastKind() == CK_LValueToRValue && !sub.empty()) sub.erase(sub.begin());
    if (ce->getCastKind() == CK_NullToPointer || ce->getCastKind() == CK_IntegralToPointer)
      return levels(want, space::none);
    return sized(sub, want);
  }
  if (const auto* bo = dyn_cast<BinaryOperator>(e)) {
    if (bo->isAssignmentOp() || bo->getOpcode() == BO_Comma) {
      return sized(eval(c, bo->isAssignmentOp() ? bo->getLHS() : bo->getRHS()), want);
    }
    if (bo->getLHS()->getType()->isPointerType()) return sized(eval(c, bo->getLHS()), want);
    if (bo->getRHS()->getType()->isPointerType()) return sized(eval(c, bo->getRHS()), want);
    return levels(want, space::none);
  }
  if (const auto* co = dyn_cast<AbstractConditionalOperator>(e)) {
    levels a = eval(c, co->getTrueExpr());
    merge(a, eval(c, co->getFalseExpr()));
    return sized(a, want);
  }
  if (const auto* mt = dyn_cast<MaterializeTemporaryExpr>(e))
    return sized(prepend(space::priv, eval(c, mt->getSubExpr())), want);
  if (isa<CXXThisExpr>(e)) return sized(c.key, want);
  if (const auto* call = dyn_cast<CallExpr>(e)) {
    const FunctionDecl* fn = call->getDirectCallee();
    std::string pattern;
    if (!fn || builtin_pattern(fn, pattern)) return levels(want, space::none);
    std::vector<const Expr*> args(call->arg_begin(), call->arg_end());
    const Expr* object = nullptr;
    bool arrow = false;
    if (const auto* mc = dyn_cast<CXXMemberCallExpr>(call)) {
      object = mc->getImplicitObjectArgument();
      if (const auto* m = dyn_cast<MemberExpr>(mc->getCallee()->IgnoreParens())) arrow = m->isArrow();
    } else if (isa<CXXOperatorCallExpr>(call) && isa<CXXMethodDecl>(fn) &&
               !cast<CXXMethodDecl>(fn)->isStatic()) {
      object = args.front();
      args.erase(args.begin());
    }
    clone& callee = request(fn, call_key(c, fn, object, arrow, args));
    return sized(callee.ret, want);
  }
  if (const auto* fe = dyn_cast<FullExpr>(e)) return sized(eval(c, fe->getSubExpr()), want);
  if (const auto* bt = dyn_cast<CXXBindTemporaryExpr>(e)) return sized(eval(c, bt->getSubExpr()), want);
  if (const auto* da = dyn_cast<CXXDefaultArgExpr>(e)) return sized(eval(c, da->getExpr()), want);
  if (const auto* di = dyn_cast<CXXDefaultInitExpr>(e)) return sized(eval(c, di->getExpr()), want);
  if (const auto* ov = dyn_cast<OpaqueValueExpr>(e)) {
    auto it = opaque.find(ov);
    const Expr* src = it != opaque.end() ? it->second : ov->getSourceExpr();
    return src ? sized(eval(c, src), want) : levels(want, space::none);
  }
  if (const auto* po = dyn_cast<PseudoObjectExpr>(e)) {
    for (const Expr* s : po->semantics())
      if (const auto* ov = dyn_cast<OpaqueValueExpr>(s)) opaque[ov] = ov->getSourceExpr();
    if (const Expr* result = po->getResultExpr()) return sized(eval(c, result), want);
    const Expr* last = nullptr;
    for (const Expr* s : po->semantics())
      if (!isa<OpaqueValueExpr>(s)) last = s;
    return last ? sized(eval(c, last), want) : levels(want, space::none);
  }
  if (const auto* sn = dyn_cast<SubstNonTypeTemplateParmExpr>(e))
    return sized(eval(c, sn->getReplacement()), want);
  if (isa<StringLiteral>(e)) return sized(levels{space::constant}, want);
  return levels(want, space::none);
}

levels lowering::call_key(clone& c, const FunctionDecl* callee, const Expr* object,
                          bool object_is_pointer, llvm::ArrayRef<const Expr*> args) {
  levels key;
  if (const auto* md = dyn_cast<CXXMethodDecl>(callee); md && !md->isStatic()) {
    if (object) {
      levels o = eval(c, object);
      // A glvalue object: where it is. A pointer: where it points.
      key.push_back(o.empty() ? space::priv : o[0]);
      (void)object_is_pointer;
    } else {
      key.push_back(space::priv);
    }
  }
  for (unsigned i = 0; i < callee->getNumParams(); ++i) {
    const int d = depth(callee->getParamDecl(i)->getType());
    if (d == 0) continue;
    levels a = i < args.size() ? eval(c, args[i]) : levels();
    a.resize(static_cast<std::size_t>(d), space::none);
    key.insert(key.end(), a.begin(), a.end());
  }
  for (space& s : key)
    if (s == space::none) s = space::priv;
  return key;
}

namespace {

// Walks one clone's body, growing its variables' and the kernel's fields' spaces
// and requesting the clones it calls.
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
    l_.eval(c_, call);  // requests the callee's clone
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr* ce) {
    const CXXConstructorDecl* ctor = ce->getConstructor();
    if (ctor->isTrivial() || !ctor->hasBody()) return true;
    std::vector<const Expr*> args(ce->arg_begin(), ce->arg_end());
    levels key = l_.call_key(c_, ctor, nullptr, false, args);
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
      if (lowering::depth(f->getType()) > 0) grow_field(f, l_.eval(c_, il->getInit(i)));
      ++i;
    }
    return true;
  }

  // Constructors: their member initializers store into `this`'s fields.
  void initializers(const CXXConstructorDecl* ctor) {
    for (const CXXCtorInitializer* init : ctor->inits()) {
      if (!init->getInit()) continue;
      TraverseStmt(const_cast<Expr*>(init->getInit()));
      if (const FieldDecl* f = init->getMember(); f && lowering::depth(f->getType()) > 0)
        grow_field(f, l_.eval(c_, init->getInit()));
      if (const auto* ce = dyn_cast<CXXConstructExpr>(init->getInit()->IgnoreImplicit())) {
        // Members and bases are built where `this` is.
        if (!ce->getConstructor()->isTrivial() && ce->getConstructor()->hasBody()) {
          std::vector<const Expr*> args(ce->arg_begin(), ce->arg_end());
          levels key = l_.call_key(c_, ce->getConstructor(), nullptr, false, args);
          if (!key.empty() && !c_.key.empty()) key[0] = c_.key[0];
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
      for (space s : slot)
        if (s == space::conflict)
          l_.error(v->getLocation(),
                   "'" + v->getName().str() +
                       "' points to more than one kind of memory (private, tile_static, global); "
                       "OpenCL C 1.2 has no generic address space: use one pointer per memory");
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
      if (const auto* f = dyn_cast<FieldDecl>(m->getMemberDecl())) return grow_field(f, value);
    check(l_.eval(c_, lhs), value, loc);
  }
  // A store through memory the analysis does not track: the value must already
  // fit the pointer's declared levels.
  void check(const levels& target, const levels& value, SourceLocation loc) {
    for (std::size_t i = 0; i + 1 < target.size() && i < value.size(); ++i) {
      if (value[i] != space::none && target[i + 1] != space::none &&
          value[i] != target[i + 1]) {
        l_.error(loc, "this assignment makes a pointer point to another kind of memory than it "
                      "did; OpenCL C 1.2 has no generic address space");
        return;
      }
    }
  }

  lowering& l_;
  clone& c_;
};

}  // namespace

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
