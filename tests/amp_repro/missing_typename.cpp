// Cause missing-typename (front end, Visual C++ dialect): a dependent type named without
// 'typename' where Clang's Microsoft mode does not supply it: as a functional cast in an
// expression (C++ AMP Algorithms' tests: 'TypeParam::stl_type()') and as a function
// template's explicit argument ('get_delimiter<Traits::char_type>()', testtools.h). Visual
// C++ accepts both; ampcl-c++: "missing 'typename' prior to dependent type name" (in the
// first case after the template is instantiated). Should: build, as Visual C++ (the dialect
// adds a missing 'typename' in other places already).
// flags:
// bug: build
#include <amp.h>
#include <string>

template <typename T> struct holder { typedef T value_type; };
template <typename P> int zero() { return int(P::value_type()); }

template <typename C> const C* delimiter() { return nullptr; }
template <typename Traits> int no_delimiter() { return delimiter<Traits::char_type>() == nullptr ? 0 : 1; }

int main() { return zero<holder<int>>() + no_delimiter<std::char_traits<char>>(); }
