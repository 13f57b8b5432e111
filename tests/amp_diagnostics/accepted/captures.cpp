// What restrict(amp) lambdas capture (2.4.3.3): the positive twins.
#include <amp.h>
using namespace concurrency;
struct scaler {
  int factor = 2;
  // A member copied into a local is captured by value.
  void run(array_view<int, 1> v) {
    const int f = factor;
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] *= f; });
  }
  // In amp code, `this` is the accelerator's own.
  int twice() const restrict(amp) {
    return [=]() restrict(amp) { return 2 * factor; }();
  }
};
// A view made in restrict(amp) code over an array or another view (global memory).
struct view_holder {
  view_holder(array<int, 1>& a) restrict(cpu, amp) : view(a) {}
  view_holder(const array_view<int, 1>& v) restrict(cpu, amp) : view(v) {}
  array_view<int, 1> view;
};
int main() {
  std::vector<int> data(4, 1);
  array_view<int, 1> v(4, data);
  scaler().run(v);
  return 0;
}
