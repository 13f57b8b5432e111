#include "uniformity.hpp"

#include <clang/AST/Attr.h>

#include <string>
#include <vector>

#include "rewrite_plan.hpp"
#include "uniformity/uniformity.hpp"

namespace ampcl::debug::detail {

using namespace clang;
namespace uni = ampcl::uniformity;

namespace {

bool starts_with(const std::string& s, const char* prefix) {
  return s.rfind(prefix, 0) == 0;
}

// What OpenCL C gives a work-item as its own.
class opencl_work_items : public uni::language {
 public:
  explicit opencl_work_items(const FunctionDecl* kernel) : kernel_(kernel) {}

  bool shared(const VarDecl& v) const override {
    return v.getType().getAddressSpace() == LangAS::opencl_local;
  }
  bool barrier(const CallExpr& c) const override { return is_collective(callee_name(&c)); }
  uni::dependence external_call(const CallExpr& c, uni::dependence operands) const override {
    // A function with a body outside the program (a header's) is not followed.
    const FunctionDecl* fd = c.getDirectCallee();
    if (!fd || fd->getDefinition()) return operands | uni::unknown;
    const std::string name = callee_name(&c);
    if (starts_with(name, "get_local_id") || starts_with(name, "get_global_id") ||
        name.find("linear_id") != std::string::npos || starts_with(name, "get_sub_group") ||
        starts_with(name, "atomic_") || starts_with(name, "atom_") ||
        starts_with(name, "async_work_group") || starts_with(name, "work_group_scan"))
      return operands | uni::thread;
    return operands;
  }
  bool entry(const FunctionDecl& fn) const override {
    return &fn == kernel_ || fn.hasAttr<OpenCLKernelAttr>();
  }

 private:
  const FunctionDecl* kernel_;
};

}  // namespace

uniformity::uniformity(ASTContext&, const std::set<const FunctionDecl*>& functions,
                       const FunctionDecl* kernel)
    : work_items_(std::make_unique<opencl_work_items>(kernel)),
      analysis_(std::make_unique<uni::analysis>(
          *work_items_, std::vector<const FunctionDecl*>(functions.begin(), functions.end()))) {}

uniformity::~uniformity() = default;

bool uniformity::uniform(const Expr* e) const {
  return !e || analysis_->condition(e) == 0;
}

}  // namespace ampcl::debug::detail
