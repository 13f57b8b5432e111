// 2.4.3.5.1: tile_static variables. One per tile, shared by its threads: only in
// restrict(amp) functions, without an initializer, and holding data (no
// pointers, references or views).
#include <clang/AST/Attr.h>
#include <clang/AST/ExprCXX.h>

#include <algorithm>

#include "../rule.hpp"

namespace ampcl::translate::amp_rules {

using namespace clang;

namespace {

std::string named(const VarDecl& v) { return "tile_static variable '" + v.getNameAsString() + "'"; }

class tile_static_outside_amp_code : public rule {
  void check_tile_static(const VarDecl& v, amp_context& cx) const override {
    const auto* fn = dyn_cast_or_null<FunctionDecl>(v.getParentFunctionOrMethod());
    if (fn && v.isLocalVarDecl() && cx.amp_side(fn)) return;
    cx.report(v.getLocation(), named(v) +
                                   " is outside restrict(amp) code: tile_static declares a local "
                                   "variable of a restrict(amp) function; move it into one");
  }
};

class tile_static_initializer : public rule {
  void check_tile_static(const VarDecl& v, amp_context& cx) const override {
    const Expr* init = v.getInit();
    if (!init) return;
    if (const auto* c = dyn_cast<CXXConstructExpr>(init->IgnoreImplicit());
        c && c->getNumArgs() == 0 && !c->isListInitialization())
      return;  // default construction
    cx.report(v.getLocation(), named(v) +
                                   " has an initializer: tile_static memory is shared by the "
                                   "tile and starts uninitialized; assign it in the code (then "
                                   "wait at a tile_barrier)");
  }
};

class tile_static_pointer : public rule {
  void check_tile_static(const VarDecl& v, amp_context& cx) const override {
    const QualType t = v.getType().getCanonicalType();
    const char* what = t->isReferenceType() ? "a reference"
                       : t->isPointerType() ? "a pointer"
                       : t->isNullPtrType() ? "a std::nullptr_t"
                                            : nullptr;
    if (!what) return;
    cx.report(v.getLocation(), named(v) + " is " + what + " (" + cx.quoted(v.getType()) +
                                   "): tile_static variables hold data, not pointers or "
                                   "references; declare the data itself tile_static");
  }
};

class tile_static_view : public rule {
  void check_tile_static(const VarDecl& v, amp_context& cx) const override {
    if (!cx.holds_view(v.getType())) return;
    cx.report(v.getLocation(), named(v) + " (" + cx.quoted(v.getType()) +
                                   ") holds an array_view or array: tile_static variables hold "
                                   "data, not views; copy the elements into a tile_static array");
  }
};

// `tile_static` on anything but a variable (Clang drops the attribute).
class tile_static_not_on_variable : public rule {
  void check_written(const written_specifiers& written, const std::vector<const FunctionDecl*>&,
                     const std::vector<const VarDecl*>& tile_statics,
                     amp_context& cx) const override {
    std::vector<SourceLocation> taken;
    for (const VarDecl* v : tile_statics)
      if (const auto* a = v->getAttr<CUDASharedAttr>())
        taken.push_back(cx.sm.getExpansionLoc(a->getLocation()));
    for (const SourceRange& r : written.tile_statics) {
      const SourceLocation at = cx.sm.getExpansionLoc(r.getBegin());
      if (!cx.user_code(at) || std::find(taken.begin(), taken.end(), at) != taken.end()) continue;
      cx.report(at,
                "tile_static applies only to variable declarations in restrict(amp) code: "
                "remove it");
    }
  }
};

}  // namespace

void add_tile_static_rules(rule_list& rules) {
  rules.push_back(std::make_unique<tile_static_outside_amp_code>());
  rules.push_back(std::make_unique<tile_static_initializer>());
  rules.push_back(std::make_unique<tile_static_pointer>());
  rules.push_back(std::make_unique<tile_static_view>());
  rules.push_back(std::make_unique<tile_static_not_on_variable>());
}

}  // namespace ampcl::translate::amp_rules
