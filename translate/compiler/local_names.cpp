// Names of a function's locals in OpenCL C: the source's own where they are free,
// else renamed; and generated locals (temporaries, slots, loop counters). A
// generated or renamed name must differ from every name the source function
// declares, or it captures one of them (`int i = d ? i_ : 0;` with `i` renamed
// `i_` read its own, uninitialized, declaration).
#include <clang/AST/RecursiveASTVisitor.h>

#include "lower.hpp"
#include "opencl_names.hpp"

namespace ampcl::translate {

using namespace clang;

namespace {

class declared_names : public RecursiveASTVisitor<declared_names> {
 public:
  explicit declared_names(std::set<std::string>& names) : names_(names) {}
  bool VisitVarDecl(VarDecl* v) {
    if (v->getIdentifier()) names_.insert(v->getName().str());
    return true;
  }

 private:
  std::set<std::string>& names_;
};

}  // namespace

const std::set<std::string>& lowering::source_names(clone& c) {
  if (c.source_names_ready) return c.source_names;
  c.source_names_ready = true;
  for (const ParmVarDecl* p : c.fn->parameters())
    if (p->getIdentifier()) c.source_names.insert(p->getName().str());
  if (Stmt* body = c.fn->getBody()) declared_names(c.source_names).TraverseStmt(body);
  return c.source_names;
}

std::string lowering::local_name(clone& c, const std::string& base) {
  const std::set<std::string>& taken = source_names(c);
  std::string name;
  do name = base + std::to_string(c.next_temp++);
  while (taken.count(name));
  return name;
}

std::string lowering::var_name(clone& c, const VarDecl* v) {
  std::string n = v->getName().str();
  if (n.empty()) {
    const auto* p = dyn_cast<ParmVarDecl>(v);
    n = p ? "param" + std::to_string(p->getFunctionScopeIndex()) : "unnamed";
  }
  if (!reserved_word(n) && n.rfind("__", 0) != 0 && n != "this_") return n;
  // Renamed with trailing underscores: generated names never end in one, so only
  // the source's own names can be in the way.
  const std::set<std::string>& taken = source_names(c);
  std::string renamed = sanitize(n) + "_";
  while (taken.count(renamed) || reserved_word(renamed)) renamed += "_";
  return renamed;
}

}  // namespace ampcl::translate
