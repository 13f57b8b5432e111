// The rejected twin of msvc_amp_side.cpp: the same restrict(cpu, amp) member, reached
// from a kernel, copies a member whose copy constructor is restrict(cpu): an error in
// every dialect, at the copy.
#include <amp.h>

using namespace concurrency;

struct host_counter {
  int n = 0;
  host_counter() = default;
  host_counter(const host_counter& o) : n(o.n) {}  // restrict(cpu)
};

template <typename T>
struct cursor {
  host_counter steps;
  int at = 0;
  cursor operator+(int d) const restrict(cpu, amp) {
    cursor moved(*this);
    moved.at += d;
    return moved;
  }
};

int main() {
  int out[4] = {};
  array_view<int, 1> v(4, out);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    cursor<int> c;
    v[i] = (c + i[0]).at;
  });
  return 0;
}
