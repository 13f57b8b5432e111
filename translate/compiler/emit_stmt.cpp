// Statements and whole functions. Each statement is preceded by a #line
// directive when its source line changes, so OpenCL build errors and race
// reports point at the C++ source.
#include <clang/AST/Attr.h>
#include <clang/AST/StmtVisitor.h>

#include <clang/Basic/SourceManager.h>

#include "lower.hpp"

namespace ampcl::translate {

using namespace clang;

namespace {

std::string pad(int indent) { return std::string(static_cast<std::size_t>(indent) * 2, ' '); }

// A condition without the parentheses its expression came in: `if ((a == b))`
// draws -Wparentheses-equality from the OpenCL compiler.
std::string bare(const std::string& e) {
  if (e.size() < 2 || e.front() != '(' || e.back() != ')') return e;
  int depth = 0;
  for (std::size_t i = 0; i + 1 < e.size(); ++i) {
    if (e[i] == '(') ++depth;
    if (e[i] == ')') --depth;
    if (depth == 0) return e;  // the first parenthesis closes before the end
  }
  return e.substr(1, e.size() - 2);
}

const char* statement_name(const Stmt* s) {
  if (isa<GotoStmt>(s) || isa<IndirectGotoStmt>(s)) return "goto";
  if (isa<LabelStmt>(s)) return "a label";
  if (isa<CXXTryStmt>(s)) return "try";
  if (isa<GCCAsmStmt>(s) || isa<MSAsmStmt>(s)) return "asm";
  return nullptr;
}

// A statement that takes several lines of OpenCL C (a for loop: the block, its
// init, the loop; a declaration with its constructor call) would give the later
// ones the lines after the statement's: the directive again before each, so that
// a loop's condition, where the race checker reports a branch, names the loop's
// line. Lines of braces alone need none.
std::string repeat_line_directives(const std::string& body) {
  std::string out;
  std::string directive;
  bool after_directive = false;
  std::size_t at = 0;
  while (at < body.size()) {
    std::size_t end = body.find('\n', at);
    end = end == std::string::npos ? body.size() : end + 1;
    const std::string line = body.substr(at, end - at);
    at = end;
    if (line.rfind("#line ", 0) == 0) {
      directive = line;
      after_directive = true;
    } else if (line.find_first_not_of(" {}\n") != std::string::npos) {
      if (!after_directive && !directive.empty()) out += directive;
      after_directive = false;
    }
    out += line;
  }
  return out;
}

}  // namespace

std::string lowering::tile_static_name(const VarDecl* v) {
  auto it = tile_static_names.find(v);
  if (it != tile_static_names.end()) return it->second;
  tile_static_order.push_back(v);
  return tile_static_names[v] = fresh(v->getName().str());
}

std::string lowering::line_directive(SourceLocation loc) {
  if (loc.isInvalid()) return "";
  PresumedLoc p = sm.getPresumedLoc(sm.getExpansionLoc(loc));
  if (p.isInvalid()) return "";
  if (p.getLine() == last_line && last_line_file == p.getFilename()) return "";
  last_line = p.getLine();
  last_line_file = p.getFilename();
  std::string file;
  for (char ch : last_line_file) {
    if (ch == '"' || ch == '\\') file += '\\';
    file += ch;
  }
  return "#line " + std::to_string(last_line) + " \"" + file + "\"\n";
}

// Destructors. C++ AMP runs them in kernels as anywhere: a block's objects when
// it ends (or a return, break or continue leaves it), a full expression's
// temporaries when it ends. Classes whose destructors do nothing on the device
// (array_view's: its handle counts references on the host only) cost nothing.
bool lowering::destructor_matters(const CXXRecordDecl* rd) {
  if (!rd || !rd->hasDefinition()) return false;
  rd = rd->getDefinition();
  if (auto it = destructor_effects.find(rd); it != destructor_effects.end()) return it->second;
  destructor_effects[rd] = false;  // while it is decided
  bool effect = false;
  const CXXDestructorDecl* d = rd->getDestructor();
  if (d && !d->isTrivial() && is_device_function(d)) {
    const FunctionDecl* def = nullptr;
    if (d->hasBody(def) && !d->isImplicit())
      if (const auto* body = dyn_cast_or_null<CompoundStmt>(def->getBody()))
        effect = !body->body_empty();
    for (const FieldDecl* f : rd->fields())
      if (!effect && !f->getType()->isReferenceType())
        effect = destructor_matters(f->getType()->getAsCXXRecordDecl());
  }
  return destructor_effects[rd] = effect;
}

std::string lowering::destroy(clone& c, const CXXRecordDecl* rd, const std::string& address,
                              space views) {
  if (!destructor_matters(rd)) return "";
  rd = rd->getDefinition();
  const CXXDestructorDecl* d = rd->getDestructor();
  const FunctionDecl* def = nullptr;
  if (!d->hasBody(def)) {
    // An implicit destructor Clang never defined: its members', in place.
    std::string text;
    std::vector<const FieldDecl*> fields(rd->field_begin(), rd->field_end());
    for (auto it = fields.rbegin(); it != fields.rend(); ++it) {
      if ((*it)->getType()->isReferenceType()) continue;
      const std::string m =
          destroy(c, (*it)->getType()->getAsCXXRecordDecl(),
                  "&(" + address + ")->" + field_name(*it), per_object(*it) ? views : space::none);
      if (!m.empty()) text += (text.empty() ? "" : ", ") + m;
    }
    return text.empty() ? "" : "(" + text + ")";
  }
  levels key{space::priv, views};
  settle(key, d->getThisType());
  clone& callee = request(d, key);
  if (!emitting.count(&callee) &&
      std::find(emitted.begin(), emitted.end(), &callee) == emitted.end())
    emit_function(callee);
  std::string text = callee.name + "(" + address;
  for (const VarDecl* v : callee.tile_statics) text += ", ts_" + tile_static_name(v);
  c.tile_statics.insert(callee.tile_statics.begin(), callee.tile_statics.end());
  if (!image_slots.empty()) text += ", " + image_args_mark();
  return text + ")";
}

std::string lowering::destroy_scopes(clone& c, std::size_t depth, const std::string& pad) {
  std::string out;
  for (std::size_t s = c.scopes.size(); s-- > depth;)
    for (auto it = c.scopes[s].rbegin(); it != c.scopes[s].rend(); ++it) out += pad + *it + ";\n";
  return out;
}

// One rule per statement: Clang's visitor picks the Visit of the statement's
// class; an expression used as a statement reaches VisitExpr, and a statement
// with no rule VisitStmt, which says it is not supported. Each rule writes its
// lines at `indent`; lowering::stmt has written the #line directive before it.
class statement_rules : public ConstStmtVisitor<statement_rules> {
 public:
  statement_rules(lowering& l, clone& c, std::string& out, int indent)
      : l_(l), c_(c), ctx_(l.ctx), out_(out), indent_(indent), p_(pad(indent)) {}

  void VisitCompoundStmt(const CompoundStmt* cs) {
    out_ += p_ + "{\n";
    c_.scopes.emplace_back();
    const Stmt* last = nullptr;
    for (const Stmt* b : cs->body()) {
      nested(b, indent_ + 1);
      last = b;
    }
    if (!(last && (isa<ReturnStmt>(last) || isa<BreakStmt>(last) || isa<ContinueStmt>(last))))
      out_ += l_.destroy_scopes(c_, c_.scopes.size() - 1, pad(indent_ + 1));
    c_.scopes.pop_back();
    out_ += p_ + "}\n";
  }

  void VisitDeclStmt(const DeclStmt* ds) {
    for (const Decl* d : ds->decls()) {
      const auto* v = dyn_cast<VarDecl>(d);
      if (!v) continue;                 // local types and typedefs are emitted where they are used
      if (is_tile_static(v)) continue;  // hoisted to the kernel
      if (v->isStaticLocal()) {
        l_.error(v->getLocation(), "static local variable '" + v->getName().str() +
                                       "': restrict(amp) code cannot have static variables");
        continue;
      }
      variable(v);
    }
  }

  void VisitReturnStmt(const ReturnStmt* rs) {
    const Expr* v = rs->getRetValue();
    const std::string leaving = l_.destroy_scopes(c_, 0, pad(indent_ + 1));
    const QualType ret = c_.fn->getReturnType();
    if (!leaving.empty()) {
      // Braced (the return may be an if's only statement): the value first, then
      // the objects that go out of scope.
      const std::string q = pad(indent_ + 1);
      out_ += p_ + "{\n";
      if (v && ret->isVoidType()) {
        out_ += q + bare(expr(v)) + ";\n" + leaving + q + "return;\n";
      } else if (v && !ret->isReferenceType() &&
                 (lowering::depth(ret) == 0 || lowering::holds_views(ret))) {
        const std::string r = l_.temp(c_, ret, c_.ret);
        out_ += q + r + " = " + expr(v) + ";\n" + leaving + q + "return " + r + ";\n";
      } else if (v && lowering::returns_copy(c_)) {
        const std::string r = l_.temp(c_, ret.getNonReferenceType().getUnqualifiedType());
        out_ += q + r + " = " + l_.value_of(c_, v) + ";\n" + leaving + q + "return " + r + ";\n";
      } else if (v && ret->isReferenceType()) {
        out_ += leaving + q + "return " + l_.address(c_, v) + ";\n";
      } else {
        out_ += leaving + q + "return" + (v ? " " + expr(v) : std::string()) + ";\n";
      }
      out_ += p_ + "}\n";
      return;
    }
    if (!v) {
      out_ += p_ + "return;\n";
    } else if (lowering::returns_copy(c_)) {
      out_ += p_ + "return " + l_.value_of(c_, v) + ";\n";
    } else if (ret->isReferenceType()) {
      out_ += p_ + "return " + l_.address(c_, v) + ";\n";
    } else if (ret->isVoidType()) {
      out_ += p_ + bare(expr(v)) + ";\n" + p_ + "return;\n";
    } else {
      out_ += p_ + "return " + expr(v) + ";\n";
    }
  }

  void VisitIfStmt(const IfStmt* is) {
    if (is->isConstexpr()) {
      bool taken = true;
      is->getCond()->EvaluateAsBooleanCondition(taken, ctx_);
      nested(taken ? is->getThen() : is->getElse(), indent_);
      return;
    }
    const bool scoped = is->getInit() || is->getConditionVariableDeclStmt();
    int in = indent_;
    if (scoped) {
      out_ += p_ + "{\n";
      ++in;
      nested(is->getInit(), in);
      nested(is->getConditionVariableDeclStmt(), in);
    }
    // A condition Clang can decide leaves one branch (the headers' `if (N <= 3)`).
    bool known = false;
    if (!is->getConditionVariable() && !is->getCond()->HasSideEffects(ctx_) &&
        is->getCond()->EvaluateAsBooleanCondition(known, ctx_)) {
      nested(known ? is->getThen() : is->getElse(), in);
    } else {
      out_ += pad(in) + "if (" + bare(expr(is->getCond())) + ")\n";
      nested(is->getThen(), in + 1);
      if (is->getElse()) {
        out_ += pad(in) + "else\n";
        nested(is->getElse(), in + 1);
      }
    }
    if (scoped) out_ += p_ + "}\n";
  }

  // ---- loops: a break or continue in the body leaves the blocks opened since ----
  void VisitForStmt(const ForStmt* fs) {
    out_ += p_ + "{\n";
    nested(fs->getInit(), indent_ + 1);
    std::string cond = "1";
    if (fs->getCond()) cond = bare(expr(fs->getCond()));
    out_ += pad(indent_ + 1) + "for (; " + cond + "; " +
            (fs->getInc() ? l_.discarded(c_, fs->getInc()) : "") + ")\n";
    if (fs->getConditionVariableDeclStmt())
      l_.error(fs->getBeginLoc(), "a for loop with a condition variable is not supported yet");
    body(fs->getBody(), indent_ + 2, true);
    out_ += p_ + "}\n";
  }
  void VisitWhileStmt(const WhileStmt* ws) {
    if (ws->getConditionVariableDeclStmt()) {
      l_.error(ws->getBeginLoc(), "a while loop with a condition variable is not supported yet");
      return;
    }
    out_ += p_ + "while (" + bare(expr(ws->getCond())) + ")\n";
    body(ws->getBody(), indent_ + 1, true);
  }
  void VisitDoStmt(const DoStmt* d) {
    out_ += p_ + "do\n";
    body(d->getBody(), indent_ + 1, true);
    l_.last_line = 0;  // the condition's own line, not the body's last
    out_ += l_.line_directive(d->getCond()->getBeginLoc());
    out_ += p_ + "while (" + bare(expr(d->getCond())) + ");\n";
  }
  void VisitCXXForRangeStmt(const CXXForRangeStmt* rf) {
    out_ += p_ + "{\n";
    nested(rf->getRangeStmt(), indent_ + 1);
    nested(rf->getBeginStmt(), indent_ + 1);
    nested(rf->getEndStmt(), indent_ + 1);
    out_ += pad(indent_ + 1) + "for (; " + expr(rf->getCond()) + "; " + expr(rf->getInc()) + ")\n";
    out_ += pad(indent_ + 1) + "{\n";
    nested(rf->getLoopVarStmt(), indent_ + 2);
    body(rf->getBody(), indent_ + 2, true);
    out_ += pad(indent_ + 1) + "}\n";
    out_ += p_ + "}\n";
  }

  // ---- switch: a break leaves its blocks, a continue does not stop there ----
  void VisitSwitchStmt(const SwitchStmt* sw) {
    const bool scoped = sw->getInit() || sw->getConditionVariableDeclStmt();
    if (scoped) {
      out_ += p_ + "{\n";
      nested(sw->getInit(), indent_ + 1);
      nested(sw->getConditionVariableDeclStmt(), indent_ + 1);
    }
    out_ += p_ + "switch (" + bare(expr(sw->getCond())) + ")\n";
    body(sw->getBody(), indent_ + 1, false);
    if (scoped) out_ += p_ + "}\n";
  }
  void VisitCaseStmt(const CaseStmt* cs) {
    out_ += p_ + "case " + expr(cs->getLHS()) + ":\n";
    nested(cs->getSubStmt(), indent_ + 1);
  }
  void VisitDefaultStmt(const DefaultStmt* ds) {
    out_ += p_ + "default:\n";
    nested(ds->getSubStmt(), indent_ + 1);
  }
  void VisitBreakStmt(const BreakStmt*) { jump(true); }
  void VisitContinueStmt(const ContinueStmt*) { jump(false); }

  void VisitNullStmt(const NullStmt*) { out_ += p_ + ";\n"; }
  void VisitAttributedStmt(const AttributedStmt* as) { nested(as->getSubStmt(), indent_); }

  // An expression whose value is unused.
  void VisitExpr(const Expr* e) {
    std::string text = bare(l_.discarded(c_, e));
    // A call that returns a reference, its result unused: the call, not `*call`.
    if (const auto* call = dyn_cast<CallExpr>(e->IgnoreParenImpCasts());
        call && call->getCallReturnType(ctx_)->isReferenceType() && text.rfind("*", 0) == 0)
      text = text.substr(1);
    out_ += p_ + text + ";\n";
  }

  void VisitStmt(const Stmt* s) {
    l_.error(s->getBeginLoc(), std::string("the statement '") + s->getStmtClassName() +
                                   "' is not supported in restrict(amp) code");
  }

 private:
  std::string expr(const Expr* e) { return l_.expr(c_, e); }
  void nested(const Stmt* s, int indent) { l_.stmt(c_, s, out_, indent); }
  // A loop's or switch's body: where its break (and, in a loop, continue) goes.
  void body(const Stmt* s, int indent, bool loop) {
    c_.exits.emplace_back(c_.scopes.size(), loop);
    nested(s, indent);
    c_.exits.pop_back();
  }

  void jump(bool is_break) {
    std::string leaving;
    for (auto it = c_.exits.rbegin(); it != c_.exits.rend(); ++it)
      if (is_break || it->second) {
        leaving = l_.destroy_scopes(c_, it->first, pad(indent_ + 1));
        break;
      }
    const std::string jump = is_break ? "break;\n" : "continue;\n";
    // Braced: the jump may be an if's only statement.
    out_ +=
        leaving.empty() ? p_ + jump : p_ + "{\n" + leaving + pad(indent_ + 1) + jump + p_ + "}\n";
  }

  // A local variable's declaration with its initialization.
  void variable(const VarDecl* v) {
    const std::string name = l_.var_name(c_, v);
    const QualType t = v->getType();
    // Destroyed when the block ends: pushed once its declaration is written.
    struct at_exit {
      lowering& l;
      clone& c;
      const QualType t;
      const std::string& name;
      const VarDecl* v;
      ~at_exit() {
        if (c.scopes.empty() || t->isReferenceType()) return;
        const levels& lv = c.vars[v];
        const std::string d =
            l.destroy(c, t->getAsCXXRecordDecl(), "&" + name,
                      lowering::holds_views(t) && !lv.empty() ? lv.back() : space::none);
        if (!d.empty()) c.scopes.back().push_back(d);
      }
    } destroyed_later{l_, c_, t, name, v};
    if (t->isReferenceType()) {
      out_ += p_ + l_.declare(t, c_.vars[v], name) + " = " + l_.address(c_, v->getInit()) + ";\n";
      return;
    }
    const levels lv = lowering::depth(t) ? c_.vars[v] : levels();
    levels where = lv;  // a constructor's object: the variable, then its levels
    where.insert(where.begin(), space::priv);
    const Expr* init = v->getInit();
    if (!init) {
      out_ += p_ + l_.declare(t, lv, name) + ";\n";
      return;
    }
    const Expr* bare_init = init->IgnoreImplicit();
    if (const auto* ce = dyn_cast<CXXConstructExpr>(bare_init);
        ce && !isa<CXXTemporaryObjectExpr>(ce) && !ce->isElidable()) {
      out_ += p_ + l_.declare(t, lv, name) + ";\n";
      if (const auto* a = ctx_.getAsConstantArrayType(t); a && !ce->getConstructor()->isTrivial()) {
        // An array of objects: each element constructed in turn, in order.
        const QualType elem = ctx_.getBaseElementType(t);
        const std::uint64_t count = ctx_.getConstantArrayElementCount(a);
        const std::string i = l_.local_name(c_, "i");
        const std::string first =
            "((" + l_.declare(ctx_.getPointerType(elem), where, "") + ")" + name + ")";
        out_ += p_ + "for (int " + i + " = 0; " + i + " < " + std::to_string(count) + "; ++" + i +
                ")\n";
        out_ += p_ + "  " + l_.construct_element(c_, ce, first + "[" + i + "]", where) + ";\n";
        return;
      }
      const std::string ctor = l_.construct(c_, ce, name, where);
      if (ctor != name) out_ += p_ + ctor + ";\n";
      return;
    }
    if (const auto* il = dyn_cast<InitListExpr>(bare_init)) {
      std::function<std::string(const InitListExpr*)> braces = [&](const InitListExpr* list) {
        std::string b = "{";
        for (unsigned i = 0; i < list->getNumInits(); ++i) {
          const Expr* x = list->getInit(i)->IgnoreImplicit();
          b += (i ? ", " : "");
          if (const auto* inner = dyn_cast<InitListExpr>(x))
            b += braces(inner);
          else if (isa<ImplicitValueInitExpr>(x))
            b += "{0}";
          else
            b += expr(list->getInit(i));
        }
        if (list->getNumInits() == 0) b += "0";
        return b + "}";
      };
      out_ += p_ + l_.declare(t, lv, name) + " = " + braces(il) + ";\n";
      return;
    }
    out_ += p_ + l_.declare(t, lv, name) + " = " + expr(init) + ";\n";
  }

  lowering& l_;
  clone& c_;
  ASTContext& ctx_;
  std::string& out_;
  const int indent_;
  const std::string p_;  // the statement's indentation
};

void lowering::stmt(clone& c, const Stmt* s, std::string& out, int indent) {
  if (!s) return;
  if (const char* what = statement_name(s)) {
    error(s->getBeginLoc(), std::string(what) + " is not allowed in restrict(amp) code");
    return;
  }
  if (!isa<CompoundStmt>(s)) out += line_directive(s->getBeginLoc());
  statement_rules(*this, c, out, indent).Visit(s);
}

void lowering::emit_function(clone& c) {
  const FunctionDecl* fn = c.fn;
  emitting.insert(&c);
  if (c.name.empty()) {
    std::string base;
    if (const auto* md = dyn_cast<CXXMethodDecl>(fn)) {
      base = record_name(md->getParent()) + "_";
      if (isa<CXXConstructorDecl>(fn)) base += "construct";
      else if (fn->isOverloadedOperator()) base += sanitize(fn->getNameAsString().substr(8)).empty()
                                                  ? "operator" : "";
      if (fn->isOverloadedOperator()) {
        static const std::map<OverloadedOperatorKind, const char*> words = {
            {OO_Subscript, "subscript"}, {OO_Call, "call"}, {OO_Plus, "plus"}, {OO_Minus, "minus"},
            {OO_Star, "times"}, {OO_Slash, "divide"}, {OO_Percent, "modulo"}, {OO_Equal, "assign"},
            {OO_PlusEqual, "plus_assign"}, {OO_MinusEqual, "minus_assign"},
            {OO_StarEqual, "times_assign"}, {OO_SlashEqual, "divide_assign"},
            {OO_PercentEqual, "modulo_assign"}, {OO_EqualEqual, "equal"},
            {OO_ExclaimEqual, "not_equal"}, {OO_Less, "less"}, {OO_Greater, "greater"},
            {OO_LessEqual, "less_equal"}, {OO_GreaterEqual, "greater_equal"},
            {OO_PlusPlus, "increment"}, {OO_MinusMinus, "decrement"}, {OO_Exclaim, "not"},
            {OO_AmpAmp, "and"}, {OO_PipePipe, "or"}, {OO_Amp, "bit_and"}, {OO_Pipe, "bit_or"},
            {OO_Caret, "bit_xor"}, {OO_Tilde, "bit_not"}, {OO_LessLess, "shift_left"},
            {OO_GreaterGreater, "shift_right"}};
        auto it = words.find(fn->getOverloadedOperator());
        base += it != words.end() ? it->second : "operator";
      } else if (isa<CXXDestructorDecl>(fn)) {
        base += "destruct";
      } else if (!isa<CXXConstructorDecl>(fn)) {
        base += isa<CXXConversionDecl>(fn) ? "convert" : fn->getNameAsString();
      }
    } else if (fn->isOverloadedOperator()) {
      base = "operator_" + std::to_string(static_cast<int>(fn->getOverloadedOperator()));
    } else {
      base = fn->getNameAsString();
    }
    c.name = fresh(base);
  }
  if (!fn->hasBody()) {
    error(fn->getLocation(), "'" + fn->getQualifiedNameAsString() +
                                 "' is declared restrict(amp) but has no definition to translate");
    emitting.erase(&c);
    return;
  }

  const std::string saved_file = last_line_file;
  const unsigned saved_line = last_line;
  last_line = 0;
  last_line_file.clear();

  // Body first: it decides the temporaries and the tile_static variables used.
  std::string body;
  if (const auto* ctor = dyn_cast<CXXConstructorDecl>(fn)) {
    for (const CXXCtorInitializer* init : ctor->inits()) {
      const Expr* value = init->getInit();
      if (!value) continue;
      std::string target;
      levels where;  // a view member or base: this object's memory
      if (!c.key.empty()) where.push_back(c.key[0]);
      if (c.key.size() > 1 && holds_views(value->getType())) where.push_back(c.key[1]);
      if (init->isMemberInitializer()) {
        target = "this_->" + field_name(init->getMember());
      } else if (init->isBaseInitializer()) {
        const CXXRecordDecl* b = init->getBaseClass()->getAsCXXRecordDecl();
        if (b->isEmpty()) continue;
        target = "this_->base_" + sanitize(b->getName().str());
      } else {
        error(init->getSourceLocation(), "delegating and indirect member initializers are not supported yet");
        continue;
      }
      const Expr* bare = value->IgnoreImplicit();
      body += line_directive(init->getSourceLocation());
      if (init->isMemberInitializer() && init->getMember()->getType()->isReferenceType()) {
        body += "  " + target + " = " + address(*&c, value) + ";\n";
      } else if (const auto* ce = dyn_cast<CXXConstructExpr>(bare)) {
        std::string t = construct(c, ce, target, holds_views(ce->getType()) ? where : levels());
        if (t != target) body += "  " + t + ";\n";
      } else if (const auto* il = dyn_cast<InitListExpr>(bare); il && il->getType()->isArrayType()) {
        for (unsigned i = 0; i < il->getNumInits(); ++i)
          body += "  " + target + "[" + std::to_string(i) + "] = " + expr(c, il->getInit(i)) + ";\n";
      } else if (isa<ImplicitValueInitExpr>(bare) && init->getMember() &&
                 init->getMember()->getType()->isArrayType()) {
        continue;  // value-initialised array member: left as is (rare; C++ AMP code fills it)
      } else {
        body += "  " + target + " = " + expr(c, value) + ";\n";
      }
    }
  }
  stmt(c, fn->getBody(), body, 1);
  if (const auto* dd = dyn_cast<CXXDestructorDecl>(fn)) {
    // Then the members, the last declared first.
    const CXXRecordDecl* rd = dd->getParent();
    std::vector<const FieldDecl*> fields(rd->field_begin(), rd->field_end());
    for (auto it = fields.rbegin(); it != fields.rend(); ++it) {
      if ((*it)->getType()->isReferenceType()) continue;
      const std::string d =
          destroy(c, (*it)->getType()->getAsCXXRecordDecl(), "&this_->" + field_name(*it),
                  per_object(*it) && c.key.size() > 1 ? c.key[1] : space::none);
      if (!d.empty()) body += "  " + d + ";\n";
    }
  }

  // Signature.
  std::string sig;
  const QualType ret = fn->getReturnType();
  if (returns_copy(c)) {
    sig = declare(ret.getNonReferenceType().getUnqualifiedType(), levels(), c.name);
  } else {
    if (depth(ret) && !c.ret.empty() && c.ret[0] == space::conflict)
      error(fn->getLocation(),
            "'" + fn->getNameAsString() +
                "' returns a writable reference or pointer to one of its arguments, and a "
                "kernel calls it with arguments in different memories (private, tile_static, "
                "global), which OpenCL C 1.2 has no type for: return a const reference or the "
                "value, or copy the arguments into locals of one memory before the call");
    sig = declare(ret, depth(ret) ? c.ret : levels(), c.name);
  }
  std::string params;
  std::size_t at = 0;
  auto add = [&](const std::string& p) { params += (params.empty() ? "" : ", ") + p; };
  if (const auto* md = dyn_cast<CXXMethodDecl>(fn); md && !md->isStatic()) {
    const std::size_t n = static_cast<std::size_t>(this_depth(md));
    levels lv(c.key.begin(), c.key.begin() + static_cast<long>(std::min(n, c.key.size())));
    settle(lv, md->getThisType());
    add(declare(ctx.getPointerType(ctx.getRecordType(md->getParent())), lv, "this_"));
    at += n;
  }
  for (const ParmVarDecl* pd : fn->parameters()) {
    const int d = depth(pd->getType());
    levels lv(c.key.begin() + static_cast<long>(std::min(at, c.key.size())),
              c.key.begin() + static_cast<long>(std::min(at + static_cast<std::size_t>(d), c.key.size())));
    at += static_cast<std::size_t>(d);
    QualType t = pd->getType();
    if (const auto* a = dyn_cast<ArrayType>(t.getCanonicalType().getTypePtr()))
      t = ctx.getPointerType(a->getElementType());
    add(declare(t, lv, var_name(c, pd)));
  }
  for (const VarDecl* v : c.tile_statics)
    add(declare(ctx.getPointerType(v->getType()), levels{space::local}, "ts_" + tile_static_name(v)));
  if (!image_slots.empty()) add(image_params_mark());
  // Locals: their declarations inside the body carry their spaces.
  sig.insert(sig.find(c.name) + c.name.size(), "(" + (params.empty() ? std::string("void") : params) + ")");
  std::string text = sig + " {\n";
  for (const std::string& t : c.temps) text += "  " + t + "\n";
  text += repeat_line_directives(body) + "}\n";
  // `body` holds one more brace pair from the CompoundStmt: fine for C.
  c.temps.clear();
  emitting.erase(&c);
  emitted.push_back(&c);
  function_texts[&c] = text;

  last_line_file = saved_file;
  last_line = saved_line;
}

}  // namespace ampcl::translate
