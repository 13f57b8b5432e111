// Cause unparsed-template-specifiers (front end, Visual C++ dialect): a function template
// nothing instantiates, whose body has a restrict(amp) lambda or a tile_static variable
// (a library header: C++ AMP BLAS's reduce, included by every routine, used by four). In
// Visual C++'s dialect Clang parses a template's body only when it is instantiated
// (-fdelayed-template-parsing), so the body has no AST, and ampcl's checks of the specifiers
// the preprocessor saw (amp_rules: specifier_not_on_a_function, tile_static_not_on_variable)
// find no declaration for them: "restrict(amp) is not part of a function declarator" and
// "tile_static applies only to variable declarations in restrict(amp) code". Visual C++
// accepts it (it never looks into an uninstantiated body either). Should: skip written
// specifiers inside a late-parsed function's body (FunctionDecl::isLateTemplateParsed).
// flags:
// bug: build
#include <amp.h>
using namespace concurrency;

template <typename T>
void twice(array_view<T, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] *= 2; });
}

template <typename T>
T first_of_tile(const T* p) restrict(amp) {
  tile_static T buf[4];
  buf[0] = *p;
  return buf[0];
}

int main() { return 0; }  // neither template is instantiated
