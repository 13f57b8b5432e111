// Large host <-> device copies go through pinned staging buffers in chunks;
// copy() into a device-resident array writes the device directly.
#include "test_support.hpp"

#include <gtest/gtest.h>

#include <numeric>
#include <vector>

using namespace ampcl;
using ampcl_test::kernel_path;

namespace {
kernel basic(const char* name) { return kernel::from_file(kernel_path("basic.cl"), name); }
}  // namespace

// 80 MiB: more than two 32 MiB staging chunks, with a partial last one.
TEST(Transfer, StagedRoundTripOfSeveralChunks) {
  const int n = 20 * 1024 * 1024 + 12345;
  std::vector<int> data(n);
  std::iota(data.begin(), data.end(), -1000);
  array_view<int, 1> av(n, data);
  parallel_for_each(av.get_extent(), basic("add_scalar"), av, 7);  // staged host -> device
  std::fill(data.begin(), data.end(), ampcl_test::poison_int);     // the device has the truth
  av.refresh();
  parallel_for_each(av.get_extent(), basic("add_scalar"), av, 0);
  // refresh() made the host copy current again, so the device now holds poison + 0.
  av.synchronize();
  for (int i = 0; i < n; i += 997) ASSERT_EQ(data[i], ampcl_test::poison_int) << i;
  std::iota(data.begin(), data.end(), -1000);
  av.refresh();
  parallel_for_each(av.get_extent(), basic("add_scalar"), av, 7);
  av.synchronize();  // staged device -> host
  for (int i = 0; i < n; ++i) ASSERT_EQ(data[i], i - 1000 + 7) << "element " << i;
}

TEST(Transfer, CopyIntoADeviceArrayWritesTheDeviceOnce) {
  const int n = 3 * 1024 * 1024;
  accelerator_view view = accelerator().get_default_view();
  array<int, 1> a(extent<1>(n), view, access_type_none);
  std::vector<int> src(n);
  std::iota(src.begin(), src.end(), 5);
  reset_statistics();
  copy(src.begin(), src.end(), a);
  EXPECT_EQ(get_statistics().host_to_device_copies, 1u);
  EXPECT_EQ(get_statistics().bytes_to_device, n * sizeof(int));
  parallel_for_each(a.get_extent(), basic("add_scalar"), a, 1);
  EXPECT_EQ(get_statistics().host_to_device_copies, 1u);  // nothing copied again
  std::vector<int> out(n, ampcl_test::poison_int);
  copy(a, out.begin());
  for (int i = 0; i < n; ++i) ASSERT_EQ(out[i], i + 6) << "element " << i;
}

TEST(Transfer, CopyOfPartOfAViewKeepsTheRest) {
  std::vector<int> backing(1000, 3);
  array_view<int, 1> av(1000, backing);
  parallel_for_each(av.get_extent(), basic("add_scalar"), av, 1);  // device now current: 4s
  std::vector<int> part(100, -9);
  copy(part.begin(), part.end(), av.section(200, 100));
  av.synchronize();
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(backing[i], (i >= 200 && i < 300) ? -9 : 4) << i;
}
