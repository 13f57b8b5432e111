// Cause array-view-of-temporary (front end, Visual C++ dialect): Visual C++ binds a temporary
// to a non-const lvalue reference. Bolt's device_vector builds its view from a temporary
// concurrency::array (array_view<T>(array<T>&)); the AMD samples bind accelerator().default_view
// to accelerator_view&. Clang picks array_view's const-array constructor instead and ampcl's
// header stops it: "a const array gives only array_view<const T>", though nothing is const.
// flags: -fms-extensions -D_MSC_VER=1929
// bug: build
#include <amp.h>
using namespace concurrency;

static array<int, 1> make(int n) { return array<int, 1>(n); }

int main() {
  array_view<int, 1> v(make(8));      // array& bound to a temporary
  accelerator_view& av = accelerator().default_view;
  return v.extent[0] == 8 && av == accelerator().default_view ? 0 : 1;
}
