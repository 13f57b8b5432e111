// A leniency of Visual C++ or HCC that Clang 14 has no switch for, taken by
// editing the few places that need it and parsing again (source_edits.hpp): it
// reads every diagnostic of the translation pass, then decides its edits with the
// parse's AST.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/Basic/Diagnostic.h>

namespace ampcl::translate {

class leniency {
 public:
  virtual ~leniency() = default;
  // Every diagnostic of the parse, in order (notes after their error).
  virtual void see(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& info) = 0;
  // After the parse, with its AST.
  virtual void resolve(clang::ASTContext& ctx) = 0;
};

}  // namespace ampcl::translate
