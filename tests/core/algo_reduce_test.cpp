#include <gtest/gtest.h>

#include <algorithm>
#include <ampcl/reduce.hpp>
#include <cmath>
#include <numeric>

#include "algo_test_support.hpp"

using namespace ampcl;
using ampcl_test::random_floats;

TEST(AlgoReduce, SumMinMaxMatchDoubleReference) {
  for (int n : {1, 5, 4096, 300001}) {
    auto in = random_floats(n, 10 + n);
    array_view<const float, 1> v(n, in);
    const double sum = std::accumulate(in.begin(), in.end(), 0.0);
    double abs_sum = 0;
    for (float x : in) abs_sum += std::fabs(x);
    EXPECT_NEAR(reduce(v), sum, 1e-5 * abs_sum + 1e-6) << n;
    EXPECT_EQ(reduce(v, reduce_op::min), *std::min_element(in.begin(), in.end())) << n;
    EXPECT_EQ(reduce(v, reduce_op::max), *std::max_element(in.begin(), in.end())) << n;
  }
}

TEST(AlgoReduce, ResultStaysOnDeviceAndIsOverwritten) {
  const int n = 10000;
  auto in = random_floats(n, 42);
  std::vector<float> result(1, ampcl_test::poison_float);
  array_view<const float, 1> v(n, in);
  array_view<float, 1> r(1, result);
  reduce(v.section(1, n - 1), r);  // unaligned start
  r.synchronize();
  const double sum = std::accumulate(in.begin() + 1, in.end(), 0.0);
  EXPECT_NEAR(result[0], sum, 1e-3);
}

TEST(AlgoReduce, IntegerSum) {
  std::vector<int> in(12345);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<int>(i % 97) - 40;
  array_view<const int, 1> v(static_cast<int>(in.size()), in);
  EXPECT_EQ(reduce(v), std::accumulate(in.begin(), in.end(), 0));
}
