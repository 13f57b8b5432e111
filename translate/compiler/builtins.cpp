// Calls the headers mark __AMPCL_BUILTIN("pattern") become the pattern, with
// $0..$9 replaced by the arguments converted to the parameters' types.
#include "lower.hpp"

namespace ampcl::translate {

using namespace clang;

bool lowering::builtin_pattern(const FunctionDecl* fn, std::string& pattern) {
  for (const FunctionDecl* d : fn->redecls())
    if (has_annotation(d, "ampcl_builtin", &pattern)) return true;
  if (const FunctionDecl* t = fn->getTemplateInstantiationPattern())
    for (const FunctionDecl* d : t->redecls())
      if (has_annotation(d, "ampcl_builtin", &pattern)) return true;
  return false;
}

std::string lowering::expand_builtin(clone& c, const std::string& pattern,
                                     llvm::ArrayRef<const Expr*> args, const FunctionDecl* fn) {
  std::vector<std::string> text;
  for (unsigned i = 0; i < args.size(); ++i) {
    const QualType param = i < fn->getNumParams() ? fn->getParamDecl(i)->getType() : args[i]->getType();
    if (param->isReferenceType() || param->isPointerType())
      text.push_back(param->isReferenceType() ? address(c, args[i]) : expr(c, args[i]));
    else
      text.push_back(rvalue_as(c, args[i], param));
  }
  if (!pattern.empty() && pattern[0] == '@')
    return image_builtin(pattern.substr(1), text, fn,
                         args.empty() ? fn->getLocation() : args[0]->getBeginLoc());
  std::string out;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] == '$' && i + 1 < pattern.size() && std::isdigit(static_cast<unsigned char>(pattern[i + 1]))) {
      const std::size_t k = static_cast<std::size_t>(pattern[i + 1] - '0');
      out += "(" + (k < text.size() ? text[k] : std::string("0")) + ")";
      ++i;
    } else {
      out += pattern[i];
    }
  }
  return "(" + out + ")";
}

}  // namespace ampcl::translate
