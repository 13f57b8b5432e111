// User types in kernels: base classes (empty and not), nested structs, arrays of
// structs, arrays of objects with constructors (each element constructed, in
// order), unions, enums, const members, structs passed and returned by value,
// downcasts from a base that is not at offset 0.
#include "check.h"

using namespace concurrency;

struct Empty {
  int twice(int x) const restrict(amp, cpu) { return 2 * x; }
};
struct Base {
  int id;
  int get() const restrict(amp, cpu) { return id; }
};
struct Derived : Empty, Base {
  float weight;
  int total() const restrict(amp, cpu) { return twice(get()) + static_cast<int>(weight); }
};
// A second non-empty base sits past the first: a downcast from it moves back.
struct Tagged {
  int tag;
};
struct Both : Tagged, Base {
  int extra;
};
// static_cast from a base pointer or reference back to the whole object.
int downcasts(int i) restrict(amp, cpu) {
  Both b;
  b.tag = i;
  b.id = 2 * i;
  b.extra = 3 * i;
  Base* base = &b;
  Both* whole = static_cast<Both*>(base);
  Base& base_ref = b;
  Both& whole_ref = static_cast<Both&>(base_ref);
  return whole->tag + whole->extra * 10 + whole_ref.id * 100;
}
struct Pair {
  int first;
  int second;
};
struct Holder {
  Pair pairs[3];
  Pair sum() const restrict(amp, cpu) {
    Pair s = {0, 0};
    for (int i = 0; i < 3; ++i) {
      s.first += pairs[i].first;
      s.second += pairs[i].second;
    }
    return s;
  }
};
union Bits {
  float f;
  int i;
};
struct Counted {
  int value;
  Counted() restrict(amp, cpu) : value(3) {}
};
// Declared in a template, an array of a class template's objects is built by a
// (trivial) constructor expression, where a plain struct array has none.
template <class T>
struct Quad {
  T a, b, c, d;
};
template <class T>
T quad_total(T i) restrict(amp) {
  Quad<T> quads[4];
  for (int k = 0; k < 4; ++k) quads[k].a = quads[k].b = quads[k].c = quads[k].d = i + k;
  T total = 0;
  for (int k = 0; k < 4; ++k) total += quads[k].a + quads[k].b + quads[k].c + quads[k].d;
  return total;
}
enum Colour { red = 1, green = 4, blue = 9 };
enum class Shape : int { circle = 3, square = 5 };

int main() {
  const int n = 40;
  std::vector<int> out(n * 8, poison);
  array_view<int, 2> av(n, 8, out);
  Derived d;
  d.id = 7;
  d.weight = 2.5f;
  const Holder h = {{{1, 2}, {3, 4}, {5, 6}}};
  parallel_for_each(extent<1>(n), [=](index<1> idx) restrict(amp) {
    const int i = idx[0];
    Derived local = d;
    local.id += i;
    av(i, 0) = local.total();
    Holder copy = h;
    copy.pairs[1].first = i;
    const Pair s = copy.sum();
    av(i, 1) = s.first * 100 + s.second;
    Bits b;
    b.f = 1.0f * i;
    av(i, 2) = b.i;
    const Colour c = i % 2 ? green : blue;
    av(i, 3) = c + static_cast<int>(i % 3 ? Shape::circle : Shape::square);
    const Empty e;
    av(i, 4) = e.twice(i) + static_cast<int>(sizeof(Derived));
    Counted several[4];
    several[i % 4].value += i;
    av(i, 5) = several[0].value + several[1].value + several[2].value + several[3].value;
    av(i, 6) = quad_total(i);
    av(i, 7) = downcasts(i);
  });
  for (int i = 0; i < n; ++i) {
    CHECK_EQ(av(i, 0), 2 * (7 + i) + 2);
    CHECK_EQ(av(i, 1), (1 + i + 5) * 100 + 12);
    CHECK_EQ(av(i, 2), bits_of(1.0f * i));
    CHECK_EQ(av(i, 3), (i % 2 ? 4 : 9) + (i % 3 ? 3 : 5));
    CHECK_EQ(av(i, 4), 2 * i + static_cast<int>(sizeof(Derived)));
    CHECK_EQ(av(i, 5), 4 * 3 + i);
    CHECK_EQ(av(i, 6), 4 * (4 * i + 6));
    CHECK_EQ(av(i, 7), downcasts(i));
    CHECK_EQ(downcasts(i), i + 30 * i + 200 * i);
  }
  return report("types");
}
