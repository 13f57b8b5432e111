// Visual C++ compiles the amp side of a template's instantiation only for the kernels
// that reach it. AMD Bolt's permutation_iterator::operator+ is restrict(cpu, amp),
// called on the host only, and copies a member whose copy constructor is restrict(cpu):
// its suite built with Visual C++, and builds in ampcl-c++'s default dialect. ISO C++
// (--dialect=standard) checks every restrict(amp) body and rejects it; a kernel that
// reaches it is rejected in every dialect (msvc_amp_side_reached.cpp).
#include <amp.h>

#include <cstdio>
#include <vector>

using namespace concurrency;

struct host_counter {
  int n = 0;
  host_counter() = default;
  host_counter(const host_counter& o) : n(o.n) {}  // restrict(cpu): a user-written copy
};

template <typename T>
struct cursor {
  host_counter steps;
  int at = 0;
  // restrict(cpu, amp), but copies `steps`, whose copy constructor is restrict(cpu).
  cursor operator+(int d) const restrict(cpu, amp) {
    cursor moved(*this);
    moved.at += d;
    return moved;
  }
  int position() const restrict(cpu, amp) { return at; }
};

int main() {
  cursor<int> c;
  c.at = 3;
  const cursor<int> d = c + 4;  // host only
  std::vector<int> out(16, -1);
  array_view<int, 1> v(16, out);
  const int base = d.position();
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = base + i[0]; });
  v.synchronize();
  for (int i = 0; i < 16; ++i)
    if (out[i] != 7 + i) {
      std::printf("out[%d] = %d, expected %d\n", i, out[i], 7 + i);
      return 1;
    }
  std::printf("msvc_amp_side: ok\n");
  return 0;
}
