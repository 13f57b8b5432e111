// Elements C++ AMP accepts that are not trivially copyable: user-provided copy
// constructors and assignments (per restriction), destructors, private and
// protected bases (conformance Special_member_functions/Test.03,
// amp_compatible/non.pod.inheritance). The runtime copies them bytewise.
#include <amp.h>
#include <vector>
using namespace concurrency;
struct by_side {
  by_side() restrict(cpu, amp) : x(0) {}
  by_side(const by_side& o) restrict(amp) : x(o.x) {}
  by_side(const by_side&) restrict(cpu) : x(0) {}
  by_side& operator=(const by_side& o) restrict(cpu, amp) {
    x = o.x;
    return *this;
  }
  int x;
};
class base {
 protected:
  int b = 0;
};
class with_destructor : private base {
 public:
  ~with_destructor() restrict(amp) {}
  int c = 0;
};
int main() {
  std::vector<by_side> v(4);
  array_view<by_side, 1> av(4, v);
  array<with_destructor, 1> a(4);
  parallel_for_each(av.extent, [=, &a](index<1> i) restrict(amp) { av[i].x = a[i].c; });
  return av[0].x;
}
