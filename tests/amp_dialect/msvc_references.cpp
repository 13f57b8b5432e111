// Visual C++ binds a temporary of class type to a non-const lvalue reference (its
// extension C4239). ampcl-c++'s default dialect takes each form: a reference
// variable (the temporary lives as long as it), an argument, a member call's
// argument, a constructor's, a member initializer's in a class template (Bolt's
// device_vector iterators: `m_Container(create_empty_array<T>::getav())` to a
// constructor taking `array<T>&`), a default argument; and the C++ AMP idiom
// `accelerator_view& v = accelerator().default_view;`; and in a kernel of a
// template, arguments written through a macro (Bolt's sort: `#define make_uint4
// (uint_4)`, then `select(make_uint4(1,1,1,1), ...)` to `uint_4&` parameters).
#include <amp.h>
#include <amp_short_vectors.h>

#include <cstdio>
#include <vector>

using namespace concurrency;

static int alive = 0;
struct counter {
  int value = 10;
  counter() { ++alive; }
  counter(const counter& o) : value(o.value) { ++alive; }
  ~counter() { --alive; }
};
counter make() {
  return counter();
}
int bump(counter& c) {
  return ++c.value;
}
int bump_default(counter& c = counter()) {
  return ++c.value;
}
struct holder {
  int got;
  explicit holder(counter& c) : got(c.value) {}
  int add(counter& c, counter& d) { return c.value + d.value + got; }
};

// A class template whose member is made from a temporary array passed to a
// constructor taking `array<T>&`.
template <typename T>
struct owner {
  array_view<T, 1> view;
  explicit owner(array<T, 1>& a) : view(a) {}
};
template <typename T>
struct one_element {
  static array<T, 1> make() { return array<T, 1>(1); }
};
template <typename T>
struct default_iterator {
  default_iterator() : container(one_element<T>::make()), at(0) {}
  owner<T> container;
  int at;
};

// A helper written to take the view by reference, called with a temporary view.
void fill(array_view<int, 1>& v, int value) {
  parallel_for_each(
      v.extent, [=](index<1> i) restrict(amp) { v[i] = value + i[0]; });
}

#define make_uint4 (graphics::uint_4)
static graphics::uint_4 select(graphics::uint_4& a, graphics::uint_4& b,
                               graphics::uint_4& when_b) restrict(amp) {
  return graphics::uint_4(when_b.x ? b.x : a.x, when_b.y ? b.y : a.y, when_b.z ? b.z : a.z,
                          when_b.w ? b.w : a.w);
}
template <typename T>
void pick(array_view<T, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    graphics::uint_4 odd(i[0] & 1, 0, 1, 0);
    const graphics::uint_4 r = select(make_uint4(1, 1, 1, 1), make_uint4(0, 0, 0, 0), odd);
    v[i] = r.x + 10 * r.z + 100 * (1 - r.y);  // 1 for even i, else 0
  });
}

int main() {
  int bad = 0;
  {
    counter& c = make();  // lives until the end of this block, as in Visual C++
    if (alive != 1 || c.value != 10) ++bad;
    c.value = 20;
    if (bump(c) != 21) ++bad;
  }
  if (alive != 0) ++bad;
  if (bump(make()) != 11) ++bad;
  if (bump_default() != 11) ++bad;
  holder h(make());
  if (h.got != 10 || h.add(make(), counter()) != 30) ++bad;
  if (alive != 0) ++bad;

  default_iterator<int> it;
  if (it.at != 0 || it.container.view.extent[0] != 1) ++bad;

  accelerator_view& av = accelerator().default_view;
  std::vector<int> host(32, -7);  // poison
  fill(array_view<int, 1>(32, host), 100);
  array_view<int, 1> check(32, host);
  check.synchronize();
  for (int i = 0; i < 32; ++i)
    if (host[i] != 100 + i) ++bad;
  if (av.accelerator != accelerator()) ++bad;
  std::vector<unsigned> picked(16, 77u);  // poison
  array_view<unsigned, 1> picks(16, picked);
  pick(picks);
  picks.synchronize();
  for (int i = 0; i < 16; ++i)
    if (picked[i] != ((i & 1) ? 0u : 1u)) ++bad;
  std::printf("%s: %d wrong\n", bad ? "FAIL" : "PASS", bad);
  return bad ? 1 : 0;
}
