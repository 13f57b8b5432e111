// An element with a virtual base: its hidden table pointer is a host address
// (conformance amp_compatible/negative/virtual.base; MSVC's C3581).
#include <amp.h>
#include <vector>
using namespace concurrency;
struct base {
  int id;
};
struct derived : virtual base {};
int main() {
  std::vector<derived> v(10);
  array_view<derived, 1> av(10, v);  // error: 'array_view<derived, 1>': the element type 'derived' has a virtual base class 'base', so it is not amp-compatible
  return av.extent[0] == 0;
}
