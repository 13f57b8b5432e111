// An array's accelerator_view is fixed: assigning to what get_accelerator_view()
// returns changes nothing, so it does not compile (conformance accl_view/Negative).
#include <amp.h>

int main() {
  concurrency::array<float, 1> a(4);
  a.get_accelerator_view() = concurrency::accelerator().default_view;
  return 0;
}
