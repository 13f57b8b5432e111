// Cause array-view-of-temporary (headers): array_view<T>(array<T>&) given a temporary array, as
// Bolt's device_vector does (Visual C++ binds the temporary to the reference). Clang picks the
// const-array constructor and ampcl's header stopped it: "a const array gives only
// array_view<const T>", though nothing is const. (b6b0ed5 accepts it and keeps the array alive.)
// bug: build
#include <amp.h>
using namespace concurrency;

static array<int, 1> make(int n) { return array<int, 1>(n); }

int main() {
  array_view<int, 1> v(make(8));
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = i[0]; });
  return v[7] == 7 ? 0 : 1;
}
