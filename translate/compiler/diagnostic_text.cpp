#include "diagnostic_text.hpp"

#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>
#include <clang/Basic/DiagnosticIDs.h>
#include <clang/Basic/DiagnosticSema.h>
#include <llvm/ADT/SmallString.h>

#include <cctype>
#include <cstdint>

namespace ampcl::translate {

using namespace clang;

bool selects_in_range(const Diagnostic& info) {
  const llvm::StringRef format = info.getDiags()->getDiagnosticIDs()->getDescription(info.getID());
  const llvm::StringRef open = "%select{";
  for (std::size_t at = format.find(open); at != llvm::StringRef::npos;
       at = format.find(open, at + 1)) {
    // The alternatives at this select's own depth, up to its closing brace.
    std::size_t i = at + open.size() - 1;
    unsigned depth = 0, alternatives = 1;
    for (; i < format.size(); ++i) {
      if (format[i] == '{') {
        ++depth;
      } else if (format[i] == '}') {
        if (--depth == 0) break;
      } else if (format[i] == '|' && depth == 1) {
        ++alternatives;
      }
    }
    if (i + 1 >= format.size() || !std::isdigit(static_cast<unsigned char>(format[i + 1])))
      continue;
    const unsigned arg = static_cast<unsigned>(format[i + 1] - '0');
    if (arg >= info.getNumArgs()) return false;
    std::uint64_t value = 0;
    switch (info.getArgKind(arg)) {
      case DiagnosticsEngine::ak_uint:
        value = info.getArgUInt(arg);
        break;
      case DiagnosticsEngine::ak_sint:
        value = static_cast<std::uint64_t>(info.getArgSInt(arg));  // a negative one is huge
        break;
      default:
        continue;
    }
    if (value >= alternatives) return false;
  }
  return true;
}

namespace {

// The function the diagnostic names, if any.
const FunctionDecl* named_function(const Diagnostic& info) {
  for (unsigned i = 0; i < info.getNumArgs(); ++i)
    if (info.getArgKind(i) == DiagnosticsEngine::ak_nameddecl)
      if (const auto* fn =
              dyn_cast<FunctionDecl>(reinterpret_cast<const NamedDecl*>(info.getRawArg(i))))
        return fn;
  return nullptr;
}

}  // namespace

std::string diagnostic_text(const Diagnostic& info) {
  if (selects_in_range(info)) {
    llvm::SmallString<256> text;
    info.FormatDiagnostic(text);
    return text.str().str();
  }
  const unsigned id = info.getID();
  if (id == diag::err_ref_bad_target || id == diag::err_ref_bad_target_global_initializer) {
    // A reference to a function of no restriction Clang could infer: an implicit
    // special member whose class mixes bases' or members' restrict(cpu)-only and
    // restrict(amp)-only ones.
    const FunctionDecl* fn = named_function(info);
    std::string text = fn ? "'" + fn->getQualifiedNameAsString() + "'" : "this function";
    if (fn && fn->isImplicit()) text += " (implicitly declared)";
    return text +
           " can be called from neither restrict(cpu) nor restrict(amp) code: it calls a "
           "restrict(cpu)-only function and a restrict(amp)-only one (of its class's bases or "
           "members, for an implicit special member function). Declare it yourself with the "
           "restriction you need, or make the functions it calls restrict(cpu, amp)";
  }
  // Any other diagnostic in this state: Clang's own wording, unfilled, rather than a
  // guess at what it meant.
  std::string text = "(Clang's message, whose arguments it could not fill in) ";
  text += info.getDiags()->getDiagnosticIDs()->getDescription(id).str();
  return text;
}

}  // namespace ampcl::translate
