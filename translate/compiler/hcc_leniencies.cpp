#include "hcc_leniencies.hpp"

#include <clang/AST/Attr.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/DiagnosticSema.h>
#include <clang/Lex/Lexer.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>
#include <string_view>

#include "kernels_reached.hpp"

namespace ampcl::translate {

using namespace clang;

namespace {

// CUDA targets as Clang's diagnostics number them.
enum target : int { device = 0, global = 1, host = 2, host_device = 3 };

const char* restriction_of(intptr_t t) {
  switch (t) {
    case device:
      return "restrict(amp)";
    case host:
      return "restrict(cpu)";
    case host_device:
      return "restrict(cpu, amp)";
    default:
      return nullptr;
  }
}

// No restriction written: Clang's default (host) or one it inferred.
bool unrestricted(const FunctionDecl* fn) {
  for (const Decl* d : fn->redecls()) {
    const auto* h = d->getAttr<CUDAHostAttr>();
    const auto* g = d->getAttr<CUDADeviceAttr>();
    if ((h && !h->isImplicit()) || (g && !g->isImplicit())) return false;
  }
  return true;
}

// Declared restrict(auto) or restrict(cpu, auto) (restrict.h's annotation).
bool auto_restricted(const FunctionDecl* fn) {
  if (const FunctionDecl* pattern = fn->getTemplateInstantiationPattern()) fn = pattern;
  for (const Decl* d : fn->redecls())
    for (const auto* a : d->specific_attrs<AnnotateAttr>())
      if (a->getAnnotation() == "ampcl_restrict_auto") return true;
  return false;
}

bool explicitly(const FunctionDecl* fn, bool host) {
  for (const Decl* d : fn->redecls()) {
    const Attr* a = host ? static_cast<const Attr*>(d->getAttr<CUDAHostAttr>())
                         : static_cast<const Attr*>(d->getAttr<CUDADeviceAttr>());
    if (a && !a->isImplicit()) return true;
  }
  return false;
}

bool is_array_view(QualType t) {
  const CXXRecordDecl* rd = t.getNonReferenceType()->getAsCXXRecordDecl();
  const auto* ns = rd ? dyn_cast<NamespaceDecl>(rd->getDeclContext()) : nullptr;
  return ns && ns->getName() == "Concurrency" && rd->getName() == "array_view";
}

// The array_views restrict(amp) lambdas capture by reference.
class view_captures_by_reference : public RecursiveASTVisitor<view_captures_by_reference> {
 public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitLambdaExpr(LambdaExpr* l) {
    const CXXMethodDecl* call = l->getCallOperator();
    if (!call || !call->hasAttr<CUDADeviceAttr>()) return true;
    for (const LambdaCapture& c : l->captures())
      if (c.capturesVariable() && c.getCaptureKind() == LCK_ByRef &&
          is_array_view(c.getCapturedVar()->getType()))
        found.push_back({l, c});
    return true;
  }
  std::vector<std::pair<const LambdaExpr*, LambdaCapture>> found;
};

// The definitions of restrict(amp) functions, but templates and their members
// (Clang checks those where they are instantiated), lambdas, constexpr functions
// and those whose return type the body deduces.
class amp_only_definitions : public RecursiveASTVisitor<amp_only_definitions> {
 public:
  bool VisitFunctionDecl(FunctionDecl* fn) {
    const auto* method = dyn_cast<CXXMethodDecl>(fn);
    if (fn->doesThisDeclarationHaveABody() && explicitly(fn, false) &&
        !fn->hasAttr<CUDAHostAttr>() && fn->getTemplatedKind() == FunctionDecl::TK_NonTemplate &&
        !fn->isDependentContext() && !fn->isConstexpr() &&
        !fn->getDeclaredReturnType()->getContainedAutoType() &&
        !(method && method->getParent()->isLambda()))
      found.push_back(fn);
    return true;
  }
  std::vector<const FunctionDecl*> found;
};

class functions_at : public RecursiveASTVisitor<functions_at> {
 public:
  explicit functions_at(const std::set<SourceLocation>& wanted) : wanted_(wanted) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitFunctionDecl(FunctionDecl* fn) {
    if (wanted_.count(fn->getLocation())) found.push_back(fn);
    return true;
  }
  std::vector<const FunctionDecl*> found;

 private:
  const std::set<SourceLocation>& wanted_;
};

}  // namespace

void hcc_leniencies::see(DiagnosticsEngine::Level level, const Diagnostic& info) {
  if (!info.hasSourceManager()) return;
  sm_ = &info.getSourceManager();
  if (level == DiagnosticsEngine::Note) {
    if (in_error_) see_note(info);
    return;
  }
  in_error_ = level >= DiagnosticsEngine::Error;
  if (!in_error_) return;
  errors_.emplace_back();
  error& e = errors_.back();
  e.at = sm_->getExpansionLoc(info.getLocation());
  switch (info.getID()) {
    case diag::err_ovl_no_viable_function_in_call:
    case diag::err_ovl_no_viable_member_function_in_call:
    case diag::err_ovl_no_viable_function_in_init:
      e.in_call = true;
      break;
    case diag::err_ref_bad_target:
      // "reference to __host__ function|variable D in __device__ function"
      if (info.getNumArgs() > 3 && info.getRawArg(0) == host &&
          info.getArgKind(2) == DiagnosticsEngine::ak_nameddecl) {
        e.restriction = true;
        e.host_ref = reinterpret_cast<const NamedDecl*>(info.getRawArg(2));
      }
      break;
    case diag::err_cuda_ovl_target:
      // "__host__ __device__ function F cannot overload __host__ function F"
      if (info.getNumArgs() > 3 && info.getArgKind(3) == DiagnosticsEngine::ak_nameddecl) {
        const auto* old =
            dyn_cast<FunctionDecl>(reinterpret_cast<const NamedDecl*>(info.getRawArg(3)));
        const char* wanted = restriction_of(info.getRawArg(0));
        if (old && wanted && unrestricted(old)) merges_.emplace_back(old, wanted);
      }
      break;
    default:
      break;
  }
}

// "candidate function not viable: call to __host__ function from __device__
// function": its arguments 3 (the callee's target) and 4 (the caller's).
void hcc_leniencies::see_note(const Diagnostic& info) {
  if (info.getID() != diag::note_ovl_candidate_bad_target || info.getNumArgs() <= 4 ||
      info.getRawArg(3) != host ||
      (info.getRawArg(4) != device && info.getRawArg(4) != host_device))
    return;
  error& e = errors_.back();
  e.restriction = true;
  if (e.in_call) e.candidates.push_back(info.getLocation());
}

void hcc_leniencies::resolve(ASTContext& ctx) {
  lang_ = &ctx.getLangOpts();
  sm_ = &ctx.getSourceManager();
  const std::set<const FunctionDecl*> reached = reached_from(kernel_entries(ctx));
  take_errors(ctx, drop_unreached_amp_bodies(ctx, reached));
  // Every function the kernels run, through any depth of calls, in one reading:
  // those written without a restriction are inferred (Clang says only which the
  // kernels call directly).
  for (const FunctionDecl* fn : reached)
    if (!fn->hasAttr<CUDADeviceAttr>() && !fn->isImplicit()) callees_.push_back(fn);
  infer_auto(ctx);
  for (const FunctionDecl* fn : callees_)
    if (!auto_restricted(fn) && unrestricted(fn)) restrict_function(fn, "restrict(cpu, amp)");
  for (const auto& [fn, restriction] : merges_) restrict_function(fn, restriction);
  for (const VarDecl* v : variables_) {
    make_constant(v, ctx);
    make_local(v);
  }
  capture_views_by_value(ctx);
}

// The functions and variables the errors outside `dropped` name as restrict(cpu)
// in amp code: callees to infer, variables to make constants of.
void hcc_leniencies::take_errors(ASTContext& ctx, const std::vector<SourceRange>& dropped) {
  std::set<SourceLocation> candidates;
  for (const error& e : errors_) {
    if (std::any_of(dropped.begin(), dropped.end(), [&](SourceRange r) {
          return sm_->isPointWithin(e.at, r.getBegin(), r.getEnd());
        }))
      continue;
    candidates.insert(e.candidates.begin(), e.candidates.end());
    if (const auto* fn = dyn_cast_or_null<FunctionDecl>(e.host_ref)) callees_.push_back(fn);
    if (const auto* v = dyn_cast_or_null<VarDecl>(e.host_ref)) variables_.push_back(v);
  }
  if (candidates.empty()) return;
  functions_at finder(candidates);
  finder.TraverseDecl(ctx.getTranslationUnitDecl());
  callees_.insert(callees_.end(), finder.found.begin(), finder.found.end());
}

// A restrict(amp) function that no kernel reaches, whose errors all are restrict(cpu)
// things used in it, is read with a body that does nothing (one that never returns:
// no "missing return" warning in the host pass). The ranges of the bodies dropped.
std::vector<SourceRange> hcc_leniencies::drop_unreached_amp_bodies(
    ASTContext& ctx, const std::set<const FunctionDecl*>& reached) {
  std::vector<SourceRange> dropped;
  if (errors_.empty()) return dropped;
  amp_only_definitions definitions;
  definitions.TraverseDecl(ctx.getTranslationUnitDecl());
  for (const FunctionDecl* fn : definitions.found) {
    const auto* body = dyn_cast_or_null<CompoundStmt>(fn->getBody());
    if (!body || reached.count(fn->getCanonicalDecl())) continue;
    const SourceRange r(body->getLBracLoc(), body->getRBracLoc());
    bool restriction = false, other = false;
    for (const error& e : errors_)
      if (sm_->isPointWithin(e.at, r.getBegin(), r.getEnd()))
        (e.restriction ? restriction : other) = true;
    if (restriction && !other && replace_body(r)) dropped.push_back(r);
  }
  return dropped;
}

// The compound statement in `r` becomes `{ __builtin_unreachable(); }`, lines kept.
bool hcc_leniencies::replace_body(SourceRange r) {
  const SourceLocation b = r.getBegin(), e = r.getEnd();
  if (!b.isFileID() || !e.isFileID() || sm_->getFileID(b) != sm_->getFileID(e)) return false;
  bool invalid = false;
  const char* from = sm_->getCharacterData(b, &invalid);
  const char* to = sm_->getCharacterData(e, &invalid);
  if (invalid) return false;
  const std::string text =
      "{ __builtin_unreachable(); }" + std::string(std::count(from, to, '\n'), '\n');
  return edits_.replace(*sm_, b, to - from + 1, text);
}

// restrict(auto): HCC gave the function restrict(amp) too when its body allowed it
// (restrict(cpu) stays: a body that uses restrict(amp)-only functions is an error
// there, as in HCC). Here amp is added when amp code calls the function, its body
// then checked as amp code (what amp code may not do is reported in it). The result
// is written in place of `auto`.
void hcc_leniencies::infer_auto(ASTContext&) {
  std::map<const FunctionDecl*, const char*> inferred;
  for (const FunctionDecl* fn : callees_) {
    if (const FunctionDecl* pattern = fn->getTemplateInstantiationPattern()) fn = pattern;
    if (!auto_restricted(fn) || explicitly(fn, false) || inferred.count(fn)) continue;
    inferred[fn] = explicitly(fn, true) ? "amp" : "cpu, amp";
  }
  for (const auto& [fn, restriction] : inferred) write_auto(fn, restriction);
}

// `auto` in the restriction specifier of each declaration of `fn` (restrict.h's
// annotation comes from it) becomes `restriction`.
void hcc_leniencies::write_auto(const FunctionDecl* fn, const char* restriction) {
  for (const Decl* d : fn->redecls())
    for (const auto* a : d->specific_attrs<AnnotateAttr>()) {
      if (a->getAnnotation() != "ampcl_restrict_auto") continue;
      const SourceLocation spec = sm_->getExpansionLoc(a->getLocation());
      bool invalid = false;
      const char* p = sm_->getCharacterData(spec, &invalid);
      if (invalid) continue;
      const char* close = std::strchr(p, ')');
      const char* word = std::strstr(p, "auto");
      if (!close || !word || word > close) continue;
      edits_.replace(*sm_, spec.getLocWithOffset(word - p), 4, restriction);
    }
}

// `[&v]` -> `[v]`; `[&]` -> `[&, v]`.
void hcc_leniencies::capture_views_by_value(ASTContext& ctx) {
  view_captures_by_reference finder;
  finder.TraverseDecl(ctx.getTranslationUnitDecl());
  std::set<std::pair<SourceLocation, std::string>> done;
  for (const auto& [lambda, capture] : finder.found) {
    const std::string name = capture.getCapturedVar()->getNameAsString();
    if (capture.isImplicit()) {
      const SourceLocation amp = lambda->getCaptureDefaultLoc();
      if (amp.isFileID() && done.insert({amp, name}).second)
        edits_.insert(*sm_, amp.getLocWithOffset(1), ", " + name);
      continue;
    }
    const SourceLocation at = capture.getLocation();
    if (!at.isFileID() || !done.insert({at, name}).second) continue;
    bool invalid = false;
    const char* p = sm_->getCharacterData(at, &invalid);
    const llvm::StringRef text = sm_->getBufferData(sm_->getFileID(at), &invalid);
    if (invalid) continue;
    const char* q = p;
    while (q > text.begin() && (q[-1] == ' ' || q[-1] == '\t' || q[-1] == '\n')) --q;
    if (q == text.begin() || q[-1] != '&') continue;
    edits_.replace(*sm_, at.getLocWithOffset(-(p - q) - 1), p - q + 1, "");
  }
}

// The restriction goes after the parameter list and its qualifiers (the rewrite of
// restrictions.hpp moves it past an exception specification), on every
// declaration of the function (of its template, for an instantiation).
void hcc_leniencies::restrict_function(const FunctionDecl* fn, const char* restriction) {
  if (const FunctionDecl* pattern = fn->getTemplateInstantiationPattern()) fn = pattern;
  if (isa<CXXMethodDecl>(fn) && cast<CXXMethodDecl>(fn)->getParent()->isLambda()) return;
  for (const FunctionDecl* d : fn->redecls()) {
    const FunctionTypeLoc proto = d->getFunctionTypeLoc();
    if (!proto) continue;
    // A declaration a macro writes (Random123's generators) is edited in the macro's
    // definition, so every function it writes gets the restriction.
    const SourceLocation rparen = sm_->getSpellingLoc(proto.getRParenLoc());
    if (!rparen.isFileID()) continue;
    SourceLocation at = Lexer::getLocForEndOfToken(rparen, 0, *sm_, *lang_);
    // Past const, volatile, & and && after the parameter list.
    SourceLocation from = rparen;
    for (int n = 0; n < 8; ++n) {
      const llvm::Optional<Token> t = Lexer::findNextToken(from, *sm_, *lang_);
      if (!t || !(t->is(tok::kw_const) || t->is(tok::kw_volatile) || t->is(tok::amp) ||
                  t->is(tok::ampamp)))
        break;
      from = t->getLocation();
      at = Lexer::getLocForEndOfToken(from, 0, *sm_, *lang_);
    }
    if (at.isValid()) edits_.insert(*sm_, at, std::string(" ") + restriction);
  }
}

namespace {

// Whether `v` is assigned, incremented or decremented anywhere, itself or an element
// or member of it (what a kernel's copy of its initial value would miss).
class writes_to : public RecursiveASTVisitor<writes_to> {
 public:
  explicit writes_to(const VarDecl* v) : v_(v) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitBinaryOperator(BinaryOperator* b) {
    if (b->isAssignmentOp() && names(b->getLHS())) found = true;
    return !found;
  }
  bool VisitCompoundAssignOperator(CompoundAssignOperator* b) {
    if (names(b->getLHS())) found = true;
    return !found;
  }
  bool VisitUnaryOperator(UnaryOperator* u) {
    if (u->isIncrementDecrementOp() && names(u->getSubExpr())) found = true;
    return !found;
  }
  bool found = false;

 private:
  bool names(const Expr* e) const {
    for (;;) {
      e = e->IgnoreParenImpCasts();
      if (const auto* d = dyn_cast<DeclRefExpr>(e)) return d->getDecl() == v_;
      if (const auto* a = dyn_cast<ArraySubscriptExpr>(e))
        e = a->getBase();
      else if (const auto* m = dyn_cast<MemberExpr>(e))
        e = m->getBase();
      else
        return false;
    }
  }
  const VarDecl* v_;
};

}  // namespace

// A variable at namespace scope (or a static member) with an initializer, that
// nothing assigns: the translation pass reads it as a constant of the kernel's
// program (__AMPCL_HCC_GLOBAL, restrict.h: CUDA's __constant__ there, nothing in the
// host pass), whose value is the initializer's. One the program writes is left to
// Clang's error: a kernel's copy would not see the writes.
void hcc_leniencies::make_constant(const VarDecl* v, ASTContext& ctx) {
  if (!v->hasGlobalStorage() || v->isStaticLocal() || v->getType().isConstQualified() ||
      !v->getAnyInitializer() || v->getPreviousDecl() || v->getType()->isReferenceType())
    return;
  writes_to writes(v);
  writes.TraverseDecl(ctx.getTranslationUnitDecl());
  if (!writes.found) edits_.insert(*sm_, v->getOuterLocStart(), "__AMPCL_HCC_GLOBAL ");
}

// A static local whose type is the closure of a lambda that captures nothing (HCC's
// InvalidLambda/empty_lambda2 keeps one to work around its kernel-name mangling):
// the object has no state, so a plain local is the same function object, and a
// kernel copies it. Its `static` is blanked; any other static local stays Clang's
// error (a kernel's copy would not share its state).
void hcc_leniencies::make_local(const VarDecl* v) {
  if (!v->isStaticLocal()) return;
  const CXXRecordDecl* closure = v->getType()->getAsCXXRecordDecl();
  if (!closure || !closure->isLambda() || closure->capture_size() != 0) return;
  const SourceLocation from = v->getBeginLoc(), name = v->getLocation();
  if (!from.isFileID() || !name.isFileID() || sm_->getFileID(from) != sm_->getFileID(name)) return;
  bool invalid = false;
  const char* begin = sm_->getCharacterData(from, &invalid);
  const char* end = sm_->getCharacterData(name, &invalid);
  if (invalid || end < begin) return;
  const std::string_view specifiers(begin, static_cast<std::size_t>(end - begin));
  const auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (std::size_t at = specifiers.find("static"); at != std::string_view::npos;
       at = specifiers.find("static", at + 1)) {
    const bool starts = at == 0 || !word(specifiers[at - 1]);
    const bool ends = at + 6 == specifiers.size() || !word(specifiers[at + 6]);
    if (starts && ends) {
      edits_.replace(*sm_, from.getLocWithOffset(static_cast<int>(at)), 6, "      ");
      return;
    }
  }
}

}  // namespace ampcl::translate
