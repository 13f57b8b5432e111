// Cause class-template-late-names (front end, Visual C++ dialect): a class template's body
// (an enumerator's value, a default template argument) names a constant declared further down
// the file (C++ AMP Algorithms' amp_algorithms.h: static_is_power_of_two uses bit32, declared
// 220 lines below, in the header every test includes). Visual C++ reads a class template's body
// when it is instantiated, as it does a function template's; Clang's
// -fdelayed-template-parsing delays function bodies only: "use of undeclared identifier
// 'bit32'". Should: build (the name looked up at instantiation, as Visual C++ does).
// flags:
// bug: build
// open: a class template's body is read where it stands (Clang delays function bodies only); the validation substitutes the declaration order
#include <amp.h>

template <unsigned int N>
struct is_big {
  enum { value = N > limit ? 1 : 0 };
};

static const unsigned int limit = 10;

int main() { return is_big<20>::value == 1 ? 0 : 1; }
