// index<N>, extent<N> and tiled_extent<D0[,D1[,D2]]>: C++ AMP's classes
// (ampcl/concurrency/index.h), named here for ampcl's API, and what ampcl adds to
// them as functions. Dimension 0 is the most significant (extent<2>(rows, cols)).
#pragma once

// C++ AMP's class inside a stretch (cpp_amp_begin.h): the order is the meaning.
// clang-format off
#include <ampcl/detail/cpp_amp_begin.h>
#include <ampcl/concurrency/index.h>
#include <ampcl/detail/cpp_amp_end.h>
// clang-format on

#include <ampcl/errors.hpp>
#include <cstddef>
#include <string>

namespace ampcl {

using Concurrency::extent;
using Concurrency::index;
using Concurrency::tiled_extent;

// "(1, 2, 3)", for messages.
template <int N>
std::string to_string(const index<N>& i) {
  std::string s = "(";
  for (int d = 0; d < N; ++d) s += (d ? ", " : "") + std::to_string(i[d]);
  return s + ")";
}
template <int N>
std::string to_string(const extent<N>& e) {
  return to_string(index<N>(e._M_base));
}

// The number of elements as size_t: extent::size() is C++ AMP's unsigned int,
// which wraps for extents of 2^32 elements or more.
template <int N>
std::size_t element_count(const extent<N>& e) {
  std::size_t n = 1;
  for (int d = 0; d < N; ++d) n *= static_cast<std::size_t>(e[d]);
  return n;
}

// Linear position of `idx` in row-major (AMP) order within `ext`.
template <int N>
std::size_t linearize(const index<N>& idx, const extent<N>& ext) {
  std::size_t off = 0;
  for (int d = 0; d < N; ++d) off = off * ext[d] + idx[d];
  return off;
}

// Number of tiles in each dimension.
template <int D0, int D1, int D2>
extent<tiled_extent<D0, D1, D2>::rank> tiles(const tiled_extent<D0, D1, D2>& t) {
  extent<tiled_extent<D0, D1, D2>::rank> r = t;
  const auto tile = t.get_tile_extent();
  for (int d = 0; d < r.rank; ++d) r[d] /= tile[d];
  return r;
}

// Whether every dimension is a whole number of tiles.
template <int D0, int D1, int D2>
bool divides_evenly(const tiled_extent<D0, D1, D2>& t) {
  const auto tile = t.get_tile_extent();
  for (int d = 0; d < t.rank; ++d)
    if (t[d] % tile[d] != 0) return false;
  return true;
}

// Throws invalid_compute_domain, naming both shapes, unless divides_evenly(t).
// As in C++ AMP, any extent may be tiled; OpenCL 1.2 launches whole work-groups
// only, so a launch over one that does not divide into whole tiles throws.
template <int D0, int D1, int D2>
void check_divides_evenly(const tiled_extent<D0, D1, D2>& t) {
  const auto tile = t.get_tile_extent();
  for (int d = 0; d < t.rank; ++d) {
    if (t[d] % tile[d] != 0)
      throw invalid_compute_domain(
          "extent " + to_string(static_cast<const extent<tiled_extent<D0, D1, D2>::rank>&>(t)) +
          " does not divide into tiles of " + to_string(tile) + ": dimension " + std::to_string(d) +
          " has " + std::to_string(t[d]) + " elements, not a multiple of " +
          std::to_string(tile[d]) +
          ". Use a tile that divides the extent, or pad()/truncate() the tiled extent.");
  }
}

}  // namespace ampcl
