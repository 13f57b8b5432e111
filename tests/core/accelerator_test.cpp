#include "test_support.hpp"

#include <gtest/gtest.h>

#include <vector>

using namespace ampcl;

TEST(Accelerator, EnumeratesDevicesWithProperties) {
  const auto all = opencl_devices();
  ASSERT_FALSE(all.empty());
  for (const auto& a : all) {
    EXPECT_FALSE(a.get_device_name().empty());
    EXPECT_EQ(a.get_opencl_path().rfind("opencl:", 0), 0u);
    EXPECT_GT(a.get_dedicated_memory(), 0u);
    EXPECT_GT(a.get_max_tile_size(), 0u);
    EXPECT_GT(a.get_tile_static_memory_size(), 0u);
    EXPECT_EQ(a.get_max_tile_extent().size(), 3u);
    EXPECT_EQ(accelerator(a.get_opencl_path()), a);  // paths round-trip
  }
}

TEST(Accelerator, DefaultIsChosenAndExplained) {
  accelerator def;
  EXPECT_EQ(def, accelerator(accelerator::default_accelerator));
  EXPECT_FALSE(accelerator::default_reason().empty());
  EXPECT_EQ(def.get_default_view(), def.get_default_view());
  EXPECT_EQ(def.get_default_view().get_accelerator(), def);
}

TEST(Accelerator, FilterByTypeIndexAndName) {
  const auto all = opencl_devices();
  EXPECT_EQ(accelerator("0"), all[0]);
  const std::string name = all[0].get_device_name();
  EXPECT_EQ(accelerator(name.substr(0, 6)), all[0]);
  if (ampcl_test::has_cpu_device()) {
    EXPECT_TRUE(accelerator(accelerator::cpu_accelerator).is_cpu());
  }
}

TEST(AcceleratorView, IndependentViewsRunAndWait) {
  accelerator acc;
  accelerator_view v1 = acc.create_view(), v2 = acc.create_view();
  EXPECT_NE(v1, v2);
  std::vector<int> a(64, 1), b(64, 2);
  array_view<int, 1> av(64, a), bv(64, b);
  const kernel k = kernel::from_file(ampcl_test::kernel_path("basic.cl"), "add_scalar");
  parallel_for_each(v1, av.get_extent(), k, av, 10);
  parallel_for_each(v2, bv.get_extent(), k, bv, 20);
  v1.flush();
  v1.wait();
  v2.wait();
  // The same data used from the second view after the first: ordered correctly.
  parallel_for_each(v2, av.get_extent(), k, av, 100);
  av.synchronize();
  bv.synchronize();
  EXPECT_EQ(a, std::vector<int>(64, 111));
  EXPECT_EQ(b, std::vector<int>(64, 22));
}

TEST(AcceleratorView, ArrayPicksItsOwnView) {
  accelerator_view v = accelerator().create_view();
  std::vector<int> src(16, 3);
  array<int, 1> arr(extent<1>(16), src.begin(), src.end(), v);
  EXPECT_EQ(arr.get_accelerator_view(), v);
  parallel_for_each(arr.get_extent(),
                    kernel::from_file(ampcl_test::kernel_path("basic.cl"), "add_scalar"), arr, 1);
  std::vector<int> out = arr;
  EXPECT_EQ(out, std::vector<int>(16, 4));
}
