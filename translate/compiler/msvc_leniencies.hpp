// Visual C++'s leniencies, as its code relies on them (ampcl-c++'s default dialect):
//
// A temporary of class type bound to a non-const lvalue reference (Visual C++'s
// extension C4239): `accelerator_view& v = accelerator().default_view;`,
// `f(make_view())` with `void f(array_view<T>&)`. Where Clang rejects one:
//   - a reference variable becomes an rvalue reference (`T& v = temp` ->
//     `T&& v = temp`): the temporary lives as long as the variable, as in Visual
//     C++, and `v` is an lvalue of type T all the same;
//   - an argument (of a call, a member initializer) or a default argument becomes
//     `__ampcl_lvalue(arg)` (restrict.h), an lvalue naming the temporary until the
//     end of the full expression, as in Visual C++. Only class types: Visual C++
//     rejects `int&` bound to 3 too.
//
// A dependent member template named without `template` (`e.tile<16>()` in a
// template): `template` is written in. A dependent type named without `typename`
// where Clang's Microsoft mode does not supply it (a functional cast
// `T::type()`, an explicit template argument), and a default template argument
// repeated on the out-of-class definition of a class template's member: Clang's
// own fix-it (the `typename`, the default's removal) is applied. A function
// template whose integer parameter is deduced from an argument of another integer
// type (`template <unsigned tile_size> f(tiled_index<tile_size>)`, `int N` from
// std::array's size_t), which Visual C++ converted and [temp.deduct.type] refuses:
// the parameter is declared with the deduced type. In a class template with a
// dependent base, a name that ordinary lookup finds as a namespace-scope class
// template (`real_type` beside a base's `typedef ... real_type`) is the base's, as
// Visual C++ looked it up: `typename C::real_type`. A default argument added on a
// later declaration of a function template moves to the first declaration.
#pragma once

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "leniency.hpp"
#include "source_edits.hpp"

namespace ampcl::translate {

class msvc_leniencies : public leniency {
 public:
  explicit msvc_leniencies(source_edits& edits) : edits_(edits) {}
  void see(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& info) override;
  void resolve(clang::ASTContext& ctx) override;

 private:
  struct call {
    clang::SourceLocation at;  // the callee's name, or the variable a constructor makes
    bool init = false;         // a variable's initialization (no callee among the parts)
    std::set<unsigned> args;   // 1-based: those Clang says need an lvalue
  };
  struct binding {
    clang::SourceLocation at;      // the variable, or the argument
    clang::CharSourceRange value;  // the temporary
    bool argument = false;         // an argument (Clang named its parameter)
  };
  struct late_default {
    clang::SourceLocation at;      // the parameter of the later declaration
    clang::CharSourceRange value;  // its default argument
  };
  void end_call();
  void move_late_defaults(clang::ASTContext& ctx);
  bool follows_member_access(clang::SourceLocation at) const;
  clang::SourceLocation qualified_name_start(clang::SourceLocation at) const;
  void wrap(clang::CharSourceRange r);
  void fix(const clang::FixItHint& hint);
  void declare_deduced_types(clang::ASTContext& ctx);
  void qualify_base_members(clang::ASTContext& ctx);
  static bool integer_type(const std::string& name);

  source_edits& edits_;
  const clang::SourceManager* sm_ = nullptr;
  const clang::LangOptions* lang_ = nullptr;
  bool in_call_ = false;
  clang::SourceLocation last_error_;
  call call_;
  std::vector<call> calls_;
  std::vector<binding> bindings_;
  std::vector<late_default> late_defaults_;
  std::vector<clang::FixItHint> fixes_;  // applied in resolve(), which has the language
  // Function templates by location: (a parameter's type, the type deduced for it).
  std::map<clang::SourceLocation, std::set<std::pair<std::string, std::string>>> deduced_as_;
  // Names lookup took for namespace-scope templates: where, and the name.
  std::set<std::pair<clang::SourceLocation, std::string>> base_members_;
};

}  // namespace ampcl::translate
