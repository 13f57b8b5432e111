// array_view coherence: what the host writes the kernel sees, what the kernel
// writes the host sees, and no transfer happens that is not needed. Transfers
// are counted by the runtime's statistics.
#include "test_support.hpp"

#include <gtest/gtest.h>

#include <numeric>
#include <vector>

using namespace ampcl;
using ampcl_test::kernel_path;

namespace {

kernel basic(const char* name) { return kernel::from_file(kernel_path("basic.cl"), name); }

std::vector<int> iota_vector(int n, int start = 0) {
  std::vector<int> v(n);
  std::iota(v.begin(), v.end(), start);
  return v;
}

class Coherence : public ::testing::Test {
 protected:
  void SetUp() override {
    // Compile outside the counted region. The views go first: the last view of host
    // data brings it up to date when it goes (C++ AMP), which would be counted.
    std::vector<int> warm(4, 0);
    {
      array_view<int, 1> w(4, warm);
      parallel_for_each(w.get_extent(), basic("add_scalar"), w, 1);
      array_view<int, 2> w2(2, 2, warm);
      parallel_for_each(w2.get_extent(), basic("fill2"), w2, 0);
    }
    reset_statistics();
  }
};

}  // namespace

TEST_F(Coherence, HostWritesReachTheKernelAndKernelWritesReachTheHost) {
  std::vector<int> data = iota_vector(16);
  array_view<int, 1> av(16, data);
  parallel_for_each(av.get_extent(), basic("add_scalar"), av, 100);
  for (int i = 0; i < 16; ++i) EXPECT_EQ(av[i], i + 100);
  av[3] = -7;  // host write through the view
  parallel_for_each(av.get_extent(), basic("add_scalar"), av, 1);
  EXPECT_EQ(av[3], -6);
  EXPECT_EQ(av[4], 105);
  av.synchronize();
  EXPECT_EQ(data[3], -6);
  const auto s = get_statistics();
  EXPECT_EQ(s.host_to_device_copies, 2u);  // initial data, then after the host write
  EXPECT_EQ(s.device_to_host_copies, 2u);  // first read after each launch
}

TEST_F(Coherence, RepeatedLaunchesCopyInOnce) {
  std::vector<int> data = iota_vector(32);
  array_view<int, 1> av(32, data);
  for (int i = 0; i < 5; ++i) parallel_for_each(av.get_extent(), basic("add_scalar"), av, 1);
  av.synchronize();
  for (int i = 0; i < 32; ++i) EXPECT_EQ(data[i], i + 5);
  const auto s = get_statistics();
  EXPECT_EQ(s.host_to_device_copies, 1u);
  EXPECT_EQ(s.device_to_host_copies, 1u);
  EXPECT_EQ(s.bytes_to_device, 32u * sizeof(int));
}

TEST_F(Coherence, ReadOnlyViewIsNeverCopiedBack) {
  std::vector<int> in = iota_vector(64, 5), out(64, ampcl_test::poison_int);
  array_view<const int, 1> inv(64, in);
  array_view<int, 1> outv(64, out);
  outv.discard_data();
  parallel_for_each(outv.get_extent(), basic("copy_in_to_out"), inv, outv);
  parallel_for_each(outv.get_extent(), basic("copy_in_to_out"), inv, outv);
  EXPECT_EQ(inv[10], 15);  // host read of a read-only view: its host copy is still current
  outv.synchronize();
  EXPECT_EQ(out, in);
  const auto s = get_statistics();
  EXPECT_EQ(s.host_to_device_copies, 1u);  // the input, once; the discarded output never
  EXPECT_EQ(s.device_to_host_copies, 1u);  // the output, once
}

TEST_F(Coherence, DiscardDataSkipsTheCopyIn) {
  std::vector<int> data(128, ampcl_test::poison_int);
  array_view<int, 2> av(8, 16, data);
  av.discard_data();
  parallel_for_each(av.get_extent(), basic("fill2"), av, 9);
  av.synchronize();
  for (std::size_t i = 0; i < data.size(); ++i) ASSERT_EQ(data[i], 9) << "element " << i;
  const auto s = get_statistics();
  EXPECT_EQ(s.host_to_device_copies, 0u);
  EXPECT_EQ(s.device_to_host_copies, 1u);
}

TEST_F(Coherence, SectionWritesOnlyItsRectangle) {
  std::vector<int> data(4 * 6, -1);
  array_view<int, 2> whole(4, 6, data);
  array_view<int, 2> part = whole.section(ampcl::index<2>(1, 2), extent<2>(2, 3));
  EXPECT_EQ(part.get_extent(), extent<2>(2, 3));
  parallel_for_each(part.get_extent(), basic("fill2"), part, 7);
  whole.synchronize();
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 6; ++c) {
      const bool inside = r >= 1 && r < 3 && c >= 2 && c < 5;
      EXPECT_EQ(data[r * 6 + c], inside ? 7 : -1) << "at (" << r << ", " << c << ")";
    }
  EXPECT_EQ(part(0, 0), 7);
  EXPECT_EQ(whole(1, 2), 7);
  EXPECT_EQ(whole(0, 0), -1);
}

TEST_F(Coherence, SectionIndicesAreRelativeToTheSection) {
  std::vector<int> data(5 * 7, ampcl_test::poison_int);
  array_view<int, 2> whole(5, 7, data);
  whole.discard_data();
  parallel_for_each(whole.get_extent(), basic("fill2"), whole, -1);
  auto part = whole.section(ampcl::index<2>(2, 3));
  parallel_for_each(part.get_extent(), basic("record_index2"), part);
  whole.synchronize();
  for (int r = 0; r < 5; ++r)
    for (int c = 0; c < 7; ++c) {
      const int expect = (r >= 2 && c >= 3) ? (r - 2) * 1000 + (c - 3) : -1;
      EXPECT_EQ(data[r * 7 + c], expect) << "at (" << r << ", " << c << ")";
    }
}

TEST_F(Coherence, ProjectionWritesOnlyItsRow) {
  std::vector<int> data(3 * 5, 0);
  array_view<int, 2> m(3, 5, data);
  array_view<int, 1> row = m[1];
  EXPECT_EQ(row.get_extent(), extent<1>(5));
  parallel_for_each(row.get_extent(), basic("add_scalar"), row, 4);
  m.synchronize();
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 5; ++c) EXPECT_EQ(data[r * 5 + c], r == 1 ? 4 : 0);
  std::vector<int> cube(2 * 3 * 4, 0);
  array_view<int, 3> v3(2, 3, 4, cube);
  array_view<int, 2> plane = v3[1];
  parallel_for_each(plane.get_extent(), basic("record_index2"), plane);
  v3.synchronize();
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 4; ++k)
        EXPECT_EQ(cube[(i * 3 + j) * 4 + k], i == 1 ? j * 1000 + k : 0);
}

TEST_F(Coherence, RefreshAfterDirectHostChanges) {
  std::vector<int> data(8, 1);
  array_view<int, 1> av(8, data);
  parallel_for_each(av.get_extent(), basic("add_scalar"), av, 1);
  av.synchronize();
  data.assign(8, 50);  // behind the view's back
  av.refresh();
  parallel_for_each(av.get_extent(), basic("add_scalar"), av, 1);
  av.synchronize();
  EXPECT_EQ(data, std::vector<int>(8, 51));
}

TEST_F(Coherence, ViewWithoutDataSourceLivesOnTheDevice) {
  array_view<int, 2> scratch(extent<2>(4, 4));
  parallel_for_each(scratch.get_extent(), basic("record_index2"), scratch);
  EXPECT_EQ(scratch(3, 2), 3002);
  EXPECT_EQ(get_statistics().host_to_device_copies, 0u);
}

TEST_F(Coherence, ArrayDeepCopiesAndCopiesOut) {
  std::vector<int> src{0, 1, 2, 3, 4};
  array<int, 1> a(extent<1>(5), src.begin(), src.end());
  src[0] = 99;  // the array holds its own copy
  parallel_for_each(a.get_extent(), kernel::from_file(kernel_path("basic.cl"), "add_scalar"), a, 10);
  std::vector<int> out = a;
  EXPECT_EQ(out, (std::vector<int>{10, 11, 12, 13, 14}));
  array<int, 1> b(5);
  a.copy_to(b);
  std::vector<int> out2(5, ampcl_test::poison_int);
  copy(b, out2.begin());
  EXPECT_EQ(out2, out);
  array_view<int, 1> bv(b);
  EXPECT_EQ(bv[4], 14);
}

TEST_F(Coherence, PlainPointerParametersTakeWholeViews) {
  std::vector<float> data{1.f, 2.f, 3.f, 4.f};
  array_view<float, 1> av(4, data);
  parallel_for_each(av.get_extent(), basic("scale_plain"), av, 2.5f);
  av.synchronize();
  EXPECT_EQ(data, (std::vector<float>{2.5f, 5.f, 7.5f, 10.f}));
}

TEST_F(Coherence, TileStaticMemoryArgument) {
  std::vector<int> data = iota_vector(16);
  array_view<int, 1> av(16, data);
  parallel_for_each(av.get_extent().tile<8>(), basic("reverse_in_tile"), av,
                    tile_static_memory<int>(8));
  av.synchronize();
  for (int i = 0; i < 16; ++i) EXPECT_EQ(data[i], (i / 8) * 8 + 7 - i % 8);
}
