// A view of pointers: an address copied to the device means nothing there
// (conformance reinterpret_As/Negative/ElementType.01).
#include <amp.h>
#include <vector>
using namespace concurrency;
int main() {
  std::vector<int> v(10);
  array_view<int, 1> av(10, v);
  array_view<int*, 1> r = av.reinterpret_as<int*>();  // error: 'array_view<int *, 1>': the element type 'int *' is a pointer
  return r.extent[0] == 0;
}
