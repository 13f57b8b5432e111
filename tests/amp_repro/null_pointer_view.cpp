// Cause view-over-mixed-memory (front end): an object that holds an array_view,
// default-constructed in restrict(amp) code over a null pointer, then assigned a
// view of global memory (C++ AMP Algorithms' array_view_iterator: its default
// constructor makes 'array_view<T>(0, nullptr)'). A null pointer is in no memory,
// so it fits the view's: ampcl-c++ gave it private memory and refused the object
// ("this view is made over private memory, but the object ... holds views of
// global memory"). Fixed: a null pointer passed to a view's constructor takes the
// memory of the object's views.
// flags:
// bug: build
#include <amp.h>

#include <cstdio>
#include <vector>
using namespace concurrency;

template <class T>
struct empty_view {
  static array_view<T> create() restrict(cpu) {
    static T storage;
    return array_view<T>(1, &storage);
  }
  static array_view<T> create() restrict(amp) { return array_view<T>(0, nullptr); }
};

template <class T>
struct view_iterator {
  array_view<T> view;
  int position = 0;
  view_iterator() restrict(cpu, amp) : view(empty_view<T>::create()) {}
  view_iterator(const array_view<T>& v, int p) restrict(cpu, amp) : view(v), position(p) {}
  view_iterator& operator=(const view_iterator& o) restrict(cpu, amp) {
    view = o.view;
    position = o.position;
    return *this;
  }
  T& operator*() const restrict(cpu, amp) { return view[position]; }
};

int main() {
  const int n = 64;
  std::vector<int> data(n), out(n, -1);
  for (int i = 0; i < n; ++i) data[i] = 3 * i + 1;
  array_view<int> a(n, data);
  array_view<int> o(n, out);
  parallel_for_each(
      o.extent, [=](index<1> i) restrict(amp) {
        view_iterator<int> it;  // over no memory yet
        it = view_iterator<int>(a, i[0]);
        o[i] = *it * 2;
      });
  o.synchronize();
  int bad = 0;
  for (int i = 0; i < n; ++i) bad += out[i] != 2 * data[i];
  std::printf("%s: %d wrong\n", bad ? "FAIL" : "PASS", bad);
  return bad;
}
