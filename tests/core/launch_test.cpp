#include "test_support.hpp"

#include <gtest/gtest.h>

#include <vector>

using namespace ampcl;
using ampcl_test::kernel_path;

TEST(Launch, AddArraysOnDefaultAccelerator) {
  std::vector<int> a{1, 2, 3, 4, 5}, b{6, 7, 8, 9, 10}, sum(5, ampcl_test::poison_int);
  array_view<const int, 1> av(5, a), bv(5, b);
  array_view<int, 1> sv(5, sum);
  sv.discard_data();
  parallel_for_each(sv.get_extent(), kernel::from_file(kernel_path("add_arrays.cl"), "add_arrays"),
                    av, bv, sv);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(sv[i], a[i] + b[i]) << "element " << i;
  EXPECT_EQ(sum, (std::vector<int>{7, 9, 11, 13, 15}));
}
