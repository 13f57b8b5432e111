// index<N>, extent<N>, tiled_extent<D0, D1, D2>, tiled_index<D0, D1, D2> and
// tile_barrier, as C++ AMP has them: dimension 0 is the most significant. Plain
// restrict(cpu, amp) C++; the translator turns it into OpenCL C like user code.
#pragma once

#include <ampcl/concurrency/builtins.h>
#include <ampcl/concurrency/namespace.h>

namespace Concurrency {

template <int N>
class extent;
template <int D0, int D1 = 0, int D2 = 0>
class tiled_extent;

namespace __ampcl {
// The element-wise arithmetic index<N> and extent<N> share. A base with the
// operators would change nothing in the layout (int[N]); it is spelled out in
// both instead so each stays a standalone, standard-layout class.
template <int N>
struct coords {
  static_assert(N > 0, "rank must be positive");
  int v[N];
};
}  // namespace __ampcl

#define __AMPCL_COORD_OPS(Self)                                                          \
  Self& operator+=(const Self& o) restrict(cpu, amp) {                                  \
    for (int d = 0; d < N; ++d) _M_base[d] += o._M_base[d];                             \
    return *this;                                                                        \
  }                                                                                      \
  Self& operator-=(const Self& o) restrict(cpu, amp) {                                  \
    for (int d = 0; d < N; ++d) _M_base[d] -= o._M_base[d];                             \
    return *this;                                                                        \
  }                                                                                      \
  Self& operator+=(int s) restrict(cpu, amp) {                                          \
    for (int d = 0; d < N; ++d) _M_base[d] += s;                                         \
    return *this;                                                                        \
  }                                                                                      \
  Self& operator-=(int s) restrict(cpu, amp) {                                          \
    for (int d = 0; d < N; ++d) _M_base[d] -= s;                                         \
    return *this;                                                                        \
  }                                                                                      \
  Self& operator*=(int s) restrict(cpu, amp) {                                          \
    for (int d = 0; d < N; ++d) _M_base[d] *= s;                                         \
    return *this;                                                                        \
  }                                                                                      \
  Self& operator/=(int s) restrict(cpu, amp) {                                          \
    for (int d = 0; d < N; ++d) _M_base[d] /= s;                                         \
    return *this;                                                                        \
  }                                                                                      \
  Self& operator%=(int s) restrict(cpu, amp) {                                          \
    for (int d = 0; d < N; ++d) _M_base[d] %= s;                                         \
    return *this;                                                                        \
  }                                                                                      \
  Self& operator++() restrict(cpu, amp) { return *this += 1; }                          \
  Self& operator--() restrict(cpu, amp) { return *this -= 1; }                          \
  Self operator++(int) restrict(cpu, amp) {                                             \
    Self old = *this;                                                                    \
    *this += 1;                                                                          \
    return old;                                                                          \
  }                                                                                      \
  Self operator--(int) restrict(cpu, amp) {                                             \
    Self old = *this;                                                                    \
    *this -= 1;                                                                          \
    return old;                                                                          \
  }                                                                                      \
  friend Self operator+(const Self& a, const Self& b) restrict(cpu, amp) {              \
    Self r = a;                                                                          \
    return r += b;                                                                       \
  }                                                                                      \
  friend Self operator-(const Self& a, const Self& b) restrict(cpu, amp) {              \
    Self r = a;                                                                          \
    return r -= b;                                                                       \
  }                                                                                      \
  friend Self operator+(const Self& a, int s) restrict(cpu, amp) {                      \
    Self r = a;                                                                          \
    return r += s;                                                                       \
  }                                                                                      \
  friend Self operator+(int s, const Self& a) restrict(cpu, amp) { return a + s; }      \
  friend Self operator-(const Self& a, int s) restrict(cpu, amp) {                      \
    Self r = a;                                                                          \
    return r -= s;                                                                       \
  }                                                                                      \
  friend Self operator-(int s, const Self& a) restrict(cpu, amp) {                      \
    Self r;                                                                              \
    for (int d = 0; d < N; ++d) r._M_base[d] = s - a._M_base[d];                         \
    return r;                                                                            \
  }                                                                                      \
  friend Self operator*(const Self& a, int s) restrict(cpu, amp) {                      \
    Self r = a;                                                                          \
    return r *= s;                                                                       \
  }                                                                                      \
  friend Self operator*(int s, const Self& a) restrict(cpu, amp) { return a * s; }      \
  friend Self operator/(const Self& a, int s) restrict(cpu, amp) {                      \
    Self r = a;                                                                          \
    return r /= s;                                                                       \
  }                                                                                      \
  friend Self operator/(int s, const Self& a) restrict(cpu, amp) {                      \
    Self r;                                                                              \
    for (int d = 0; d < N; ++d) r._M_base[d] = s / a._M_base[d];                         \
    return r;                                                                            \
  }                                                                                      \
  friend Self operator%(const Self& a, int s) restrict(cpu, amp) {                      \
    Self r = a;                                                                          \
    return r %= s;                                                                       \
  }                                                                                      \
  friend Self operator%(int s, const Self& a) restrict(cpu, amp) {                      \
    Self r;                                                                              \
    for (int d = 0; d < N; ++d) r._M_base[d] = s % a._M_base[d];                         \
    return r;                                                                            \
  }                                                                                      \
  friend bool operator==(const Self& a, const Self& b) restrict(cpu, amp) {             \
    for (int d = 0; d < N; ++d)                                                          \
      if (a._M_base[d] != b._M_base[d]) return false;                                    \
    return true;                                                                         \
  }                                                                                      \
  friend bool operator!=(const Self& a, const Self& b) restrict(cpu, amp) {             \
    return !(a == b);                                                                    \
  }                                                                                      \
  int operator[](unsigned c) const restrict(cpu, amp) { return _M_base[c]; }            \
  int& operator[](unsigned c) restrict(cpu, amp) { return _M_base[c]; }

// A position in an N-dimensional space.
template <int N>
class index {
  static_assert(N > 0, "index rank must be positive");

 public:
  static constexpr int rank = N;
  typedef int value_type;

  index() restrict(cpu, amp) {
    for (int d = 0; d < N; ++d) _M_base[d] = 0;
  }
  index(const index&) = default;
  index& operator=(const index&) = default;
  explicit index(int i0) restrict(cpu, amp) { __fill1(i0); }
  index(int i0, int i1) restrict(cpu, amp) { __fill2(i0, i1); }
  index(int i0, int i1, int i2) restrict(cpu, amp) { __fill3(i0, i1, i2); }
  explicit index(const int components[]) restrict(cpu, amp) {
    for (int d = 0; d < N; ++d) _M_base[d] = components[d];
  }
  explicit index(int components[]) restrict(cpu, amp) {
    for (int d = 0; d < N; ++d) _M_base[d] = components[d];
  }

  __AMPCL_COORD_OPS(index)

  // The representation, for the headers only.
  int _M_base[N];

 private:
  void __fill1(int i0) restrict(cpu, amp) {
    static_assert(N == 1, "index(i0) is for index<1>");
    _M_base[0] = i0;
  }
  void __fill2(int i0, int i1) restrict(cpu, amp) {
    static_assert(N == 2, "index(i0, i1) is for index<2>");
    _M_base[0] = i0;
    _M_base[N - 1] = i1;
  }
  void __fill3(int i0, int i1, int i2) restrict(cpu, amp) {
    static_assert(N == 3, "index(i0, i1, i2) is for index<3>");
    _M_base[0] = i0;
    _M_base[1 % N] = i1;
    _M_base[N - 1] = i2;
  }
};

// The size of an N-dimensional space.
template <int N>
class extent {
  static_assert(N > 0, "extent rank must be positive");

 public:
  static constexpr int rank = N;
  typedef int value_type;

  extent() restrict(cpu, amp) {
    for (int d = 0; d < N; ++d) _M_base[d] = 0;
  }
  extent(const extent&) = default;
  extent& operator=(const extent&) = default;
  explicit extent(int e0) restrict(cpu, amp) { __fill1(e0); }
  extent(int e0, int e1) restrict(cpu, amp) { __fill2(e0, e1); }
  extent(int e0, int e1, int e2) restrict(cpu, amp) { __fill3(e0, e1, e2); }
  explicit extent(const int components[]) restrict(cpu, amp) {
    for (int d = 0; d < N; ++d) _M_base[d] = components[d];
  }
  explicit extent(int components[]) restrict(cpu, amp) {
    for (int d = 0; d < N; ++d) _M_base[d] = components[d];
  }

  __AMPCL_COORD_OPS(extent)

  // extent + index and extent - index, as C++ AMP has them.
  extent& operator+=(const index<N>& i) restrict(cpu, amp) {
    for (int d = 0; d < N; ++d) _M_base[d] += i[d];
    return *this;
  }
  extent& operator-=(const index<N>& i) restrict(cpu, amp) {
    for (int d = 0; d < N; ++d) _M_base[d] -= i[d];
    return *this;
  }
  friend extent operator+(const extent& e, const index<N>& i) restrict(cpu, amp) {
    extent r = e;
    return r += i;
  }
  friend extent operator-(const extent& e, const index<N>& i) restrict(cpu, amp) {
    extent r = e;
    return r -= i;
  }

  // The number of points.
  unsigned int size() const restrict(cpu, amp) {
    unsigned int s = 1;
    for (int d = 0; d < N; ++d) s *= static_cast<unsigned int>(_M_base[d]);
    return s;
  }
  bool contains(const index<N>& i) const restrict(cpu, amp) {
    for (int d = 0; d < N; ++d)
      if (i[d] < 0 || i[d] >= _M_base[d]) return false;
    return true;
  }

  template <int D0>
  tiled_extent<D0> tile() const restrict(cpu, amp) {
    static_assert(N == 1, "tile<D0>() is for extent<1>");
    return tiled_extent<D0>(*this);
  }
  template <int D0, int D1>
  tiled_extent<D0, D1> tile() const restrict(cpu, amp) {
    static_assert(N == 2, "tile<D0, D1>() is for extent<2>");
    return tiled_extent<D0, D1>(*this);
  }
  template <int D0, int D1, int D2>
  tiled_extent<D0, D1, D2> tile() const restrict(cpu, amp) {
    static_assert(N == 3, "tile<D0, D1, D2>() is for extent<3>");
    return tiled_extent<D0, D1, D2>(*this);
  }

  int _M_base[N];

 private:
  void __fill1(int e0) restrict(cpu, amp) {
    static_assert(N == 1, "extent(e0) is for extent<1>");
    _M_base[0] = e0;
  }
  void __fill2(int e0, int e1) restrict(cpu, amp) {
    static_assert(N == 2, "extent(e0, e1) is for extent<2>");
    _M_base[0] = e0;
    _M_base[N - 1] = e1;
  }
  void __fill3(int e0, int e1, int e2) restrict(cpu, amp) {
    static_assert(N == 3, "extent(e0, e1, e2) is for extent<3>");
    _M_base[0] = e0;
    _M_base[1 % N] = e1;
    _M_base[N - 1] = e2;
  }
};

#undef __AMPCL_COORD_OPS

namespace __ampcl {
template <int D0, int D1, int D2>
struct tile_rank {
  static_assert(D0 > 0 && D1 >= 0 && D2 >= 0 && !(D1 == 0 && D2 > 0),
                "tile sizes are positive, given from dimension 0 on");
  static const int value = D2 > 0 ? 3 : D1 > 0 ? 2 : 1;
};
}  // namespace __ampcl

// An extent divided into tiles of D0 x D1 x D2 threads (D1, D2 0 for lower ranks).
template <int D0, int D1, int D2>
class tiled_extent : public extent<__ampcl::tile_rank<D0, D1, D2>::value> {
 public:
  static constexpr int rank = __ampcl::tile_rank<D0, D1, D2>::value;
  static constexpr int tile_dim0 = D0;
  static constexpr int tile_dim1 = D1;
  static constexpr int tile_dim2 = D2;

  tiled_extent() restrict(cpu, amp) {}
  tiled_extent(const tiled_extent&) = default;
  tiled_extent& operator=(const tiled_extent&) = default;
  tiled_extent(const extent<rank>& e) restrict(cpu, amp) : extent<rank>(e) {}  // NOLINT

  extent<rank> get_tile_extent() const restrict(cpu, amp) { return __tile(); }
  __AMPCL_PROPERTY(get = get_tile_extent) extent<rank> tile_extent;

  // The smallest extent of whole tiles that holds this one.
  tiled_extent pad() const restrict(cpu, amp) {
    extent<rank> t = __tile(), e = *this;
    for (int d = 0; d < rank; ++d) e[d] += (t[d] - e[d] % t[d]) % t[d];  // no overflow when aligned
    return tiled_extent(e);
  }
  // The largest extent of whole tiles that fits in this one.
  tiled_extent truncate() const restrict(cpu, amp) {
    extent<rank> t = __tile(), e = *this;
    for (int d = 0; d < rank; ++d) e[d] = e[d] / t[d] * t[d];
    return tiled_extent(e);
  }

  friend bool operator==(const tiled_extent& a, const tiled_extent& b) restrict(cpu, amp) {
    return static_cast<const extent<rank>&>(a) == static_cast<const extent<rank>&>(b);
  }
  friend bool operator!=(const tiled_extent& a, const tiled_extent& b) restrict(cpu, amp) {
    return !(a == b);
  }
  // Against a plain extent: the shapes alone (without these, extent's operator and
  // the conversion of the extent to a tiled_extent would make t == e ambiguous).
  friend bool operator==(const tiled_extent& a, const extent<rank>& b) restrict(cpu, amp) {
    return static_cast<const extent<rank>&>(a) == b;
  }
  friend bool operator==(const extent<rank>& a, const tiled_extent& b) restrict(cpu, amp) {
    return a == static_cast<const extent<rank>&>(b);
  }
  friend bool operator!=(const tiled_extent& a, const extent<rank>& b) restrict(cpu, amp) {
    return !(a == b);
  }
  friend bool operator!=(const extent<rank>& a, const tiled_extent& b) restrict(cpu, amp) {
    return !(a == b);
  }

 private:
  static extent<rank> __tile() restrict(cpu, amp) {
    extent<rank> t;
    t[0] = D0;
    if (rank > 1) t[1 % rank] = D1;
    if (rank > 2) t[2 % rank] = D2;
    return t;
  }
};

// Synchronizes the threads of a tile (OpenCL's barrier). Only the kernel can make
// one; each thread finds it in its tiled_index.
class tile_barrier {
 public:
  tile_barrier(const tile_barrier&) restrict(cpu, amp) = default;

  // Waits for every thread of the tile; orders tile_static and global memory.
  // Builtins (builtins.h), written where the kernel waits: the race checker's
  // reports about a barrier then name the caller's line.
  void wait() const restrict(amp)
      __AMPCL_BUILTIN("barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)");
  void wait_with_all_memory_fence() const restrict(amp)
      __AMPCL_BUILTIN("barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)");
  void wait_with_global_memory_fence() const restrict(amp)
      __AMPCL_BUILTIN("barrier(CLK_GLOBAL_MEM_FENCE)");
  void wait_with_tile_static_memory_fence() const restrict(amp)
      __AMPCL_BUILTIN("barrier(CLK_LOCAL_MEM_FENCE)");

  explicit tile_barrier(__ampcl::thread_tag) restrict(amp) {}
};

// The thread's position: in the whole extent (global), in its tile (local), the
// tile's position (tile) and the tile's first thread (tile_origin).
template <int D0, int D1 = 0, int D2 = 0>
class tiled_index {
 public:
  static constexpr int rank = __ampcl::tile_rank<D0, D1, D2>::value;
  static constexpr int tile_dim0 = D0;
  static constexpr int tile_dim1 = D1;
  static constexpr int tile_dim2 = D2;

  const index<rank> global;
  const index<rank> local;
  const index<rank> tile;
  const index<rank> tile_origin;
  const tile_barrier barrier;

  tiled_index(const index<rank>& g, const index<rank>& l, const index<rank>& t,
              const index<rank>& o, const tile_barrier& b) restrict(cpu, amp)
      : global(g), local(l), tile(t), tile_origin(o), barrier(b) {}
  tiled_index(const tiled_index&) restrict(cpu, amp) = default;

  // The calling thread's own tiled_index (kernel entries only).
  explicit tiled_index(__ampcl::thread_tag t) restrict(amp)
      : global(__ampcl::global_index<rank>(t)),
        local(__ampcl::local_index<rank>(t)),
        tile(__ampcl::tile_index<rank>(t)),
        tile_origin(__ampcl::global_index<rank>(t) - __ampcl::local_index<rank>(t)),
        barrier(t) {}

  operator const index<rank>() const restrict(cpu, amp) { return global; }  // NOLINT

  extent<rank> get_tile_extent() const restrict(cpu, amp) { return __tile_sizes(); }
  __AMPCL_PROPERTY(get = get_tile_extent) extent<rank> tile_extent;

 private:
  static extent<rank> __tile_sizes() restrict(cpu, amp) {
    return tiled_extent<D0, D1, D2>().get_tile_extent();
  }
};

}  // namespace Concurrency
