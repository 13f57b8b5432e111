#include "restriction_context.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Attr.h>
#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>
#include <clang/Lex/MacroInfo.h>
#include <clang/Sema/Sema.h>

#include <vector>

namespace ampcl::translate {

using namespace clang;

namespace {

class amp_context_switch : public PPCallbacks {
 public:
  explicit amp_context_switch(CompilerInstance& ci) : ci_(ci) {}

  void MacroExpands(const Token& name, const MacroDefinition&, SourceRange range,
                    const MacroArgs*) override {
    const IdentifierInfo* id = name.getIdentifierInfo();
    if (!id || !ci_.hasSema()) return;
    Sema& sema = ci_.getSema();
    if (id->getName() == "__AMPCL_AMP_CONTEXT_BEGIN") {
      ASTContext& ctx = sema.getASTContext();
      const SourceLocation at = range.getBegin();
      const DeclarationName name(&ctx.Idents.get("__ampcl_amp_context"));
      const QualType type = ctx.getFunctionType(ctx.VoidTy, {}, FunctionProtoType::ExtProtoInfo());
      // In a class (a member's declaration, or the declarator scope of one defined
      // outside), a static member: Sema reads an implicit member access by the
      // context's class, and `this` by the type the parser set for the declarator.
      FunctionDecl* stand_in;
      if (auto* record = dyn_cast<CXXRecordDecl>(sema.CurContext))
        stand_in =
            CXXMethodDecl::Create(ctx, record, at, DeclarationNameInfo(name, at), type, nullptr,
                                  SC_Static, false, false, ConstexprSpecKind::Unspecified, at);
      else
        stand_in = FunctionDecl::Create(ctx, sema.CurContext, at, at, name, type, nullptr, SC_None);
      stand_in->setImplicit();
      stand_in->addAttr(CUDADeviceAttr::Create(ctx, SourceRange(at), AttributeCommonInfo::AS_GNU));
      saved_.push_back({sema.CurContext, stand_in});
      sema.CurContext = stand_in;
    } else if (id->getName() == "__AMPCL_AMP_CONTEXT_END" && !saved_.empty()) {
      // Restored only where the parser left the stand-in current (it always does:
      // the type between the two is parsed whole, or both were only lexed).
      if (sema.CurContext == saved_.back().stand_in) sema.CurContext = saved_.back().outer;
      saved_.pop_back();
    }
  }

 private:
  struct entry {
    DeclContext* outer;
    FunctionDecl* stand_in;
  };
  CompilerInstance& ci_;
  std::vector<entry> saved_;
};

}  // namespace

std::unique_ptr<PPCallbacks> amp_return_type_context(CompilerInstance& ci) {
  return std::make_unique<amp_context_switch>(ci);
}

}  // namespace ampcl::translate
