// A writable view of a const array: rejected, and the message says why (a temporary
// array, which is not const, makes a view: amp.device.array_view_of_temporary).
#include <amp.h>

int main() {
  const concurrency::array<int, 1> a(4);
  concurrency::array_view<int, 1> v(a);
  return v.extent[0];
}
