// Shared helpers for the texture tests: texel values every format stores exactly,
// and component access for scalar and short-vector texels.
#pragma once

#include <ampcl/ampcl.hpp>
#include <array>
#include <cstring>
#include <type_traits>

#include "test_support.hpp"

namespace ampcl_texture_test {

using namespace ampcl::graphics;

template <class T>
struct texel_info {
  using scalar = typename short_vector_traits<T>::value_type;
  static constexpr int components = short_vector_traits<T>::size;
};

// Component c of a texel, as a double.
template <class T>
double component(const T& t, int c) {
  using S = typename texel_info<T>::scalar;
  S s[4];
  std::memcpy(static_cast<void*>(s), &t, sizeof(T));
  return static_cast<double>(static_cast<std::conditional_t<std::is_class_v<S>, float, S>>(s[c]));
}

// A distinct value for component c of texel i, exact in the default bit width
// (32 bits; 16 for norm and unorm, so k / 32767 and k / 65535).
template <class S>
S scalar_value(int i, int c) {
  if constexpr (std::is_same_v<S, int>)
    return i * 7 - 50 + c * 1000;
  else if constexpr (std::is_same_v<S, unsigned int>)
    return 3000000000u + i * 7u + c * 1000u;
  else if constexpr (std::is_same_v<S, float>)
    return i * 0.5f - 3.25f + c * 100.f;
  else if constexpr (std::is_same_v<S, norm>)
    return norm(static_cast<float>((i * 37 + c * 1000) % 65535 - 32767) / 32767.f);
  else
    return unorm(static_cast<float>((i * 101 + c * 7000) % 65536) / 65535.f);
}

template <class T>
T texel_value(int i) {
  using S = typename texel_info<T>::scalar;
  S s[4];
  for (int c = 0; c < texel_info<T>::components; ++c) s[c] = scalar_value<S>(i, c);
  T t;
  std::memcpy(static_cast<void*>(&t), s, sizeof(T));
  return t;
}

// The texels of `t`, read back with C++ AMP's copy.
template <class T, int N>
std::vector<T> texels_of(const texture<T, N>& t) {
  std::vector<T> v(t.get_extent().size());
  copy(t, v.begin());
  return v;
}

template <class T>
std::vector<T> texel_values(std::size_t n) {
  std::vector<T> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = texel_value<T>(static_cast<int>(i));
  return v;
}

}  // namespace ampcl_texture_test
