// Visual C++ parses a template's body when the template is instantiated (ampcl-c++'s
// default dialect does too): each construct below is an error in ISO C++ and
// compiles with Visual C++. The kernels live in such templates.
#include <amp.h>

#include <array>
#include <cstdio>
#include <vector>

using namespace concurrency;

// A name used before it is declared: found when the template is instantiated.
template <typename T>
T twice_later(T x) restrict(cpu, amp) {
  return declared_after(x) * 2;
}
int declared_after(int x) restrict(cpu, amp) {
  return x + 1;
}

// A template nobody instantiates may hold what could never compile.
template <typename T>
void never_instantiated() {
  static_assert(false, "not instantiated, so not checked");
}

// A class template's member that nothing calls, with a kernel in it: its body is
// never read, so the restriction and tile_static in it are not checked either.
template <typename T>
struct filler {
  void fill(array_view<T, 1> v, T value) {
    parallel_for_each(v.extent.tile<16>(), [=](tiled_index<16> t) restrict(amp) {
      tile_static T staged[16];
      v[t.global] = value + declared_nowhere(staged[0]);
    });
  }
};

template <typename T>
struct base {
  typedef T value_type;
  int scale;
};

template <typename T>
struct scaler : base<T> {
  // `scale` and `value_type` come from the dependent base without this-> and
  // typename: Visual C++ looks them up at instantiation.
  value_type apply(value_type v) const { return v * scale; }
};

// A dependent type without `typename`, as a functional cast and as an explicit
// template argument (Clang's Microsoft mode supplies it elsewhere).
template <typename T>
T make_default() {
  return T();
}
template <typename Traits>
typename Traits::value_type zero_of() {
  return Traits::value_type() + make_default<Traits::value_type>();
}
struct int_traits {
  typedef int value_type;
};

// ... and as a call's argument, where Clang reads a type name it did not expect.
struct seven {
  int v = 7;
};
template <typename P>
int value_of(P p) {
  return p.v;
}
template <typename Holder>
int pass_default() {
  return value_of(Holder::type());
}
struct holder {
  typedef seven type;
};
// (GoogleTest's TYPED_TEST names its parameter through a typedef, TypeParam.)
template <typename Param>
struct typed_case {
  typedef Param TypeParam;
  int run() { return value_of(TypeParam::type()); }
};

// An 'int' parameter deduced from std::array's size_t (Visual C++ converted it).
template <typename T, int N>
int count_of(const std::array<T, N>&) {
  return N;
}

// ... and so for an operator's template (a stream insertion of std::array).
struct counter {
  int items = 0;
};
template <typename T, int N>
counter& operator<<(counter& c, const std::array<T, N>&) {
  c.items += N;
  return c;
}

// A default template argument repeated on a static member's definition.
template <typename T, int N, int P = 0>
struct sized {
  static const int size;
};
template <typename T, int N, int P = 0>
const int sized<T, N, P>::size = N + P;

// A narrowing constant as a template argument (Visual C++ converted it).
template <int Bit>
struct bit_of {
  static const int value = Bit;
};
const unsigned int top_bit = 0x80000000;
typedef bit_of<top_bit> top;

// `.tile<N>()` on a dependent extent without `template`.
template <int Rank, int Tile, typename Extent>
void tiled_fill(Extent e, array_view<int, Rank> out) {
  parallel_for_each(
      e.tile<Tile>(), [=](tiled_index<Tile> t) restrict(amp) {
        out[t.global] = twice_later(t.local[0]);
      });
}

// A default argument added on a later declaration of a function template (Bolt's
// reduce.h after its reduce.inl defined reduce): it applies from there on.
template <typename T>
struct add {
  T operator()(T a, T b) const restrict(cpu, amp) { return a + b; }
};
template <typename T, typename Op>
T fold(const std::vector<T>& in, T init, Op op) {
  for (const T& x : in) init = op(init, x);
  return init;
}
template <typename T, typename Op>
T fold(const std::vector<T>& in, T init, Op op = add<T>());

int main() {
  const int n = 64;
  std::vector<int> host(n, -7);  // poison
  array_view<int, 1> out(n, host);
  tiled_fill<1, 16>(out.extent, out);
  out.synchronize();
  int bad = 0;
  for (int i = 0; i < n; ++i)
    if (host[i] != ((i % 16) + 1) * 2) ++bad;
  filler<int> unused;
  (void)unused;
  scaler<int> s;
  s.scale = 3;
  if (s.apply(5) != 15) ++bad;
  if (zero_of<int_traits>() != 0 || sized<int, 3>::size != 3) ++bad;
  if (pass_default<holder>() != 7 || typed_case<holder>().run() != 7) ++bad;
  if (count_of(std::array<int, 5>()) != 5) ++bad;
  counter items;
  items << std::array<int, 3>();
  if (items.items != 3) ++bad;
  if (top::value != static_cast<int>(0x80000000u)) ++bad;
  if (fold<int, add<int>>(std::vector<int>{1, 2, 3}, 10) != 16) ++bad;
  std::printf("%s: %d wrong\n", bad ? "FAIL" : "PASS", bad);
  return bad ? 1 : 0;
}
