// 2.4.3.5.1: tile_static variables. One per tile, shared by its threads: only in
// restrict(amp) functions, holding data (no pointers or references). Clang
// rejects the rest itself: an initializer, tile_static in a restrict(cpu)
// function, and a view (array_view has no default constructor).
#include <clang/AST/Attr.h>

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

// `tile_static` on anything but a variable (Clang drops the attribute).
class tile_static_not_on_variable : public rule {
  void check_written(const written_specifiers& written, const declarations& all,
                     amp_context& cx) const override {
    std::vector<SourceLocation> taken;
    for (const VarDecl* v : all.tile_statics)
      if (const auto* a = v->getAttr<CUDASharedAttr>())
        taken.push_back(cx.sm.getFileLoc(a->getLocation()));
    for (const SourceRange& r : written.tile_statics) {
      const SourceLocation at = cx.sm.getFileLoc(r.getBegin());
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
  rules.push_back(std::make_unique<tile_static_pointer>());
  rules.push_back(std::make_unique<tile_static_not_on_variable>());
}

}  // namespace ampcl::translate::amp_rules
