#include "tile_static_objects.hpp"

#include "amp_rules/amp_rules.hpp"

#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/DiagnosticSema.h>
#include <clang/Lex/Lexer.h>

#include <algorithm>
#include <regex>
#include <set>
#include <utility>

namespace ampcl::translate {

using namespace clang;

namespace {

class declarations_at : public RecursiveASTVisitor<declarations_at> {
 public:
  explicit declarations_at(std::set<SourceLocation> wanted) : wanted_(std::move(wanted)) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitDeclStmt(DeclStmt* s) {
    for (const Decl* d : s->decls())
      if (const auto* v = dyn_cast<VarDecl>(d); v && wanted_.count(v->getLocation()))
        found.emplace_back(v, s);
    return true;
  }
  std::vector<std::pair<const VarDecl*, const DeclStmt*>> found;

 private:
  const std::set<SourceLocation> wanted_;
};

}  // namespace

void tile_static_objects::see(DiagnosticsEngine::Level level, const Diagnostic& info) {
  // A constructor that does something, or none callable from restrict(amp) code (a
  // restrict(cpu) default constructor): resolve() keeps the tile_static ones.
  if (level == DiagnosticsEngine::Error &&
      (info.getID() == diag::err_shared_var_init ||
       info.getID() == diag::err_ovl_no_viable_function_in_init))
    refused_.push_back(info.getLocation());
}

void tile_static_objects::resolve(ASTContext& ctx) {
  if (refused_.empty()) return;
  const SourceManager& sm = ctx.getSourceManager();
  declarations_at finder({refused_.begin(), refused_.end()});
  finder.TraverseDecl(ctx.getTranslationUnitDecl());
  std::set<SourceLocation> done;
  for (const auto& [v, stmt] : finder.found) {
    // One variable of a class type or an array of them, with no initializer written
    // (one is C++ AMP's error, and stays one: below, the text after the name is
    // array bounds only). In a template, the template's own declaration (Clang
    // drops the instantiation it refused).
    const auto* rd = v->getType()->getBaseElementTypeUnsafe()->getAsCXXRecordDecl();
    if (!stmt->isSingleDecl() || !v->hasAttr<CUDASharedAttr>() ||
        !(rd || v->getType()->isDependentType()) || !done.insert(v->getLocation()).second ||
        !amp_rules::held_container(ctx, trusted_dirs_, v->getType()).empty())
      continue;
    const SourceLocation begin = sm.getExpansionLoc(stmt->getBeginLoc());
    const SourceLocation semi = sm.getExpansionLoc(stmt->getEndLoc());  // the `;`
    const SourceLocation name = v->getLocation();
    if (!begin.isFileID() || !name.isFileID() || sm.getFileID(begin) != sm.getFileID(semi) ||
        sm.getFileID(begin) != sm.getFileID(name))
      continue;
    const std::size_t from = sm.getFileOffset(begin), at = sm.getFileOffset(name),
                      to = sm.getFileOffset(semi);
    const llvm::StringRef text = sm.getBufferData(sm.getFileID(begin));
    const std::string id = v->getName().str();
    if (!(from < at && at < to) || text.substr(at, id.size()) != id) continue;
    const llvm::StringRef bounds = text.substr(at + id.size(), to - at - id.size());
    if (bounds.find_first_of("=({") != llvm::StringRef::npos) continue;
    // The declarator with the name replaced by the type's: `pair T[64]`.
    const std::string type_name = "__ampcl_ts_" + id + "_t", storage = "__ampcl_ts_" + id,
                      storage_type = "__ampcl_ts_" + id + "_u";
    std::string declaration = text.substr(from, at - from).str() + type_name +
                              text.substr(at + id.size(), to - at - id.size()).str();
    declaration = std::regex_replace(declaration, std::regex("\\btile_static\\b"), "");
    const std::string lines(std::count(text.begin() + from, text.begin() + to, '\n'), '\n');
    // A local union, not a template: a template's constructor is parsed late, and
    // Clang would not see that it is empty.
    edits_.replace(sm, begin, to - from,
                   "typedef " + declaration + "; union " + storage_type + " { " + type_name +
                       " value; " + storage_type + "() restrict(cpu, amp) {} ~" + storage_type +
                       "() restrict(cpu, amp) {} }; tile_static " + storage_type + " " + storage +
                       "; " + type_name + "& " + id + " = " + storage + ".value" + lines);
  }
}

}  // namespace ampcl::translate
