// Visual C++'s leniencies, as its code relies on them (ampcl-c++'s default dialect):
//
// A temporary of class type bound to a non-const lvalue reference (Visual C++'s
// extension C4239): `accelerator_view& v = accelerator().default_view;`,
// `f(make_view())` with `void f(array_view<T>&)`. Where Clang rejects one:
//   - a reference variable becomes an rvalue reference (`T& v = temp` ->
//     `T&& v = temp`): the temporary lives as long as the variable, as in Visual
//     C++, and `v` is an lvalue of type T all the same;
//   - an argument or a default argument becomes `__ampcl_lvalue(arg)` (restrict.h),
//     an lvalue naming the temporary until the end of the full expression, as in
//     Visual C++. Only class types: Visual C++ rejects `int&` bound to 3 too.
//
// A dependent member template named without `template` (`e.tile<16>()` in a
// template): `template` is written in. A dependent type named without `typename`
// where Clang's Microsoft mode does not supply it (a functional cast
// `T::type()`, an explicit template argument), and a default template argument
// repeated on the out-of-class definition of a class template's member: Clang's
// own fix-it (the `typename`, the default's removal) is applied. A function
// template whose `unsigned int` parameter is deduced from C++ AMP's `int` one
// (`template <unsigned tile_size> f(tiled_index<tile_size>)`), which Visual C++
// converted and [temp.deduct.type] refuses: the parameter is declared `int`.
#pragma once

#include <set>
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
  void end_call();
  bool follows_member_access(clang::SourceLocation at) const;
  void wrap(clang::CharSourceRange r);
  void fix(const clang::FixItHint& hint);
  void declare_int(clang::ASTContext& ctx);

  source_edits& edits_;
  const clang::SourceManager* sm_ = nullptr;
  const clang::LangOptions* lang_ = nullptr;
  bool in_call_ = false;
  clang::SourceLocation last_error_;
  call call_;
  std::vector<call> calls_;
  std::vector<binding> bindings_;
  std::vector<clang::FixItHint> fixes_;  // applied in resolve(), which has the language
  std::set<clang::SourceLocation> unsigned_deduced_;  // function templates, by location
};

}  // namespace ampcl::translate
