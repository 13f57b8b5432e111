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
  if (pattern.rfind("atomic_", 0) == 0 && !args.empty() && fn->getNumParams() > 0 &&
      fn->getParamDecl(0)->getType()->isPointerType()) {
    const levels where = eval(c, args[0]);
    if (!where.empty() && where[0] == space::priv)
      return private_atomic(c, pattern.substr(7, pattern.find('(') - 7), text,
                            fn->getParamDecl(0)->getType()->getPointeeType());
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

// An atomic on private memory (through a view over a private array): no other
// work-item can see it, and OpenCL's atomic_* take only global and local
// pointers, so it is a helper doing a plain read-modify-write that returns the
// old value.
std::string lowering::private_atomic(clone&, const std::string& op,
                                     const std::vector<std::string>& args, QualType elem) {
  const std::string t = type(elem.getUnqualifiedType());
  const std::string name = "__ampcl_private_atomic_" + op + "_" + sanitize(t);
  const bool three = op == "cmpxchg";
  if (!private_atomics.count(name)) {
    std::string value = "v";
    if (op == "add") value = "old + v";
    if (op == "sub") value = "old - v";
    if (op == "max") value = "max(old, v)";
    if (op == "min") value = "min(old, v)";
    if (op == "and") value = "old & v";
    if (op == "or") value = "old | v";
    if (op == "xor") value = "old ^ v";
    if (op == "inc") value = "old + 1";
    if (op == "dec") value = "old - 1";
    if (three) value = "old == v ? w : old";
    const bool unary = op == "inc" || op == "dec";
    private_atomics[name] = t + " " + name + "(" + t + "* p" + (unary ? "" : ", " + t + " v") +
                            (three ? ", " + t + " w" : "") + ") {\n  " + t +
                            " old = *p;\n  *p = " + value + ";\n  return old;\n}\n";
  }
  std::string call = name + "(";
  for (std::size_t i = 0; i < args.size(); ++i) call += (i ? ", " : "") + args[i];
  return call + ")";
}

}  // namespace ampcl::translate
