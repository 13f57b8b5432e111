// Cause dependent-base-name (front end, Visual C++ dialect): in a class template, a name a
// dependent base declares (base<T>::real_type) and a namespace-scope template of the same
// name (C++ AMP BLAS's tests: test_case<T, P>::real_type and ampxblas.h's real_type<T>).
// Visual C++ looks the name up when the template is instantiated, in the class and its bases
// first, and finds the base's typedef. Clang's Microsoft mode searches dependent bases only
// when ordinary lookup finds nothing; here it finds the namespace template: "use of class
// template 'real_type' requires template arguments". Should: the base's member, as Visual C++
// (e.g. an edit to 'typename derived::real_type' where the base declares the name).
// flags:
// bug: build
#include <amp.h>

template <typename T> struct real_type { typedef T type; };
template <typename T> struct base { typedef float real_type; };

template <typename T> struct derived : base<T> {
  real_type half() const { return real_type(2.5f); }
  int run() { real_type v = half(); return v == 2.5f ? 0 : 1; }
};

int main() { return derived<int>().run(); }
