#include "frontend.hpp"

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTMutationListener.h>
#include <clang/AST/Attr.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/DiagnosticOptions.h>
#include <clang/Basic/DiagnosticSema.h>
#include <clang/CodeGen/CodeGenAction.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Frontend/FrontendActions.h>
#include <clang/Frontend/MultiplexConsumer.h>
#include <clang/Frontend/TextDiagnostic.h>
#include <clang/Lex/Lexer.h>
#include <clang/Lex/MacroArgs.h>
#include <clang/Lex/Preprocessor.h>
#include <clang/Sema/Sema.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <ampcl/detail/settings.hpp>
#include <cstdlib>
#include <map>
#include <set>

#include "amp_rules/amp_rules.hpp"
#include "clang_resource.hpp"
#include "diagnostic_text.hpp"
#include "hcc_leniencies.hpp"
#include "kernels_reached.hpp"
#include "lower.hpp"
#include "msvc_leniencies.hpp"
#include "restriction_context.hpp"
#include "restrictions.hpp"
#include "source_edits.hpp"
#include "tile_static_objects.hpp"

namespace ampcl::translate {

using namespace clang;

namespace {

// Clang speaks CUDA; its messages about restrict(amp) code are reworded in C++
// AMP's terms before they reach the user. A static_assert of the compatibility
// headers (what C++ AMP does not allow, with the fix) is reported at the user's
// line that instantiated it, as MSVC reports C++ AMP's own, with the header's
// line and the instantiation chain as notes.
class amp_diagnostics : public DiagnosticConsumer {
 public:
  explicit amp_diagnostics(std::vector<std::string> trusted_dirs,
                           llvm::raw_ostream& out = llvm::errs())
      : trusted_dirs_(std::move(trusted_dirs)), out_(out) {}
  void BeginSourceFile(const LangOptions& lang, const Preprocessor*) override {
    text_ = std::make_unique<TextDiagnostic>(out_, lang, opts_.get());
  }
  void EndSourceFile() override {
    flush();
    text_.reset();
  }
  void HandleDiagnostic(DiagnosticsEngine::Level level, const Diagnostic& info) override {
    for (leniency* l : leniencies) l->see(level, info);
    if (restriction_on_a_typedef(level, info) || exported(info)) return;
    DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level != DiagnosticsEngine::Note) flush();
    std::string s = diagnostic_text(info);
    // CUDA's rule for __shared__ is C++ AMP's for tile_static (no initializer, no
    // constructor that does anything): say what that excludes.
    replace(s, "initialization is not supported for __shared__ variables.",
            "a tile_static variable cannot be initialized, nor have a type whose constructor "
            "does work: declare plain data tile_static and fill it in the kernel (textures, "
            "texture views, samplers and array_views cannot be tile_static: capture them)");
    replace(s, "__host__ __device__ function", "restrict(cpu, amp) function");
    replace(s, "__device__ function", "restrict(amp) function");
    replace(s, "__host__ function", "restrict(cpu) function");
    replace(s, "__shared__ variable", "tile_static variable");
    replace(s, "__device__", "restrict(amp)");
    replace(s, "__host__", "restrict(cpu)");
    replace(s, "__shared__", "tile_static");
    if (text_ && info.getLocation().isValid() && info.hasSourceManager()) {
      const FullSourceLoc at(info.getLocation(), info.getSourceManager());
      const bool static_assert_failed = info.getID() == diag::err_static_assert_failed ||
                                        info.getID() == diag::err_static_assert_requirement_failed;
      if (level == DiagnosticsEngine::Error && static_assert_failed && in_headers(at)) {
        held_ = true;
        held_at_ = at;
        held_text_ = s;
        held_notes_.clear();
        return;
      }
      if (held_ && level == DiagnosticsEngine::Note) {
        held_notes_.push_back({at, s});
        if (!in_headers(at) && !at.isInSystemHeader()) relocate(at);
        return;
      }
      text_->emitDiagnostic(FullSourceLoc(info.getLocation(), info.getSourceManager()), level, s,
                            info.getRanges(), info.getFixItHints());
    } else {
      out_ << (level >= DiagnosticsEngine::Error ? "error: " : "warning: ") << s << "\n";
    }
  }

  // The dialect's leniencies, which read the translation pass's diagnostics.
  std::vector<leniency*> leniencies;

 private:
  // __declspec(dllexport) and dllimport: a Windows DLL's exports; ELF exports
  // every symbol by default, so there is nothing to warn about.
  static bool exported(const Diagnostic& info) {
    if (info.getID() != diag::warn_unhandled_ms_attribute_ignored) return false;
    const std::string text = diagnostic_text(info);
    return text.find("dllexport") != std::string::npos ||
           text.find("dllimport") != std::string::npos;
  }
  // Clang ignores CUDA attributes on a typedef, with a warning; a restriction
  // specifier on a typedef of a function type is C++ AMP (the functions declared
  // with it take it, typedef_restrictions below), and one anywhere else that takes
  // none is an amp_rules error in the translation pass.
  static bool restriction_on_a_typedef(DiagnosticsEngine::Level level, const Diagnostic& info) {
    if (level != DiagnosticsEngine::Warning || !info.hasSourceManager() ||
        (info.getID() != diag::warn_attribute_wrong_decl_type &&
         info.getID() != diag::warn_attribute_wrong_decl_type_str))
      return false;
    const SourceManager& sm = info.getSourceManager();
    for (SourceLocation at = info.getLocation(); at.isMacroID();
         at = sm.getImmediateMacroCallerLoc(at))
      if (Lexer::getImmediateMacroName(at, sm, LangOptions()) == "_Amp_rst") return true;
    return false;
  }
  bool in_headers(const FullSourceLoc& at) const {
    const FileEntry* f =
        at.getManager().getFileEntryForID(at.getManager().getFileID(at.getExpansionLoc()));
    if (!f) return false;
    const llvm::StringRef name =
        f->tryGetRealPathName().empty() ? f->getName() : f->tryGetRealPathName();
    for (const std::string& d : trusted_dirs_)
      if (!d.empty() && name.startswith(d)) return true;
    return false;
  }
  // The held static_assert at the user's line `at`: its message (the quoted part),
  // then where it is in the headers and how the user's code reached it.
  void relocate(const FullSourceLoc& at) {
    // Clang 14: static_assert failed [due to requirement 'EXPR'] "MESSAGE"; the
    // requirement may hold quotes, the message too.
    std::string message = held_text_;
    const std::size_t after = message.find("due to requirement '") == std::string::npos
                                  ? message.find('"')
                                  : message.rfind("' \"") == std::string::npos
                                      ? std::string::npos
                                      : message.rfind("' \"") + 2;
    if (after != std::string::npos && message.size() > after + 1 && message.back() == '"')
      message = message.substr(after + 1, message.size() - after - 2);
    text_->emitDiagnostic(at, DiagnosticsEngine::Error, message, {}, {});
    text_->emitDiagnostic(held_at_, DiagnosticsEngine::Note, held_text_, {}, {});
    for (const auto& [where, text] : held_notes_)
      text_->emitDiagnostic(where, DiagnosticsEngine::Note, text, {}, {});
    held_ = false;
  }
  // A held static_assert no user line reached: as Clang reported it.
  void flush() {
    if (!held_ || !text_) return;
    text_->emitDiagnostic(held_at_, DiagnosticsEngine::Error, held_text_, {}, {});
    for (const auto& [where, text] : held_notes_)
      text_->emitDiagnostic(where, DiagnosticsEngine::Note, text, {}, {});
    held_ = false;
  }
  static void replace(std::string& s, const std::string& from, const std::string& to) {
    for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
      s.replace(at, from.size(), to);
  }
  llvm::IntrusiveRefCntPtr<DiagnosticOptions> opts_{new DiagnosticOptions()};
  std::unique_ptr<TextDiagnostic> text_;
  std::vector<std::string> trusted_dirs_;
  llvm::raw_ostream& out_;
  bool held_ = false;
  FullSourceLoc held_at_;
  std::string held_text_;
  std::vector<std::pair<FullSourceLoc, std::string>> held_notes_;
};

// C++ AMP gives the member functions of a class defined inside a function, when
// written without a restriction, that function's restrictions (as lambdas get
// them); Clang's CUDA mode would leave them host-only, so a restrict(amp)
// function could not call them.
void inherit_restrictions(const TagDecl* tag) {
  const auto* rd = dyn_cast<CXXRecordDecl>(tag);
  const auto* outer =
      rd ? dyn_cast_or_null<FunctionDecl>(rd->getParentFunctionOrMethod()) : nullptr;
  if (!outer || rd->isLambda()) return;
  for (CXXMethodDecl* m : rd->methods()) {
    if (m->isImplicit() || m->hasAttr<CUDAHostAttr>() || m->hasAttr<CUDADeviceAttr>()) continue;
    if (outer->hasAttr<CUDADeviceAttr>())
      m->addAttr(CUDADeviceAttr::CreateImplicit(m->getASTContext()));
    if (outer->hasAttr<CUDAHostAttr>() || !outer->hasAttr<CUDADeviceAttr>())
      m->addAttr(CUDAHostAttr::CreateImplicit(m->getASTContext()));
  }
}

// C++ AMP infers each side of an implicitly declared special member on its own:
// it is restrict(amp) when every base and member has that special member on the
// amp side, restrict(cpu) likewise, even where those are different overloads
// (`B(B&) restrict(cpu)` beside `B(B&) restrict(amp)`). Clang's CUDA mode picks
// one overload per subobject and infers from it alone; the side it left out is
// added here where every subobject has an overload of its own for it.
enum class special { none, default_ctor, copy_ctor, move_ctor, copy_assign, move_assign, dtor };

special kind_of(const CXXMethodDecl* m) {
  if (const auto* c = dyn_cast<CXXConstructorDecl>(m)) {
    if (c->isDefaultConstructor()) return special::default_ctor;
    if (c->isCopyConstructor()) return special::copy_ctor;
    if (c->isMoveConstructor()) return special::move_ctor;
    return special::none;
  }
  if (isa<CXXDestructorDecl>(m)) return special::dtor;
  if (m->isCopyAssignmentOperator()) return special::copy_assign;
  if (m->isMoveAssignmentOperator()) return special::move_assign;
  return special::none;
}

bool on_side(const FunctionDecl* fn, bool amp) {
  const bool device = fn->hasAttr<CUDADeviceAttr>(), host = fn->hasAttr<CUDAHostAttr>();
  return amp ? device : host || !device;
}

// Whether the object's (const-qualified for a const copy) first parameter binds.
bool takes(const CXXMethodDecl* m, bool from_const) {
  if (m->getNumParams() == 0) return true;
  const QualType p = m->getParamDecl(0)->getType().getNonReferenceType();
  return !from_const || p.isConstQualified();
}

// Whether class `rd` has special member `k` on the side `amp`, for an argument
// that is const when `from_const`.
bool has_on_side(const CXXRecordDecl* rd, special k, bool from_const, bool amp) {
  if (!rd || !rd->hasDefinition()) return false;
  rd = rd->getDefinition();
  bool declared = false;
  for (const CXXMethodDecl* m : rd->methods()) {
    if (kind_of(m) != k || m->isDeleted()) continue;
    declared = true;
    if (on_side(m, amp) && takes(m, from_const)) return true;
  }
  if (declared) return false;
  // Not declared yet: Clang's implicit one when it is trivial is callable on both sides.
  switch (k) {
    case special::default_ctor: return rd->hasTrivialDefaultConstructor();
    case special::copy_ctor: return rd->hasTrivialCopyConstructor();
    case special::move_ctor: return rd->hasTrivialMoveConstructor();
    case special::copy_assign: return rd->hasTrivialCopyAssignment();
    case special::move_assign: return rd->hasTrivialMoveAssignment();
    case special::dtor: return rd->hasTrivialDestructor();
    default: return false;
  }
}

void infer_both_sides(const CXXRecordDecl* rd, CXXMethodDecl* m) {
  const special k = kind_of(m);
  if (k == special::none || m->isDeleted() || rd->isLambda() || rd->isUnion()) return;
  const bool host = m->hasAttr<CUDAHostAttr>(), device = m->hasAttr<CUDADeviceAttr>();
  if (host == device) return;  // both already (or neither: Clang's host-only default)
  const bool from_const = (k == special::copy_ctor || k == special::copy_assign) &&
                          m->getNumParams() > 0 &&
                          m->getParamDecl(0)->getType().getNonReferenceType().isConstQualified();
  const bool amp = host;  // the side Clang left out
  bool any = false;
  for (const CXXBaseSpecifier& b : rd->bases()) {
    if (b.isVirtual() || !has_on_side(b.getType()->getAsCXXRecordDecl(), k, from_const, amp))
      return;
    any = true;
  }
  for (const FieldDecl* f : rd->fields()) {
    const CXXRecordDecl* frd = f->getType()->getBaseElementTypeUnsafe()->getAsCXXRecordDecl();
    if (!frd) continue;
    const bool field_const = from_const || f->getType().isConstQualified();
    if (f->isMutable() || !has_on_side(frd, k, field_const && !f->isMutable(), amp)) return;
    any = true;
  }
  if (!any) return;
  if (amp)
    m->addAttr(CUDADeviceAttr::CreateImplicit(m->getASTContext()));
  else
    m->addAttr(CUDAHostAttr::CreateImplicit(m->getASTContext()));
}

// Sema completes a class (its members declared) before it parses the bodies of
// the member functions defined in it: the restrictions are added then, so that
// those bodies, a constructor's implicit base and member initializers included,
// are checked with them (a local class's constructor calls its local base's
// C++ AMP's restriction specifiers are part of a function's type, so a typedef of
// a function type may carry one (`typedef int F() restrict(amp);`) and a function
// declared with it (`F f;`, a member or not) has it. Clang keeps CUDA attributes
// off typedefs (it ignores them there), so the preprocessor's record of where each
// _Amp_rst(...) expanded, and with which restrictions, says which typedefs had one.
struct typedef_restrictions {
  enum : unsigned { cpu = 1, amp = 2 };
  const SourceManager* sm = nullptr;
  std::vector<std::pair<SourceLocation, unsigned>> at;  // expansion location, sides

  // The restrictions written after the parameter list of `td`'s function type
  // (not those of a function type among its parameters), or of the typedef it
  // names in turn.
  unsigned of(const TypedefNameDecl* td, int depth = 0) const {
    if (!sm || !td || depth > 8) return 0;
    const TypeSourceInfo* tsi = td->getTypeSourceInfo();
    if (!tsi) return 0;
    const TypeLoc tl = tsi->getTypeLoc().IgnoreParens();
    if (const auto named = tl.getAs<TypedefTypeLoc>())
      return of(named.getTypedefNameDecl(), depth + 1);
    const auto fn = tl.getAs<FunctionTypeLoc>();
    if (!fn) return 0;
    // The tokens after the parameter list up to the declaration's end: those that
    // are a restriction specifier's expansion (a macro such as __GPU included).
    unsigned sides = 0;
    SourceLocation at_token = sm->getExpansionLoc(fn.getRParenLoc());
    for (int n = 0; n < 64; ++n) {
      const llvm::Optional<Token> t =
          Lexer::findNextToken(at_token, *sm, td->getASTContext().getLangOpts());
      if (!t || t->isOneOf(tok::semi, tok::comma, tok::equal, tok::l_brace, tok::eof)) break;
      at_token = t->getLocation();
      for (const auto& [loc, s] : at)
        if (loc == at_token) sides |= s;
    }
    return sides;
  }

  // `fn`, declared with such a typedef, gets the typedef's restrictions.
  void apply(FunctionDecl* fn) const {
    if (!fn || fn->hasAttr<CUDAHostAttr>() || fn->hasAttr<CUDADeviceAttr>()) return;
    const TypeSourceInfo* tsi = fn->getTypeSourceInfo();
    const auto named =
        tsi ? tsi->getTypeLoc().IgnoreParens().getAs<TypedefTypeLoc>() : TypedefTypeLoc();
    if (!named) return;
    const unsigned sides = of(named.getTypedefNameDecl());
    if (sides & amp) fn->addAttr(CUDADeviceAttr::CreateImplicit(fn->getASTContext()));
    if (sides & cpu) fn->addAttr(CUDAHostAttr::CreateImplicit(fn->getASTContext()));
  }
};

// C++ AMP is C++11, where `auto a = 3, f() -> int;` declares a variable and a
// function (C++11 [dcl.spec.auto]p2-3, as MSVC and GCC's -std=c++11 take it);
// C++14 forbade mixing them (CWG 1265, [dcl.spec.auto]p8), which Clang applies in
// every mode although its declarations are built as C++11 reads them. That one
// error is turned off in both passes (Clang's release build maps an error like a
// warning; the declarations it would have rejected are complete).
void accept_cxx11_auto_groups(DiagnosticsEngine& diags) {
  diags.setSeverity(diag::err_auto_non_deduced_not_alone, diag::Severity::Ignored,
                    SourceLocation());
}

class restriction_recorder : public PPCallbacks {
 public:
  restriction_recorder(typedef_restrictions& into, const SourceManager& sm) : into_(into) {
    into_.sm = &sm;
  }
  void MacroExpands(const Token& name, const MacroDefinition&, SourceRange range,
                    const MacroArgs* args) override {
    const IdentifierInfo* id = name.getIdentifierInfo();
    if (!id || id->getName() != "_Amp_rst" || !args) return;
    unsigned sides = 0;
    // One variadic argument: `cpu , amp`, ended by an eof token.
    for (unsigned i = 0; i < args->getNumMacroArguments(); ++i)
      for (const Token* t = args->getUnexpArgument(i); t && t->isNot(tok::eof); ++t) {
        const IdentifierInfo* side = t->getIdentifierInfo();
        if (!side) continue;
        if (side->getName() == "cpu") sides |= typedef_restrictions::cpu;
        if (side->getName() == "amp" || side->getName() == "direct3d")
          sides |= typedef_restrictions::amp;
      }
    into_.at.emplace_back(into_.sm->getExpansionLoc(range.getBegin()), sides);
  }

 private:
  typedef_restrictions& into_;
};

// restrict(amp) constructor).
class restriction_listener : public ASTMutationListener {
 public:
  void CompletedTagDefinition(const TagDecl* tag) override {
    inherit_restrictions(tag);
    if (const auto* rd = dyn_cast<CXXRecordDecl>(tag))
      for (CXXMethodDecl* m : rd->methods()) {
        if (m->isImplicit()) infer_both_sides(rd, m);
        typedefs.apply(m);
      }
  }
  // Implicit special members are declared when first needed, after the class.
  void AddedCXXImplicitMember(const CXXRecordDecl* rd, const Decl* d) override {
    if (const auto* m = dyn_cast<CXXMethodDecl>(d))
      infer_both_sides(rd, const_cast<CXXMethodDecl*>(m));
  }
  // A function declared at namespace scope with a restricted typedef, before its
  // definition is parsed.
  void declared(DeclGroupRef group) const {
    for (Decl* d : group)
      if (auto* fn = dyn_cast<FunctionDecl>(d)) typedefs.apply(fn);
  }
  typedef_restrictions typedefs;
};

// The host pass's share: the same restrictions, so that it compiles the classes
// the translation pass did (a restrict(amp) lambda's local object is built by a
// restrict(amp) constructor there too, and not emitted for the host).
class restriction_consumer : public ASTConsumer {
 public:
  explicit restriction_consumer(CompilerInstance& ci) {
    Preprocessor& pp = ci.getPreprocessor();
    accept_cxx11_auto_groups(pp.getDiagnostics());
    pp.addPPCallbacks(amp_return_type_context(ci));
    pp.addPPCallbacks(
        std::make_unique<restriction_recorder>(listener_.typedefs, pp.getSourceManager()));
  }
  void HandleTagDeclDefinition(TagDecl* tag) override { inherit_restrictions(tag); }
  bool HandleTopLevelDecl(DeclGroupRef group) override {
    listener_.declared(group);
    return true;
  }
  ASTMutationListener* GetASTMutationListener() override { return &listener_; }

 private:
  restriction_listener listener_;
};

class host_action : public WrapperFrontendAction {
 public:
  using WrapperFrontendAction::WrapperFrontendAction;
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance& ci,
                                                 llvm::StringRef file) override {
    std::vector<std::unique_ptr<ASTConsumer>> consumers;
    consumers.push_back(WrapperFrontendAction::CreateASTConsumer(ci, file));
    if (!consumers.back()) return nullptr;
    consumers.push_back(std::make_unique<restriction_consumer>(ci));
    return std::make_unique<MultiplexConsumer>(std::move(consumers));
  }
};

class translate_consumer : public ASTConsumer {
 public:
  translate_consumer(CompilerInstance& ci, translation& out, std::vector<std::string> trusted_dirs,
                     std::vector<leniency*> leniencies, amp_rules::rule_options rules)
      : ci_(ci),
        out_(out),
        trusted_dirs_(std::move(trusted_dirs)),
        leniencies_(std::move(leniencies)),
        rules_(rules) {
    ci.getPreprocessor().addPPCallbacks(amp_rules::record_specifiers(written_));
    accept_cxx11_auto_groups(ci.getDiagnostics());
    ci.getPreprocessor().addPPCallbacks(std::make_unique<restriction_recorder>(
        listener_.typedefs, ci.getPreprocessor().getSourceManager()));
    ci.getPreprocessor().addPPCallbacks(amp_return_type_context(ci));
  }
  bool HandleTopLevelDecl(DeclGroupRef group) override {
    listener_.declared(group);
    return true;
  }
  // The same when the class is finished, should Sema complete one without telling
  // the listener.
  void HandleTagDeclDefinition(TagDecl* tag) override { inherit_restrictions(tag); }
  ASTMutationListener* GetASTMutationListener() override { return &listener_; }

  void HandleTranslationUnit(ASTContext& ctx) override {
    for (leniency* l : leniencies_) l->resolve(ctx);
    if (ci_.getDiagnostics().hasErrorOccurred()) {
      amp_rules::check_containers(ctx, trusted_dirs_, out_.diagnostics);
      return;
    }
    const std::vector<const FunctionDecl*> entries = kernel_entries(ctx);
    // C++ AMP's restrict(amp) rules, over all the user's restrict(amp) code (HCC
    // checked only what kernels run, and code written for it relies on that).
    std::set<const FunctionDecl*> reached;
    if (rules_.scope != amp_rules::checked_scope::all) reached = reached_from(entries);
    drop_unparsed_bodies(written_);
    if (!amp_rules::check(ctx, written_, trusted_dirs_, out_.diagnostics, rules_, &reached))
      return;
    bool ok = true;
    for (const FunctionDecl* entry : entries) {
      lowering l(ctx, out_.diagnostics, ci_.getHeaderSearchOpts().ResourceDir);
      kernel_out k;
      if (l.lower_kernel(entry, k)) out_.kernels.push_back(std::move(k));
      else ok = false;
    }
    out_.ok = ok;
  }

 private:
  // Visual C++'s late template parsing (-fdelayed-template-parsing) leaves the body of
  // a template nothing instantiated unread, as Visual C++ did: the specifiers written
  // in it declare nothing Clang saw, and are not checked.
  void drop_unparsed_bodies(amp_rules::written_specifiers& written) const {
    const SourceManager& sm = ci_.getSourceManager();
    std::vector<SourceRange> unread;
    for (const auto& [fn, late] : ci_.getSema().LateParsedTemplateMap)
      if (fn->isLateTemplateParsed() && !late->Toks.empty())
        unread.emplace_back(sm.getFileLoc(late->Toks.front().getLocation()),
                            sm.getFileLoc(late->Toks.back().getLocation()));
    if (unread.empty()) return;
    auto inside = [&](const SourceRange& r) {
      const SourceLocation at = sm.getFileLoc(r.getBegin());
      for (const SourceRange& body : unread)
        if (!sm.isBeforeInTranslationUnit(at, body.getBegin()) &&
            !sm.isBeforeInTranslationUnit(body.getEnd(), at))
          return true;
      return false;
    };
    for (std::vector<SourceRange>* v : {&written.restrictions, &written.tile_statics})
      v->erase(std::remove_if(v->begin(), v->end(), inside), v->end());
  }

  CompilerInstance& ci_;
  translation& out_;
  std::vector<std::string> trusted_dirs_;  // ampcl's C++ AMP headers
  amp_rules::written_specifiers written_;
  restriction_listener listener_;
  std::vector<leniency*> leniencies_;
  amp_rules::rule_options rules_;
};

class translate_action : public ASTFrontendAction {
 public:
  translate_action(translation& out, std::vector<std::string> trusted_dirs,
                   std::vector<leniency*> leniencies,
                   amp_rules::rule_options rules)
      : out_(out),
        trusted_dirs_(std::move(trusted_dirs)),
        leniencies_(std::move(leniencies)),
        rules_(rules) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance& ci, llvm::StringRef) override {
    return std::make_unique<translate_consumer>(ci, out_, trusted_dirs_, leniencies_, rules_);
  }

 private:
  translation& out_;
  std::vector<std::string> trusted_dirs_;
  std::vector<leniency*> leniencies_;
  amp_rules::rule_options rules_;
};

// Where ampcl's C++ AMP headers are, whose code the rules trust: the standard
// names (<amp.h>, ...) and the classes behind them.
std::vector<std::string> amp_headers(const pass_setup& s) {
  return {s.compat_include, s.ampcl_include + "/ampcl/concurrency"};
}

amp_rules::rule_options rules_of(dialect d) {
  switch (d) {
    case dialect::visual_cpp: return {amp_rules::checked_scope::reached_templates, true};
    case dialect::hcc: return {amp_rules::checked_scope::reached, false};
    default: return {amp_rules::checked_scope::all, true};
  }
}

std::string dir_of(const std::string& path) {
  llvm::SmallString<256> p(path);
  llvm::sys::path::remove_filename(p);
  return p.str().str();
}

bool exists(const std::string& p) { return llvm::sys::fs::exists(p); }

// The sources whose translation pass read them with macros expanded
// (expand_restriction_macros): the host pass reads them so too.
std::set<std::string>& expanded_sources() {
  static std::set<std::string> files;
  return files;
}

// For each source, the files its translation pass read edited (source_edits.hpp):
// the host pass reads the same text.
std::map<std::string, std::shared_ptr<const source_texts>>& edited_sources() {
  static std::map<std::string, std::shared_ptr<const source_texts>> files;
  return files;
}

// Wrappers of standard headers, searched before the C++ and C libraries': Visual
// C++'s own names that its headers declare (stdext's checked iterators in
// <iterator>, ...), HCC's assert in kernels.
std::vector<std::string> dialect_includes(const pass_setup& s) {
  switch (s.language) {
    case dialect::visual_cpp: return {"-isystem", s.compat_include + "/msvc"};
    case dialect::hcc: return {"-isystem", s.compat_include + "/hcc"};
    default: return {};
  }
}

// The Clang command line a pass runs in process, for -v (it reads the sources
// through the restriction rewrite and the dialect's edits, which clang++ would not).
void print_command(const char* pass, const std::vector<std::string>& args) {
  llvm::errs() << "ampcl-c++: " << pass << " (in process):";
  for (const std::string& a : args) llvm::errs() << " " << a;
  llvm::errs() << "\n";
}

// How many times a source is parsed again with new edits before the errors left
// are reported: each round takes what the last one's diagnostics revealed (a call
// with two temporaries is told one argument at a time).
constexpr int max_edit_rounds = 8;

}  // namespace

pass_setup default_setup(const std::string& argv0) {
  pass_setup s;
  // Installed: <prefix>/bin/ampcl-c++ with <prefix>/include/ampcl/amp/amp.h and
  // Clang's headers in <prefix>/lib/ampcl/clang/. Build tree: the source tree's
  // headers and the build machine's Clang (compiled in).
  const std::string exe = llvm::sys::fs::getMainExecutable(argv0.c_str(), nullptr);
  const clang_resource::lookup resource = clang_resource::find(exe);
  s.resource_dir = resource.dir;
  s.resource_error = resource.error;
  const std::string prefix = dir_of(dir_of(exe));
  const std::string installed = prefix + "/" AMPCL_INSTALL_INCLUDEDIR "/ampcl/amp";
  if (exists(installed + "/amp.h")) {
    s.compat_include = installed;
    s.ampcl_include = prefix + "/" AMPCL_INSTALL_INCLUDEDIR;
    s.lib_dirs = {prefix + "/" AMPCL_INSTALL_LIBDIR};
  } else {
    s.compat_include = AMPCL_AMP_SOURCE_INCLUDE;
    s.ampcl_include = AMPCL_SOURCE_INCLUDE;
    s.lib_dirs = {AMPCL_LIB_DIR, AMPCL_AMP_LIB_DIR};
  }
  namespace st = ampcl::detail::settings;
  if (auto inc = st::text(st::id::amp_include)) s.compat_include = *inc;
  return s;
}

std::vector<std::string> common_clang_args(const pass_setup& s) {
  // The dialect's folder comes before Clang's own headers, so that it can wrap one of them
  // (msvc/xsaveintrin.h).
  std::vector<std::string> args = dialect_includes(s);
  args.insert(args.end(),
              {"-x", "cuda",
               "--cuda-path=/nonexistent-ampcl-cuda",  // never any CUDA installation's headers
               "-nocudainc", "-nocudalib", "-nobuiltininc", "-isystem", s.resource_dir + "/include",
               "-Wno-unknown-cuda-version", "-Wno-cuda-compat", "-fdeclspec",
               "-D__AMPCL_RESTRICT_REWRITTEN__",
               // C++ AMP is C++11 with MSVC's extensions: throw(T) specifications still
               // compile (C++17 dropped them; Clang's error for it is a warning here).
               "-Wno-dynamic-exception-spec",
               // ... and `register` (C++17 dropped it; MSVC ignores it).
               "-Wno-register",
               // C++ AMP calls only restrict(amp) functions from restrict(amp) code; CUDA
               // would also let constexpr ones in (std::pow(float, int) then wins
               // overload resolution over precise_math::pow).
               "-Xclang", "-fno-cuda-host-device-constexpr",
               // C++ AMP's overload resolution keeps only the candidates the context
               // may call (2.3.2): Clang's CUDA mode ranks a wrong-side function below
               // the others but keeps it, and ignores the side altogether when it
               // picks a conversion function (operator int() restrict(cpu) beside
               // operator long() restrict(amp) made obj + 1 ambiguous on both sides).
               "-Xclang", "-fgpu-exclude-wrong-side-overloads", "-DCL_TARGET_OPENCL_VERSION=120",
               "-include", s.ampcl_include + "/ampcl/concurrency/restrict.h", "-I", s.compat_include, "-I",
               s.ampcl_include});
  return args;
}

translation translate_file(const pass_setup& s, const std::string& file,
                           const std::vector<std::string>& user_args) {
  translation out;
  out.source_file = file;
  std::vector<std::string> args = {"clang++"};
  for (const std::string& a : common_clang_args(s)) args.push_back(a);
  // -fno-caret-diagnostics: only drops Clang's closing "N errors generated when compiling
  // for sm_70" (amp_diagnostics prints with its own options); the driver says it in C++ AMP terms.
  for (const char* a : {"--cuda-device-only", "--cuda-gpu-arch=sm_70", "-fsyntax-only",
                        "-D__AMPCL_TRANSLATE__", "-w", "-fno-caret-diagnostics"})
    args.push_back(a);
  args.push_back("-resource-dir");
  args.push_back(s.resource_dir);
  for (const std::string& a : dialect_flags(s.language, user_args)) args.push_back(a);
  for (const std::string& a : device_dialect_flags(s.language)) args.push_back(a);
  for (const std::string& a : user_args) args.push_back(a);
  args.push_back(file);

  const std::vector<std::string> trusted = {s.compat_include, s.ampcl_include};
  if (s.verbose) print_command("translation pass", args);
  // Clang's diagnostics are held until it is known whether the file is read again:
  // only the last reading's reach the user.
  std::string held;
  auto parse = [&](std::shared_ptr<const source_texts> texts, source_edits& edits) {
    out = translation{};
    out.source_file = file;
    held.clear();
    llvm::raw_string_ostream to(held);
    auto files = llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(),
                                                        restriction_file_system(s.language, texts));
    msvc_leniencies visual_cpp(edits);
    hcc_leniencies hcc(edits);
    tile_static_objects objects(edits, amp_headers(s));
    std::vector<leniency*> leniencies = {&objects};
    if (s.language == dialect::visual_cpp) leniencies.push_back(&visual_cpp);
    if (s.language == dialect::hcc) leniencies.push_back(&hcc);
    tooling::ToolInvocation inv(args,
                                std::make_unique<translate_action>(
                                    out, amp_headers(s), leniencies, rules_of(s.language)),
                                files.get());
    amp_diagnostics diags(trusted, to);
    diags.leniencies = leniencies;
    inv.setDiagnosticConsumer(&diags);
    const bool parsed = inv.run();
    out.clang_errors = diags.getNumErrors();
    if (!parsed || diags.getNumErrors() > 0) out.ok = false;
    return parsed && diags.getNumErrors() == 0;
  };
  auto texts = std::make_shared<source_texts>();
  bool expanded = false;
  for (int round = 0;; ++round) {
    source_edits edits(s.language, trusted);
    // (A reading Clang accepts may still ask for edits: the translator's own rules
    // stopped it, or HCC's inference found more.)
    const bool parsed = parse(texts, edits);
    if (!edits.empty() && round < max_edit_rounds) {
      if (s.verbose)
        llvm::errs() << "ampcl-c++: " << file << ": read again with the " << name_of(s.language)
                     << " dialect's edits:\n"
                     << edits.describe();
      edits.apply(*texts);
      continue;
    }
    if (parsed || expanded) break;
    // A restriction specifier that a macro wrote may be where Clang takes none:
    // read the file again with those declarations' macros expanded (and no edits:
    // the next readings make them again, on the expanded text).
    expanded = true;
    source_texts macro_free = expand_restriction_macros(args, trusted, s.language);
    if (macro_free.empty()) break;
    expanded_sources().insert(file);
    texts = std::make_shared<source_texts>(std::move(macro_free));
  }
  // The host pass expands the macros again with its own; edits are kept only for
  // a file read without that.
  if (!texts->empty() && !expanded) edited_sources()[file] = texts;
  llvm::errs() << held;
  return out;
}

bool compile_host(const pass_setup& s, const std::string& file,
                  const std::vector<std::string>& host_args, const std::string& registry,
                  const std::string& object) {
  static const bool targets = [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    llvm::InitializeNativeTargetAsmParser();
    return true;
  }();
  (void)targets;
  std::vector<std::string> args = {"clang++"};
  for (const std::string& a : common_clang_args(s)) args.push_back(a);
  args.push_back("--cuda-host-only");
  args.push_back("-resource-dir");
  args.push_back(s.resource_dir);
  args.push_back("-include");
  args.push_back(registry);
  for (const std::string& a : dialect_flags(s.language, host_args)) args.push_back(a);
  for (const std::string& a : host_args) args.push_back(a);
  std::unique_ptr<FrontendAction> action;
  if (object.empty()) {
    args.push_back("-fsyntax-only");
    action = std::make_unique<SyntaxOnlyAction>();
  } else {
    args.push_back("-c");
    args.push_back("-o");
    args.push_back(object);
    action = std::make_unique<EmitObjAction>();
  }
  args.push_back(file);
  if (s.verbose) print_command("host pass", args);
  // The text the translation pass read (expand_restriction_macros, with this
  // pass's macros).
  std::shared_ptr<const source_texts> expanded;
  if (expanded_sources().count(file))
    expanded = std::make_shared<source_texts>(
        expand_restriction_macros(args, {s.compat_include, s.ampcl_include}, s.language));
  else if (auto edited = edited_sources().find(file); edited != edited_sources().end())
    expanded = edited->second;
  auto files = llvm::makeIntrusiveRefCnt<FileManager>(
      FileSystemOptions(), restriction_file_system(s.language, expanded));
  tooling::ToolInvocation inv(args, std::make_unique<host_action>(std::move(action)),
                              files.get());
  amp_diagnostics diags({s.compat_include, s.ampcl_include});
  inv.setDiagnosticConsumer(&diags);
  return inv.run() && diags.getNumErrors() == 0;
}

}  // namespace ampcl::translate
