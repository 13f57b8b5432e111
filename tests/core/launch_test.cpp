#include <gtest/gtest.h>

#include <vector>

#include "test_support.hpp"

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

// Repeated launches of one kernel reuse the previous binding when the arguments
// are equal; each of these changes between two launches must still be seen.
TEST(Launch, RepeatedLaunchesSeeEveryChangeOfArguments) {
  const kernel add = kernel::from_file(kernel_path("basic.cl"), "add_scalar");
  std::vector<int> d(8, 0);
  array_view<int, 1> av(8, d);
  parallel_for_each(av.get_extent(), add, av, 1);
  parallel_for_each(av.get_extent(), add, av, 1);   // equal arguments
  parallel_for_each(av.get_extent(), add, av, 10);  // another value
  av.synchronize();
  EXPECT_EQ(d, std::vector<int>(8, 12));
  av[3] = 100;  // host write: the device copy is stale
  parallel_for_each(av.get_extent(), add, av, 1);
  av.synchronize();
  EXPECT_EQ(d[3], 101);
  EXPECT_EQ(d[0], 13);
  // Sections at one address with different offsets: a shape change.
  for (int start = 0; start < 8; start += 4) {
    array_view<int, 1> part = av.section(start, 4);
    parallel_for_each(part.get_extent(), add, part, start + 1);
  }
  av.synchronize();
  EXPECT_EQ(d, (std::vector<int>{14, 14, 14, 102, 18, 18, 18, 18}));
  // Another array of the same shape.
  std::vector<int> e(8, 0);
  array_view<int, 1> ev(8, e);
  parallel_for_each(ev.get_extent(), add, ev, 1);
  ev.synchronize();
  EXPECT_EQ(e, std::vector<int>(8, 1));
  EXPECT_EQ(d[0], 14);
}
