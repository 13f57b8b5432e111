// index<N>, extent<N> and tiled_extent<D0[,D1[,D2]]>, in C++ AMP order:
// dimension 0 is the most significant (extent<2>(rows, cols)).
#pragma once

#include <ampcl/errors.hpp>

#include <array>
#include <cstddef>
#include <sstream>
#include <string>

namespace ampcl {

namespace detail {
// The element-wise arithmetic shared by index and extent.
template <int N, class Derived>
class coordinate {
  static_assert(N >= 1 && N <= 3, "ampcl supports ranks 1, 2 and 3");

 public:
  static constexpr int rank = N;

  constexpr coordinate() : v_{} {}
  template <class... I, class = std::enable_if_t<sizeof...(I) == N>>
  constexpr explicit coordinate(I... values) : v_{static_cast<int>(values)...} {}
  constexpr explicit coordinate(const int (&values)[N]) : v_{} {
    for (int d = 0; d < N; ++d) v_[d] = values[d];
  }

  constexpr int& operator[](int d) { return v_[d]; }
  constexpr int operator[](int d) const { return v_[d]; }

  Derived& operator+=(const Derived& o) { return apply(o, [](int& a, int b) { a += b; }); }
  Derived& operator-=(const Derived& o) { return apply(o, [](int& a, int b) { a -= b; }); }
  Derived& operator+=(int s) { return apply_scalar(s, [](int& a, int b) { a += b; }); }
  Derived& operator-=(int s) { return apply_scalar(s, [](int& a, int b) { a -= b; }); }
  Derived& operator*=(int s) { return apply_scalar(s, [](int& a, int b) { a *= b; }); }
  Derived& operator/=(int s) { return apply_scalar(s, [](int& a, int b) { a /= b; }); }
  Derived& operator%=(int s) { return apply_scalar(s, [](int& a, int b) { a %= b; }); }
  Derived& operator++() { return *this += 1; }
  Derived& operator--() { return *this -= 1; }
  Derived operator++(int) { Derived old = self(); ++*this; return old; }
  Derived operator--(int) { Derived old = self(); --*this; return old; }

  friend Derived operator+(Derived a, const Derived& b) { return a += b; }
  friend Derived operator-(Derived a, const Derived& b) { return a -= b; }
  friend Derived operator+(Derived a, int s) { return a += s; }
  friend Derived operator-(Derived a, int s) { return a -= s; }
  friend Derived operator*(Derived a, int s) { return a *= s; }
  friend Derived operator/(Derived a, int s) { return a /= s; }
  friend Derived operator%(Derived a, int s) { return a %= s; }
  friend bool operator==(const Derived& a, const Derived& b) { return a.v_ == b.v_; }
  friend bool operator!=(const Derived& a, const Derived& b) { return !(a == b); }

  std::string to_string() const {
    std::ostringstream s;
    s << '(';
    for (int d = 0; d < N; ++d) s << (d ? ", " : "") << v_[d];
    s << ')';
    return s.str();
  }

 private:
  template <class F>
  Derived& apply(const Derived& o, F f) {
    for (int d = 0; d < N; ++d) f(v_[d], o.v_[d]);
    return self();
  }
  template <class F>
  Derived& apply_scalar(int s, F f) {
    for (int d = 0; d < N; ++d) f(v_[d], s);
    return self();
  }
  Derived& self() { return static_cast<Derived&>(*this); }
  std::array<int, N> v_;
};
}  // namespace detail

template <int N>
class index : public detail::coordinate<N, index<N>> {
 public:
  using detail::coordinate<N, index<N>>::coordinate;
};

template <int N>
class extent;

template <int D0, int D1 = 0, int D2 = 0>
class tiled_extent;

template <int N>
class extent : public detail::coordinate<N, extent<N>> {
 public:
  using detail::coordinate<N, extent<N>>::coordinate;

  // Number of elements. size_t: large extents exceed int.
  std::size_t size() const {
    std::size_t n = 1;
    for (int d = 0; d < N; ++d) n *= static_cast<std::size_t>((*this)[d]);
    return n;
  }
  bool contains(const index<N>& idx) const {
    for (int d = 0; d < N; ++d)
      if (idx[d] < 0 || idx[d] >= (*this)[d]) return false;
    return true;
  }

  template <int D0>
  tiled_extent<D0> tile() const;
  template <int D0, int D1>
  tiled_extent<D0, D1> tile() const;
  template <int D0, int D1, int D2>
  tiled_extent<D0, D1, D2> tile() const;

  friend extent operator+(extent e, const index<N>& i) { return add(e, i, 1); }
  friend extent operator-(extent e, const index<N>& i) { return add(e, i, -1); }

 private:
  static extent add(extent e, const index<N>& i, int sign) {
    for (int d = 0; d < N; ++d) e[d] += sign * i[d];
    return e;
  }
};

// Linear position of `idx` in row-major (AMP) order within `ext`.
template <int N>
std::size_t linearize(const index<N>& idx, const extent<N>& ext) {
  std::size_t off = 0;
  for (int d = 0; d < N; ++d) off = off * ext[d] + idx[d];
  return off;
}

template <int D0, int D1, int D2>
class tiled_extent : public extent<(D2 > 0) ? 3 : (D1 > 0) ? 2 : 1> {
 public:
  static constexpr int rank = (D2 > 0) ? 3 : (D1 > 0) ? 2 : 1;
  static constexpr int tile_dim0 = D0;
  static constexpr int tile_dim1 = D1;
  static constexpr int tile_dim2 = D2;
  static_assert(D0 > 0 && D1 >= 0 && D2 >= 0 && !(D2 > 0 && D1 == 0),
                "tile dimensions must be positive");

  tiled_extent() = default;
  // As in C++ AMP, any extent may be tiled; a launch over one that does not divide
  // into whole tiles throws invalid_compute_domain (pad() or truncate() it first).
  explicit tiled_extent(const extent<rank>& e) : extent<rank>(e) {}

  // Rounded up to whole tiles. The extra work-items are launched: the kernel must
  // skip them, comparing its global index with the data's extent (AV_EXTENT).
  tiled_extent pad() const { return rounded(true); }
  // Rounded down to whole tiles: the work-items of the partial tiles are not launched.
  tiled_extent truncate() const { return rounded(false); }
  // Whether every dimension is a whole number of tiles.
  bool divides_evenly() const {
    const extent<rank> t = get_tile_extent();
    for (int d = 0; d < rank; ++d)
      if ((*this)[d] % t[d] != 0) return false;
    return true;
  }
  // Throws invalid_compute_domain, naming both shapes, unless divides_evenly().
  void check_divides_evenly() const {
    const extent<rank> t = get_tile_extent();
    for (int d = 0; d < rank; ++d) {
      if ((*this)[d] % t[d] != 0)
        throw invalid_compute_domain(
            "extent " + this->to_string() + " does not divide into tiles of " + t.to_string() +
            ": dimension " + std::to_string(d) + " has " + std::to_string((*this)[d]) +
            " elements, not a multiple of " + std::to_string(t[d]) +
            ". Use a tile that divides the extent, or pad()/truncate() the tiled extent.");
    }
  }

  static extent<rank> get_tile_extent() {
    if constexpr (rank == 1) return extent<1>(D0);
    else if constexpr (rank == 2) return extent<2>(D0, D1);
    else return extent<3>(D0, D1, D2);
  }
  // Number of tiles in each dimension.
  extent<rank> tiles() const {
    extent<rank> r = *this;
    const extent<rank> t = get_tile_extent();
    for (int d = 0; d < rank; ++d) r[d] = (*this)[d] / t[d];
    return r;
  }

 private:
  tiled_extent rounded(bool up) const {
    extent<rank> r = *this;
    const extent<rank> t = get_tile_extent();
    for (int d = 0; d < rank; ++d) r[d] = ((*this)[d] + (up ? t[d] - 1 : 0)) / t[d] * t[d];
    return tiled_extent(r);
  }
};

template <int N>
template <int D0>
tiled_extent<D0> extent<N>::tile() const {
  static_assert(N == 1, "tile<D0>() is for extent<1>");
  return tiled_extent<D0>(*this);
}
template <int N>
template <int D0, int D1>
tiled_extent<D0, D1> extent<N>::tile() const {
  static_assert(N == 2, "tile<D0, D1>() is for extent<2>");
  return tiled_extent<D0, D1>(*this);
}
template <int N>
template <int D0, int D1, int D2>
tiled_extent<D0, D1, D2> extent<N>::tile() const {
  static_assert(N == 3, "tile<D0, D1, D2>() is for extent<3>");
  return tiled_extent<D0, D1, D2>(*this);
}

}  // namespace ampcl
