// Functions: templates instantiated twice, overloads, references to private,
// tile_static and global memory (one helper cloned per address space), member
// functions and operators of user types, default arguments, constructors.
#include "check.h"

using namespace concurrency;

template <class T>
T square(T x) restrict(amp) { return x * x; }

int pick(int x) restrict(amp) { return x + 1; }
int pick(float x) restrict(amp) { return static_cast<int>(x * 10.0f); }

void bump(int& x, int by = 1) restrict(amp) { x += by; }

struct Vec2 {
  float x, y;
  Vec2(float a, float b) restrict(amp, cpu) : x(a), y(b) {}
  Vec2 operator+(const Vec2& o) const restrict(amp, cpu) { return Vec2(x + o.x, y + o.y); }
  float dot(const Vec2& o) const restrict(amp, cpu) { return x * o.x + y * o.y; }
};

template <class Pred>
int signed_by(Pred pred, int a) restrict(amp, cpu) {
  return pred(a) ? a : -a;
}

// A base whose copy constructor and copy assignment are overloaded per side: the
// derived class's implicit ones are restrict(cpu, amp) in C++ AMP, each side
// calling its own overload (conformance defaulted_copy_ctor.01, A8).
struct sided_base {
  int side;
  sided_base() restrict(cpu, amp) : side(0) {}
  sided_base(sided_base& o) restrict(cpu) : side(o.side + 10) {}
  sided_base(sided_base& o) restrict(amp) : side(o.side + 20) {}
  sided_base& operator=(sided_base& o) restrict(cpu) {
    side = o.side + 100;
    return *this;
  }
  sided_base& operator=(sided_base& o) restrict(amp) {
    side = o.side + 200;
    return *this;
  }
};
struct sided : sided_base {};

int copies() restrict(cpu, amp) {
  sided a;
  sided b(a);  // +10 on the cpu, +20 on the amp side
  sided c;
  c = b;  // +100 / +200
  return c.side;
}

// A typedef of a restricted function type declares functions with its restriction
// (C++ AMP: the specifier is part of the function type): a member and a free
// function, each defined later as restrict(cpu, amp) (conformance TypeSpecifier.03).
typedef int(scaled_fn)(int) restrict(cpu, amp);
struct scaler {
  int by;
  scaled_fn scale;
};
int scaler::scale(int x) restrict(cpu, amp) { return x * by; }
scaled_fn offset;
int offset(int x) restrict(cpu, amp) { return x + 1000; }

// C++11 declares a variable and a function in one `auto` group (CWG 1265 forbade
// it from C++14 on; MSVC takes it): conformance 2_1_1_Func_Decl_Synt/Simple/Test.02.
auto group_base = 7, group_twice(int x) restrict(cpu, amp) -> int;
int group_twice(int x) restrict(cpu, amp) { return 2 * x; }

// Conversion functions overloaded on restriction: each side converts with its
// own, the other side's is no candidate (conformance
// multiple_restrictions_non_class.01; Clang's CUDA mode had both and found
// n + 1 ambiguous).
struct sided_number {
  int v;
  operator int() const restrict(cpu) { return v + 1; }
  operator float() const restrict(amp) { return v + 2.0f; }
};
int plus_one(sided_number n) restrict(cpu, amp) { return static_cast<int>(n + 1); }

int main() {
  const int n = 32;
  std::vector<int> out(n * 6, poison);
  array_view<int, 2> av(n, 6, out);
  parallel_for_each(extent<1>(n), [=](index<1> idx) restrict(amp) {
    const int i = idx[0];
    av(i, 0) = square(i);
    av(i, 1) = static_cast<int>(square(0.5f * i));
    av(i, 2) = pick(i) + pick(0.25f * i);
    int local = i;
    bump(local);
    bump(local, 10);
    av(i, 3) = local;
    av(i, 4) = 0;
    bump(av(i, 4), i);  // a reference to global memory
    const Vec2 a(1.0f * i, 2.0f), b(3.0f, 1.0f * i);
    av(i, 5) = static_cast<int>((a + b).dot(Vec2(1.0f, 1.0f)));
  });
  for (int i = 0; i < n; ++i) {
    CHECK_EQ(av(i, 0), i * i);
    CHECK_EQ(av(i, 1), static_cast<int>((0.5f * i) * (0.5f * i)));
    CHECK_EQ(av(i, 2), i + 1 + static_cast<int>(0.25f * i * 10.0f));
    CHECK_EQ(av(i, 3), i + 11);
    CHECK_EQ(av(i, 4), i);
    CHECK_EQ(av(i, 5), static_cast<int>((i + 3.0f) + (2.0f + i)));
  }

  // A reference to tile_static memory, through the same helper.
  std::vector<int> t(64, poison);
  array_view<int, 1> tv(64, t);
  parallel_for_each(tv.extent.tile<16>(), [=](tiled_index<16> ti) restrict(amp) {
    tile_static int shared[16];
    shared[ti.local[0]] = ti.global[0];
    bump(shared[ti.local[0]], 100);
    ti.barrier.wait();
    tv[ti.global] = shared[15 - ti.local[0]];
  });
  for (int i = 0; i < 64; ++i) CHECK_EQ(tv[i], (i / 16) * 16 + (15 - i % 16) + 100);

  // A class defined in a restrict(amp) function: its member functions, written
  // without a restriction, take the function's (C++ AMP's inference, as lambdas').
  std::vector<int> l(n, poison);
  array_view<int, 1> lv(n, l);
  parallel_for_each(lv.extent, [=](index<1> idx) restrict(amp) {
    struct accumulator {
      int total = 0;
      void add(int v) { total += twice(v); }
      int twice(int v) const { return 2 * v; }
    };
    accumulator acc;
    for (int k = 0; k <= idx[0]; ++k) acc.add(k);
    lv[idx] = acc.total;
  });
  for (int i = 0; i < n; ++i) CHECK_EQ(lv[i], i * (i + 1));

  // Local classes with constructors, one the other's base: the derived
  // constructor's implicit base initialization calls the base's (inferred)
  // restrict(amp) constructor (conformance non.pod.inheritance's A5).
  std::vector<int> cv_data(n, poison);
  array_view<int, 1> cv(n, cv_data);
  parallel_for_each(cv.extent, [=](index<1> idx) restrict(amp) {
    class base {
      float m;

     public:
      base() : m(7.0f) {}
      float get() const { return m; }
    };
    class derived : public base {
      float k;

     public:
      explicit derived(int v) : k(static_cast<float>(v)) {}
      derived() : k(3.0f) {}
      float sum() const { return get() + k; }
    };
    derived a(idx[0]), b;
    cv[idx] = static_cast<int>(a.sum() * 10.0f + b.sum());
  });
  for (int i = 0; i < n; ++i) CHECK_EQ(cv[i], (7 + i) * 10 + 10);

  std::vector<int> sv_data(n, poison);
  array_view<int, 1> sv(n, sv_data);
  parallel_for_each(sv.extent, [=](index<1> idx) restrict(amp) { sv[idx] = copies() + idx[0]; });
  for (int i = 0; i < n; ++i) CHECK_EQ(sv[i], 220 + i);
  CHECK_EQ(copies(), 110);

  // A restrict(cpu, amp) lambda passed by value into an amp function template: its
  // copy constructor follows its (empty) captures (conformance Lambda.14).
  std::vector<int> pv_data(n, poison);
  array_view<int, 1> pv(n, pv_data);
  auto is_odd = [](int x) restrict(amp, cpu) -> int { return x % 2; };
  parallel_for_each(pv.extent, [=](index<1> idx) restrict(amp) {
    pv[idx] = signed_by(is_odd, idx[0]);
  });
  for (int i = 0; i < n; ++i) CHECK_EQ(pv[i], i % 2 ? i : -i);

  // Functions declared through a restricted typedef and in an `auto` group, on
  // both sides.
  std::vector<int> dv_data(n, poison);
  array_view<int, 1> dv(n, dv_data);
  parallel_for_each(dv.extent, [=](index<1> idx) restrict(amp) {
    scaler s{3};
    dv[idx] = s.scale(idx[0]) + offset(idx[0]) + group_twice(idx[0]);
  });
  scaler host_scaler{3};
  for (int i = 0; i < n; ++i)
    CHECK_EQ(dv[i], host_scaler.scale(i) + offset(i) + group_twice(i));
  for (int i = 0; i < n; ++i) CHECK_EQ(dv[i], 3 * i + i + 1000 + 2 * i);
  CHECK_EQ(group_base, 7);

  std::vector<int> nv_data(n, poison);
  array_view<int, 1> nv(n, nv_data);
  parallel_for_each(nv.extent, [=](index<1> idx) restrict(amp) {
    nv[idx] = plus_one(sided_number{idx[0]});
  });
  for (int i = 0; i < n; ++i) {
    CHECK_EQ(nv[i], i + 3);                       // operator float() restrict(amp)
    CHECK_EQ(plus_one(sided_number{i}), i + 2);  // operator int() restrict(cpu)
  }
  return report("functions");
}
