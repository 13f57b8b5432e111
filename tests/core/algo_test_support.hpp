// Helpers of the kernel-library tests: random inputs (never zeros) and poisoned outputs.
#pragma once

#include <random>
#include <vector>

#include "test_support.hpp"

namespace ampcl_test {

inline std::vector<float> random_floats(std::size_t n, unsigned seed, float lo = -1.0f,
                                        float hi = 1.0f) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> v(n);
  for (auto& x : v) {
    do x = dist(gen);
    while (x == 0.0f);
  }
  return v;
}

inline std::vector<float> poisoned(std::size_t n) {
  return std::vector<float>(n, poison_float);
}

}  // namespace ampcl_test
