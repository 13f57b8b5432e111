// 2.1: a restriction specifier belongs to a function declarator, right after its
// parameter list (and, in a lambda, after mutable). Clang takes restrict(...) as
// an attribute, which it accepts in more places (before the declarator, on
// variables, where it drops it); these rules compare where the user wrote each
// specifier with the functions that took one.
#include <clang/AST/Attr.h>
#include <clang/Lex/Lexer.h>
#include <llvm/Support/MemoryBuffer.h>

#include <map>

#include "../rule.hpp"

namespace ampcl::translate::amp_rules {

using namespace clang;

namespace {

// The file location of a written restriction specifier (of the macro that holds
// it, when it comes from one such as __GPU; where it was written, when it is in a
// macro's argument: Clang also expands an argument before substituting it, and the
// specifier recorder then sees it at its place in the file). Positions compared
// with it are file locations too.
SourceLocation site(SourceLocation loc, const amp_context& cx) { return cx.sm.getFileLoc(loc); }

// Where each function's written restriction specifiers are.
std::map<SourceLocation, const FunctionDecl*> restricted_sites(
    const std::vector<const FunctionDecl*>& functions, const amp_context& cx) {
  std::map<SourceLocation, const FunctionDecl*> sites;
  for (const FunctionDecl* fn : functions) {
    for (const Attr* a : fn->attrs())
      if ((isa<CUDADeviceAttr>(a) || isa<CUDAHostAttr>(a)) && !a->isImplicit())
        sites.emplace(site(a->getLocation(), cx), fn);
  }
  return sites;
}

// "restrict(cpu)" or "__GPU": the specifier as the user wrote it.
std::string spelled(const SourceRange& r, const amp_context& cx) {
  const CharSourceRange range = cx.sm.getExpansionRange(r);
  std::string text = Lexer::getSourceText(range, cx.sm, cx.ctx.getLangOpts()).str();
  if (text.rfind("_Amp_rst", 0) == 0) text.replace(0, 8, "restrict");
  return text;
}

// The restrictions the specifier names ("cpu, amp"): the text of _Amp_rst(...)
// where the rewrite (or a macro such as __GPU) wrote it.
std::string sides(const SourceRange& r, const amp_context& cx) {
  const SourceLocation b = cx.sm.getSpellingLoc(r.getBegin()), e = cx.sm.getSpellingLoc(r.getEnd());
  return Lexer::getSourceText(CharSourceRange::getTokenRange(b, e), cx.sm, cx.ctx.getLangOpts())
      .str();
}
bool names(const std::string& sides, const char* side) {
  return sides.find(side, sides.find('(')) != std::string::npos;
}

// The function type a declarator writes out: int (*p)(int), typedef int f(int).
FunctionTypeLoc written_function_type(TypeLoc t) {
  for (; t; t = t.getNextTypeLoc())
    if (const auto f = t.getAs<FunctionTypeLoc>()) return f;
  return {};
}

const TypeSourceInfo* type_as_written(const Decl* d) {
  if (const auto* v = dyn_cast<DeclaratorDecl>(d)) return v->getTypeSourceInfo();
  return cast<TypedefNameDecl>(d)->getTypeSourceInfo();
}

// A specifier Clang did not attach to a function: a second one on the same
// declarator (harmless), one on a function pointer, reference or typedef of one
// (restrict(cpu) only: restrict(amp) code does not call through pointers), or one
// after a declarator that is not a function's (a syntax error).
class specifier_not_on_a_function : public rule {
  void check_written(const written_specifiers& written, const declarations& all,
                     amp_context& cx) const override {
    const auto sites = restricted_sites(all.functions, cx);
    for (const SourceRange& r : written.restrictions) {
      const SourceLocation at = site(r.getBegin(), cx);
      const std::string named = sides(r, cx);
      if (!cx.user_code(at) || sites.count(at) ||
          !(names(named, "amp") || names(named, "cpu") || names(named, "direct3d")) ||
          after_parameters_of_a_function(at, all, cx))
        continue;
      const Decl* d = declaration_before(at, all, cx);
      if (!d) continue;
      const TypeSourceInfo* written_type = type_as_written(d);
      const FunctionTypeLoc f = written_type ? written_function_type(written_type->getTypeLoc())
                                             : FunctionTypeLoc();
      if (!f || !cx.sm.isBeforeInTranslationUnit(cx.sm.getFileLoc(f.getRParenLoc()), at)) {
        cx.report(at, spelled(r, cx) +
                          " is not part of a function declarator: only functions, lambdas and "
                          "function types take a restriction specifier; remove it");
      } else if (names(named, "amp") && !names_a_function_type(d)) {
        cx.report(at, spelled(r, cx) + " on a function pointer, reference or typedef (" +
                          amp_context::quoted(cast<NamedDecl>(d)) +
                          ") is not allowed: restrict(amp) code does not call through pointers; "
                          "call the function directly");
      }
    }
  }

  // A typedef of a function type itself (`typedef int F() restrict(amp);`), which
  // declares functions (`F f;`, which take its restrictions: frontend.cpp), not
  // pointers to them.
  static bool names_a_function_type(const Decl* d) {
    const auto* td = dyn_cast<TypedefNameDecl>(d);
    const TypeSourceInfo* t = td ? td->getTypeSourceInfo() : nullptr;
    return t && t->getTypeLoc().IgnoreParens().getAs<FunctionTypeLoc>();
  }

  // A second specifier of a function declarator: after its parameter list, before its body.
  static bool after_parameters_of_a_function(SourceLocation at, const declarations& all,
                                             const amp_context& cx) {
    for (const FunctionDecl* fn : all.functions) {
      const FunctionTypeLoc proto = fn->getFunctionTypeLoc();
      if (!proto || proto.getRParenLoc().isInvalid()) continue;
      const SourceLocation rparen = cx.sm.getFileLoc(proto.getRParenLoc());
      const SourceLocation end = cx.sm.getFileLoc(
          fn->getBody() ? fn->getBody()->getBeginLoc() : fn->getSourceRange().getEnd());
      if (cx.sm.isBeforeInTranslationUnit(rparen, at) && !cx.sm.isBeforeInTranslationUnit(end, at))
        return true;
    }
    return false;
  }

  // The variable, parameter, member or typedef whose declarator ends last before
  // `at` (the outermost one where declarators end together: a function type's
  // unnamed parameters end inside the typedef or pointer that holds them).
  static const Decl* declaration_before(SourceLocation at, const declarations& all,
                                        const amp_context& cx) {
    const Decl* best = nullptr;
    SourceLocation best_begin, best_end;
    auto consider = [&](const Decl* d) {
      const SourceLocation begin = cx.sm.getFileLoc(d->getBeginLoc());
      if (begin.isInvalid() || cx.sm.getFileID(begin) != cx.sm.getFileID(at) ||
          !cx.sm.isBeforeInTranslationUnit(begin, at))
        return;
      SourceLocation end = cx.sm.getFileLoc(d->getLocation());
      if (const TypeSourceInfo* t = type_as_written(d)) {
        const SourceLocation type_end = cx.sm.getFileLoc(t->getTypeLoc().getEndLoc());
        if (type_end.isValid() && (end.isInvalid() || cx.sm.isBeforeInTranslationUnit(end, type_end)))
          end = type_end;
      }
      if (end.isInvalid() || !cx.sm.isBeforeInTranslationUnit(end, at)) return;
      if (!best || cx.sm.isBeforeInTranslationUnit(best_end, end) ||
          (end == best_end && cx.sm.isBeforeInTranslationUnit(begin, best_begin))) {
        best = d;
        best_begin = begin;
        best_end = end;
      }
    };
    for (const DeclaratorDecl* v : all.variables) consider(v);
    for (const TypedefNameDecl* t : all.typedefs) consider(t);
    return best;
  }
};

// ampcl-c++ reads sources through a rewrite (restrictions.hpp) that moves a
// restrict(...) written in C++ AMP's order (before an exception specification,
// after mutable) to where Clang takes attributes. A specifier found after
// throw(...) or before mutable was written there only if the file on disk has it
// at the same place.
class written_order {
 public:
  explicit written_order(const amp_context& cx) : cx_(cx) {}
  bool as_written(SourceLocation at) {
    const auto [file, offset] = cx_.sm.getDecomposedLoc(at);
    auto& original = originals_[file];
    if (!original) {
      const FileEntry* entry = cx_.sm.getFileEntryForID(file);
      if (!entry) return true;
      auto read = llvm::MemoryBuffer::getFile(entry->getName());
      if (!read) return true;
      original = std::move(*read);
    }
    const llvm::StringRef there = original->getBuffer().substr(offset);
    const llvm::StringRef token = Lexer::getSourceText(CharSourceRange::getTokenRange(at), cx_.sm,
                                                       cx_.ctx.getLangOpts());
    return there.startswith("restrict") || (token != "_Amp_rst" && there.startswith(token));
  }

 private:
  const amp_context& cx_;
  std::map<FileID, std::unique_ptr<llvm::MemoryBuffer>> originals_;
};

class specifier_before_parameters : public rule {
  void check_written(const written_specifiers& written, const declarations& all,
                     amp_context& cx) const override {
    const auto sites = restricted_sites(all.functions, cx);
    written_order order(cx);
    for (const SourceRange& r : written.restrictions) {
      const SourceLocation at = site(r.getBegin(), cx);
      const auto fn = sites.find(at);
      if (!cx.user_code(at) || fn == sites.end()) continue;
      const FunctionTypeLoc proto = fn->second->getFunctionTypeLoc();
      if (!proto || proto.getRParenLoc().isInvalid()) continue;
      const SourceLocation rparen = cx.sm.getFileLoc(proto.getRParenLoc());
      // (auto f() restrict(amp) -> T: the rewrite moves it in front, where Clang
      // takes it.)
      if (!cx.sm.isBeforeInTranslationUnit(at, rparen) || !order.as_written(at)) continue;
      cx.report(at, spelled(r, cx) + " must follow the parameter list of " +
                        amp_context::quoted(fn->second) + ": write " +
                        fn->second->getNameAsString() + "(...) " + spelled(r, cx));
    }
  }
};

// ... and before a trailing return type: auto f() restrict(amp) -> int,
// []() mutable restrict(amp) -> int {...}. Clang drops one written after it (it
// takes it for an attribute of the return type), so the function is not restrict(amp).
class specifier_after_trailing_return_type : public rule {
  void check_written(const written_specifiers& written, const declarations& all,
                     amp_context& cx) const override {
    for (const SourceRange& r : written.restrictions) {
      const SourceLocation at = site(r.getBegin(), cx);
      if (!cx.user_code(at)) continue;
      for (const FunctionDecl* fn : all.functions) {
        const auto* type = fn->getType()->getAs<FunctionProtoType>();
        const FunctionTypeLoc proto = fn->getFunctionTypeLoc();
        if (!type || !type->hasTrailingReturn() || !proto) continue;
        const SourceLocation arrow_end = cx.sm.getFileLoc(proto.getReturnLoc().getEndLoc());
        // (This declaration's body: getBody() finds a later definition's too. A
        // template whose parsing is delayed, -fdelayed-template-parsing, has none yet.)
        const Stmt* body = fn->doesThisDeclarationHaveABody() ? fn->getBody() : nullptr;
        const SourceLocation end =
            cx.sm.getFileLoc(body ? body->getBeginLoc() : fn->getSourceRange().getEnd());
        if (arrow_end.isInvalid() || !cx.sm.isBeforeInTranslationUnit(arrow_end, at) ||
            cx.sm.isBeforeInTranslationUnit(end, at))
          continue;
        const bool lambda = isa<CXXMethodDecl>(fn) && cast<CXXMethodDecl>(fn)->getParent()->isLambda();
        const std::string returns =
            proto.getReturnLoc().getType().getAsString(cx.ctx.getPrintingPolicy());
        // (ampcl-c++ reads auto f() restrict(amp) -> T only in a lambda: a function
        // is told to name its return type in front.)
        cx.report(at, spelled(r, cx) + " must come before the trailing return type of " +
                          (lambda ? "the lambda: write [...](...) " + spelled(r, cx) + " -> " + returns
                                  : amp_context::quoted(fn) + ": write " + returns + " " +
                                        fn->getNameAsString() + "(...) " + spelled(r, cx)));
        break;
      }
    }
  }
};

// In a lambda declarator C++ AMP puts mutable first: [=]() mutable restrict(amp).
class specifier_before_mutable : public rule {
  void check_written(const written_specifiers& written, const declarations&,
                     amp_context& cx) const override {
    written_order order(cx);
    for (const SourceRange& r : written.restrictions) {
      const CharSourceRange range = cx.sm.getExpansionRange(r);
      if (!cx.user_code(range.getBegin())) continue;
      const Optional<Token> next =
          Lexer::findNextToken(range.getEnd(), cx.sm, cx.ctx.getLangOpts());
      if (!next || !next->is(tok::raw_identifier) || next->getRawIdentifier() != "mutable" ||
          !order.as_written(range.getBegin()))
        continue;
      cx.report(range.getBegin(), spelled(r, cx) +
                                      " must follow mutable in a lambda declarator: write "
                                      "mutable " +
                                      spelled(r, cx));
    }
  }
};

// ... and a restriction specifier comes before the exception specification:
// f() restrict(amp) throw().
class specifier_after_exception_specification : public rule {
  void check_written(const written_specifiers& written, const declarations& all,
                     amp_context& cx) const override {
    const auto sites = restricted_sites(all.functions, cx);
    written_order order(cx);
    for (const SourceRange& r : written.restrictions) {
      const SourceLocation at = site(r.getBegin(), cx);
      const auto fn = sites.find(at);
      if (!cx.user_code(at) || fn == sites.end()) continue;
      const SourceRange exceptions = fn->second->getExceptionSpecSourceRange();
      if (exceptions.isInvalid() ||
          !cx.sm.isBeforeInTranslationUnit(cx.sm.getFileLoc(exceptions.getEnd()), at) ||
          !order.as_written(at))
        continue;
      cx.report(at, spelled(r, cx) + " must come before the exception specification of " +
                        amp_context::quoted(fn->second) + ": write " +
                        fn->second->getNameAsString() + "(...) " + spelled(r, cx) + " throw(...)");
    }
  }
};

}  // namespace

void add_syntax_rules(rule_list& rules) {
  rules.push_back(std::make_unique<specifier_not_on_a_function>());
  rules.push_back(std::make_unique<specifier_before_parameters>());
  rules.push_back(std::make_unique<specifier_before_mutable>());
  rules.push_back(std::make_unique<specifier_after_exception_specification>());
  rules.push_back(std::make_unique<specifier_after_trailing_return_type>());
}

}  // namespace ampcl::translate::amp_rules
