#include "msvc_leniencies.hpp"

#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/TypeLoc.h>
#include <clang/Basic/DiagnosticParse.h>
#include <clang/Basic/DiagnosticSema.h>
#include <clang/Lex/Lexer.h>

#include <map>

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
  std::map<SourceLocation, const RecoveryExpr*> calls, inits;
  std::map<SourceLocation, const VarDecl*> variables;
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
    // argument does not have the same type ... ('int' vs 'unsigned int')".
    if (in_call_ && info.getID() == diag::note_ovl_candidate_substitution_failure &&
        info.getNumArgs() > 1 && info.getArgKind(1) == DiagnosticsEngine::ak_std_string) {
      const std::string& why = info.getArgStdStr(1);
      if (why.find("deduced non-type template argument does not have the same type") !=
              std::string::npos &&
          why.find("'int' vs 'unsigned int'") != std::string::npos)
        unsigned_deduced_.insert(info.getLocation());
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
    case diag::err_template_parameter_default_template_member:
      // The default argument's range; the `=` before it goes too.
      if (info.getNumRanges() > 0) fixes_.push_back(FixItHint::CreateRemoval(info.getRange(0)));
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

void msvc_leniencies::end_call() {
  if (in_call_ && !call_.args.empty()) calls_.push_back(call_);
  in_call_ = false;
}

void msvc_leniencies::resolve(ASTContext& ctx) {
  end_call();
  if (!sm_ || (bindings_.empty() && calls_.empty() && fixes_.empty() && unsigned_deduced_.empty()))
    return;
  lang_ = &ctx.getLangOpts();
  for (const FixItHint& h : fixes_) fix(h);
  if (!unsigned_deduced_.empty()) declare_int(ctx);
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
    if (r == found.end()) continue;
    const auto parts = r->second->subExpressions();
    for (unsigned arg : c.args) {
      const unsigned index = c.init ? arg - 1 : arg;  // a call's first part is the callee
      if (arg > 0 && index < parts.size() && parts[index])
        wrap(CharSourceRange::getTokenRange(parts[index]->getSourceRange()));
    }
  }
}

void msvc_leniencies::wrap(CharSourceRange r) {
  if (r.isInvalid() || !r.getBegin().isFileID() || !r.getEnd().isFileID()) return;
  SourceLocation end = r.getEnd();
  if (r.isTokenRange()) end = Lexer::getLocForEndOfToken(end, 0, *sm_, *lang_);
  if (end.isInvalid() || sm_->getFileID(end) != sm_->getFileID(r.getBegin())) return;
  if (edits_.insert(*sm_, r.getBegin(), "__ampcl_lvalue(")) edits_.insert(*sm_, end, ")");
}

namespace {

class templates_at : public RecursiveASTVisitor<templates_at> {
 public:
  explicit templates_at(const std::set<SourceLocation>& wanted) : wanted_(wanted) {}
  bool VisitFunctionTemplateDecl(FunctionTemplateDecl* t) {
    if (wanted_.count(t->getLocation())) found.push_back(t);
    return true;
  }
  std::vector<const FunctionTemplateDecl*> found;

 private:
  const std::set<SourceLocation>& wanted_;
};

}  // namespace

// Each `unsigned int` (or `unsigned`) non-type parameter of the templates whose
// deduction failed for it becomes `int`, as written.
void msvc_leniencies::declare_int(ASTContext& ctx) {
  templates_at finder(unsigned_deduced_);
  finder.TraverseDecl(ctx.getTranslationUnitDecl());
  std::set<SourceLocation> done;
  for (const FunctionTemplateDecl* t : finder.found)
    for (const NamedDecl* p : *t->getTemplateParameters()) {
      const auto* nt = dyn_cast<NonTypeTemplateParmDecl>(p);
      if (!nt || !nt->getType()->isSpecificBuiltinType(BuiltinType::UInt) ||
          !nt->getTypeSourceInfo())
        continue;
      const SourceRange r = nt->getTypeSourceInfo()->getTypeLoc().getSourceRange();
      if (!r.getBegin().isFileID() || !r.getEnd().isFileID() || !done.insert(r.getBegin()).second)
        continue;
      const SourceLocation end = Lexer::getLocForEndOfToken(r.getEnd(), 0, *sm_, *lang_);
      if (end.isInvalid()) continue;
      edits_.replace(*sm_, r.getBegin(), sm_->getFileOffset(end) - sm_->getFileOffset(r.getBegin()),
                     "int");
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
