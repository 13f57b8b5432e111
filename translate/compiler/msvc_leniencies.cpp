#include "msvc_leniencies.hpp"

#include "diagnostic_text.hpp"

#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/TypeLoc.h>
#include <clang/Basic/DiagnosticParse.h>
#include <clang/Basic/DiagnosticSema.h>
#include <clang/Lex/Lexer.h>

#include <cctype>
#include <map>
#include <regex>

namespace ampcl::translate {

using namespace clang;

namespace {

// What the parse recovered from: each failed call's parts (Clang 14 keeps a call
// that overload resolution rejected as a RecoveryExpr of the callee and the
// arguments, a failed initialization as one of the arguments), and the variables.
class recovered : public RecursiveASTVisitor<recovered> {
 public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitRecoveryExpr(RecoveryExpr* e) {
    const auto parts = e->subExpressions();
    if (!parts.empty() && parts.front()) calls[parts.front()->getExprLoc()] = e;
    return true;
  }
  bool VisitVarDecl(VarDecl* v) {
    variables[v->getLocation()] = v;
    if (const auto* r = dyn_cast_or_null<RecoveryExpr>(v->getInit())) inits[v->getLocation()] = r;
    return true;
  }
  // A member initializer's arguments, as written in the template (an instantiation
  // that failed leaves none): `owner(make())` in a class template's constructor.
  bool VisitCXXConstructorDecl(CXXConstructorDecl* d) {
    for (const CXXCtorInitializer* i : d->inits()) {
      if (!i->isWritten() || !i->getInit()) continue;
      Expr* init = i->getInit();
      std::vector<const Expr*>& args = member_inits[i->getSourceLocation()];
      args.clear();
      if (auto* list = dyn_cast<ParenListExpr>(init))
        args.assign(list->exprs().begin(), list->exprs().end());
      else if (const auto* construct = dyn_cast<CXXConstructExpr>(init))
        args.assign(construct->arg_begin(), construct->arg_end());
      else if (const auto* r = dyn_cast<RecoveryExpr>(init))
        args.assign(r->subExpressions().begin(), r->subExpressions().end());
      else
        args.push_back(init);
    }
    return true;
  }
  std::map<SourceLocation, const RecoveryExpr*> calls, inits;
  std::map<SourceLocation, const VarDecl*> variables;
  std::map<SourceLocation, std::vector<const Expr*>> member_inits;
};

}  // namespace

void msvc_leniencies::see(DiagnosticsEngine::Level level, const Diagnostic& info) {
  if (!info.hasSourceManager()) return;
  sm_ = &info.getSourceManager();
  if (level == DiagnosticsEngine::Note) {
    // "candidate ... not viable: expects an lvalue for Nth argument": its
    // arguments 3 (argument / object argument), 4 (N), 5 (lvalue / rvalue).
    if (in_call_ && info.getID() == diag::note_ovl_candidate_bad_value_category &&
        info.getNumArgs() > 5 && info.getRawArg(5) == 0 && info.getRawArg(3) == 0)
      call_.args.insert(static_cast<unsigned>(info.getRawArg(4)));
    // "candidate template ignored: substitution failure: deduced non-type template
    // argument does not have the same type as the corresponding template parameter
    // ('int' vs 'unsigned int')": the argument's type, then the parameter's.
    if (in_call_ && info.getID() == diag::note_ovl_candidate_substitution_failure &&
        info.getNumArgs() > 1 && info.getArgKind(1) == DiagnosticsEngine::ak_std_string) {
      static const std::regex mismatch(
          "deduced non-type template argument does not have the same type as the "
          "corresponding template parameter \\('([a-z ]+)' vs '([a-z ]+)'\\)");
      std::smatch m;
      const std::string& why = info.getArgStdStr(1);
      if (std::regex_search(why, m, mismatch) && integer_type(m[1]) && integer_type(m[2]))
        deduced_as_[info.getLocation()].emplace(m[2], m[1]);
    }
    // The one candidate's parameter: the binding was an argument.
    if (info.getID() == diag::note_parameter_named_here && !bindings_.empty() &&
        bindings_.back().at == last_error_)
      bindings_.back().argument = true;
    return;
  }
  end_call();
  last_error_ = info.getLocation();
  switch (info.getID()) {
    case diag::err_lvalue_reference_bind_to_temporary:
      if (info.getNumArgs() > 0 && info.getRawArg(0) == 0)  // non-const, not volatile
        bindings_.push_back(
            {info.getLocation(), info.getNumRanges() > 0 ? info.getRange(0) : CharSourceRange()});
      break;
    case diag::err_typecheck_invalid_operands:  // an operator: its candidates' notes follow
    case diag::err_ovl_no_viable_function_in_call:
    case diag::err_ovl_no_viable_member_function_in_call:
      in_call_ = true;
      call_ = {info.getLocation(), false, {}};
      break;
    case diag::err_ovl_no_viable_function_in_init:
      in_call_ = true;
      call_ = {info.getLocation(), true, {}};
      break;
    case diag::err_typename_missing:
    case diag::err_typename_missing_template:
      // (Found while instantiating, Clang offers no fix-it: `typename` goes before
      // the name it points at.)
      if (info.getNumFixItHints() == 0)
        fixes_.push_back(FixItHint::CreateInsertion(info.getLocation(), "typename "));
      for (const FixItHint& h : info.getFixItHints()) fixes_.push_back(h);
      break;
    case diag::err_unexpected_typedef:
      // "unexpected type name 'T': expected expression" at `X::T()`: a functional cast
      // of a dependent type, named without `typename` (Visual C++ took it).
      if (const SourceLocation from = qualified_name_start(info.getLocation()); from.isValid())
        fixes_.push_back(FixItHint::CreateInsertion(from, "typename "));
      break;
    case diag::err_template_missing_args:
    case diag::err_auto_not_allowed:
    case diag::err_deduced_class_template_ctor_no_viable: {
      // A namespace-scope class template found where Visual C++ found a dependent
      // base's member of the same name (resolve() checks the class): "use of class
      // template 'X' requires template arguments" (as a type: err_auto_not_allowed's
      // fourth form), or X(...) as a functional cast.
      const unsigned id = info.getID();
      const bool class_template =
          id == diag::err_deduced_class_template_ctor_no_viable ||
          (id == diag::err_template_missing_args && info.getNumArgs() > 0 &&
           info.getRawArg(0) == 0) ||
          (id == diag::err_auto_not_allowed && info.getNumArgs() > 2 && info.getRawArg(0) == 3 &&
           info.getRawArg(2) == 0);
      const std::string message = diagnostic_text(info);
      static const std::regex quoted("'([A-Za-z_][A-Za-z0-9_]*)'");
      std::smatch m;
      if (class_template && std::regex_search(message, m, quoted))
        base_members_.emplace(info.getLocation(), m[1].str());
      break;
    }
    case diag::err_template_parameter_default_template_member:
      // The default argument's range; the `=` before it goes too.
      if (info.getNumRanges() > 0) fixes_.push_back(FixItHint::CreateRemoval(info.getRange(0)));
      break;
    case diag::err_param_default_argument_template_redecl:
      if (info.getNumRanges() > 0) late_defaults_.push_back({info.getLocation(), info.getRange(0)});
      break;
    case diag::err_template_kw_missing:
      // At the member's name, after `.`, `->` or `::`.
      if (follows_member_access(info.getLocation()))
        edits_.insert(*sm_, info.getLocation(), "template ");
      break;
    default:
      break;
  }
}

bool msvc_leniencies::follows_member_access(SourceLocation at) const {
  if (!at.isFileID()) return false;
  bool invalid = false;
  const char* p = sm_->getCharacterData(at, &invalid);
  const llvm::StringRef text = sm_->getBufferData(sm_->getFileID(at), &invalid);
  if (invalid) return false;
  while (p > text.begin() && (p[-1] == ' ' || p[-1] == '\t' || p[-1] == '\n')) --p;
  return p - text.begin() >= 1 &&
         (p[-1] == '.' || (p - text.begin() >= 2 && (llvm::StringRef(p - 2, 2) == "->" ||
                                                     llvm::StringRef(p - 2, 2) == "::")));
}

// Where the qualified name whose last part is at `at` begins (`A::B::name`: at A),
// or an invalid location when `at` follows no `::`.
SourceLocation msvc_leniencies::qualified_name_start(SourceLocation at) const {
  if (!at.isFileID()) return {};
  bool invalid = false;
  const llvm::StringRef text = sm_->getBufferData(sm_->getFileID(at), &invalid);
  if (invalid) return {};
  const std::size_t name = sm_->getFileOffset(at);
  std::size_t p = name;
  auto ident = [&](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_'; };
  for (;;) {
    std::size_t q = p;
    while (q > 0 && (text[q - 1] == ' ' || text[q - 1] == '\t')) --q;
    if (q < 2 || text.substr(q - 2, 2) != "::") break;
    q -= 2;
    while (q > 0 && (text[q - 1] == ' ' || text[q - 1] == '\t')) --q;
    std::size_t b = q;
    while (b > 0 && ident(text[b - 1])) --b;
    if (b == q) break;  // `::name` or `X<...>::name`: left alone
    p = b;
  }
  if (p == name) return {};
  return at.getLocWithOffset(-static_cast<int>(name - p));
}

void msvc_leniencies::end_call() {
  if (in_call_ && !call_.args.empty()) calls_.push_back(call_);
  in_call_ = false;
}

void msvc_leniencies::resolve(ASTContext& ctx) {
  end_call();
  if (!sm_ || (bindings_.empty() && calls_.empty() && fixes_.empty() && deduced_as_.empty() &&
               base_members_.empty() && late_defaults_.empty()))
    return;
  lang_ = &ctx.getLangOpts();
  for (const FixItHint& h : fixes_) fix(h);
  if (!late_defaults_.empty()) move_late_defaults(ctx);
  if (!deduced_as_.empty()) declare_deduced_types(ctx);
  if (!base_members_.empty()) qualify_base_members(ctx);
  recovered parse;
  parse.TraverseDecl(ctx.getTranslationUnitDecl());
  for (const binding& b : bindings_) {
    auto v = parse.variables.find(b.at);
    if (v == parse.variables.end()) {
      if (b.argument) wrap(b.value);  // a call with one candidate
      continue;                       // a member, a return: dangling in Visual C++ too
    }
    if (isa<ParmVarDecl>(v->second)) {
      wrap(b.value);  // a default argument: it lives through the call
      continue;
    }
    const TypeSourceInfo* tsi = v->second->getTypeSourceInfo();
    const auto ref =
        tsi ? tsi->getTypeLoc().getAsAdjusted<LValueReferenceTypeLoc>() : LValueReferenceTypeLoc();
    if (ref && ref.getSigilLoc().isFileID()) edits_.replace(*sm_, ref.getSigilLoc(), 1, "&&");
  }
  for (const call& c : calls_) {
    const auto& found = c.init ? parse.inits : parse.calls;
    auto r = found.find(c.at);
    if (r == found.end()) {
      const auto m = c.init ? parse.member_inits.find(c.at) : parse.member_inits.end();
      if (m == parse.member_inits.end()) continue;
      for (unsigned arg : c.args)
        if (arg > 0 && arg <= m->second.size() && m->second[arg - 1])
          wrap(CharSourceRange::getTokenRange(m->second[arg - 1]->getSourceRange()));
      continue;
    }
    const auto parts = r->second->subExpressions();
    for (unsigned arg : c.args) {
      const unsigned index = c.init ? arg - 1 : arg;  // a call's first part is the callee
      if (arg > 0 && index < parts.size() && parts[index])
        wrap(CharSourceRange::getTokenRange(parts[index]->getSourceRange()));
    }
  }
}

void msvc_leniencies::wrap(CharSourceRange r) {
  if (r.isInvalid()) return;
  // Written through a macro (Bolt's `#define make_uint4 (uint_4)`), the file's text
  // is wrapped only where a whole macro use is the argument's start or end.
  const CharSourceRange in_file = Lexer::makeFileCharRange(r, *sm_, *lang_);
  if (in_file.isInvalid()) return;
  const SourceLocation begin = in_file.getBegin(), end = in_file.getEnd();
  if (sm_->getFileID(end) != sm_->getFileID(begin)) return;
  if (edits_.insert(*sm_, begin, "__ampcl_lvalue(")) edits_.insert(*sm_, end, ")");
}

namespace {

class templates_at : public RecursiveASTVisitor<templates_at> {
 public:
  explicit templates_at(const std::map<SourceLocation, std::set<std::pair<std::string, std::string>>>& wanted)
      : wanted_(wanted) {}
  bool VisitFunctionTemplateDecl(FunctionTemplateDecl* t) {
    if (wanted_.count(t->getLocation())) found.push_back(t);
    return true;
  }
  std::vector<const FunctionTemplateDecl*> found;

 private:
  const std::map<SourceLocation, std::set<std::pair<std::string, std::string>>>& wanted_;
};

}  // namespace

namespace {

// Class templates with a dependent base, innermost last.
class classes_with_dependent_bases : public RecursiveASTVisitor<classes_with_dependent_bases> {
 public:
  bool VisitCXXRecordDecl(CXXRecordDecl* rd) {
    if (rd->isThisDeclarationADefinition() && rd->isDependentContext() && rd->getIdentifier())
      for (const CXXBaseSpecifier& b : rd->bases())
        if (b.getType()->isDependentType()) {
          found.push_back(rd);
          break;
        }
    return true;
  }
  std::vector<const CXXRecordDecl*> found;
};

}  // namespace

// `real_type` in a class template whose dependent base declares it, where lookup
// found a namespace-scope template of that name: `typename C::real_type`, which
// is looked up when C is instantiated, in its bases too, as Visual C++ did.
void msvc_leniencies::qualify_base_members(ASTContext& ctx) {
  classes_with_dependent_bases finder;
  finder.TraverseDecl(ctx.getTranslationUnitDecl());
  for (auto [at, name] : base_members_) {
    if (!at.isFileID()) continue;
    // The diagnostic may point past the name (at the declarator of `real_type v`):
    // the name is the last one before it on its line.
    const llvm::StringRef text = sm_->getBufferData(sm_->getFileID(at));
    std::size_t off = sm_->getFileOffset(at);
    if (text.substr(off, name.size()) != name) {
      const std::size_t line = text.rfind('\n', off);
      const std::size_t found = text.substr(0, off).rfind(name);
      if (found == llvm::StringRef::npos || (line != llvm::StringRef::npos && found < line)) continue;
      at = at.getLocWithOffset(-static_cast<int>(off - found));
      off = found;
    }
    const CXXRecordDecl* inner = nullptr;
    for (const CXXRecordDecl* rd : finder.found) {
      const SourceRange braces = rd->getBraceRange();
      if (braces.isValid() && sm_->isBeforeInTranslationUnit(braces.getBegin(), at) &&
          sm_->isBeforeInTranslationUnit(at, braces.getEnd()) &&
          (!inner || sm_->isBeforeInTranslationUnit(inner->getBraceRange().getBegin(),
                                                     braces.getBegin())))
        inner = rd;
    }
    if (!inner) continue;
    const unsigned length = Lexer::MeasureTokenLength(at, *sm_, *lang_);
    if (length != name.size()) continue;
    // Already qualified (`X::real_type`) is not this case.
    std::size_t q = off;
    while (q > 0 && (text[q - 1] == ' ' || text[q - 1] == '\t')) --q;
    if (q >= 2 && text.substr(q - 2, 2) == "::") continue;
    edits_.replace(*sm_, at, length, "typename " + inner->getNameAsString() + "::" + name);
  }
}

bool msvc_leniencies::integer_type(const std::string& name) {
  static const std::set<std::string> names = {
      "int",           "unsigned int",       "long",          "unsigned long", "long long",
      "unsigned long long", "short",         "unsigned short", "char",         "signed char",
      "unsigned char"};
  return names.count(name) > 0;
}

// Each non-type parameter of the templates whose deduction failed for it takes the
// type deduced for it (`unsigned int tile_size` from tiled_index<int>: `int`; `int N`
// from std::array's size_t: `unsigned long`), written where the parameter's was.
void msvc_leniencies::declare_deduced_types(ASTContext& ctx) {
  templates_at finder(deduced_as_);
  finder.TraverseDecl(ctx.getTranslationUnitDecl());
  std::set<SourceLocation> done;
  for (const FunctionTemplateDecl* t : finder.found)
    for (const NamedDecl* p : *t->getTemplateParameters()) {
      const auto* nt = dyn_cast<NonTypeTemplateParmDecl>(p);
      if (!nt || !nt->getTypeSourceInfo()) continue;
      const std::string declared = nt->getType().getCanonicalType().getAsString();
      std::string wanted;
      for (const auto& [from, to] : deduced_as_.at(t->getLocation()))
        if (from == declared) wanted = to;
      if (wanted.empty()) continue;
      const SourceRange r = nt->getTypeSourceInfo()->getTypeLoc().getSourceRange();
      if (!r.getBegin().isFileID() || !r.getEnd().isFileID() || !done.insert(r.getBegin()).second)
        continue;
      const SourceLocation end = Lexer::getLocForEndOfToken(r.getEnd(), 0, *sm_, *lang_);
      if (end.isInvalid()) continue;
      edits_.replace(*sm_, r.getBegin(), sm_->getFileOffset(end) - sm_->getFileOffset(r.getBegin()),
                     wanted);
    }
}

namespace {

class parameters_at : public RecursiveASTVisitor<parameters_at> {
 public:
  bool VisitParmVarDecl(ParmVarDecl* p) {
    found[p->getLocation()] = p;
    return true;
  }
  std::map<SourceLocation, const ParmVarDecl*> found;
};

bool same_parameter_names(const TemplateParameterList& a, const TemplateParameterList& b) {
  if (a.size() != b.size()) return false;
  for (unsigned i = 0; i < a.size(); ++i)
    if (a.getParam(i)->getName() != b.getParam(i)->getName()) return false;
  return true;
}

}  // namespace

// A default argument written on a later declaration of a function template (Bolt's
// reduce.h declares reduce(..., binary_op = plus<T>()) after reduce.inl defined
// it): Visual C++ took it from there on; it moves to the first declaration, whose
// template parameters must have the same names (the default is text).
void msvc_leniencies::move_late_defaults(ASTContext& ctx) {
  parameters_at finder;
  finder.TraverseDecl(ctx.getTranslationUnitDecl());
  for (const late_default& d : late_defaults_) {
    const auto p = finder.found.find(d.at);
    if (p == finder.found.end()) continue;
    const auto* later = dyn_cast<FunctionDecl>(p->second->getDeclContext());
    const FunctionTemplateDecl* later_template =
        later ? later->getDescribedFunctionTemplate() : nullptr;
    if (!later_template) continue;
    const auto* first_template = cast<FunctionTemplateDecl>(later_template->getFirstDecl());
    const FunctionDecl* first = first_template->getTemplatedDecl();
    const unsigned index = p->second->getFunctionScopeIndex();
    if (first == later || index >= first->getNumParams() ||
        !same_parameter_names(*first_template->getTemplateParameters(),
                              *later_template->getTemplateParameters()))
      continue;
    const CharSourceRange value = Lexer::makeFileCharRange(d.value, *sm_, *lang_);
    const SourceLocation after = Lexer::getLocForEndOfToken(
        first->getParamDecl(index)->getEndLoc(), 0, *sm_, *lang_);
    if (value.isInvalid() || after.isInvalid()) continue;
    bool invalid = false;
    const llvm::StringRef text = Lexer::getSourceText(value, *sm_, *lang_, &invalid);
    if (invalid || text.empty()) continue;
    if (edits_.insert(*sm_, after, " = " + text.str())) fix(FixItHint::CreateRemoval(value));
  }
}

void msvc_leniencies::fix(const FixItHint& hint) {
  const CharSourceRange r = hint.RemoveRange;
  if (r.isInvalid() || !r.getBegin().isFileID() || !r.getEnd().isFileID()) return;
  SourceLocation begin = r.getBegin(), end = r.getEnd();
  if (r.isTokenRange()) end = Lexer::getLocForEndOfToken(end, 0, *sm_, *lang_);
  if (end.isInvalid() || sm_->getFileID(end) != sm_->getFileID(begin)) return;
  const unsigned from = sm_->getFileOffset(begin), to = sm_->getFileOffset(end);
  if (to < from) return;
  if (hint.CodeToInsert.empty() && to > from) {
    // A removed default template argument takes its `=` along.
    const llvm::StringRef text = sm_->getBufferData(sm_->getFileID(begin));
    std::size_t eq = from;
    while (eq > 0 && (text[eq - 1] == ' ' || text[eq - 1] == '\t')) --eq;
    if (eq > 0 && text[eq - 1] == '=') begin = begin.getLocWithOffset(-(int)(from - eq + 1));
  }
  const std::size_t length = sm_->getFileOffset(end) - sm_->getFileOffset(begin);
  if (length == 0) edits_.insert(*sm_, begin, hint.CodeToInsert);
  else edits_.replace(*sm_, begin, length, hint.CodeToInsert);
}

}  // namespace ampcl::translate
