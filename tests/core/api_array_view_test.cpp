// array_view: view_as, reinterpret_as, source views, every section form,
// projections, get_ref, data(), views without a data source, copy_to.
#include <numeric>
#include <vector>

#include "api_test_support.hpp"

using namespace ampcl;
using ampcl_api_test::api_kernel;
using ampcl_api_test::basic_kernel;
using ampcl_test::poison_int;

namespace {
std::vector<int> iota_vector(int n, int start = 0) {
  std::vector<int> v(n);
  std::iota(v.begin(), v.end(), start);
  return v;
}
}  // namespace

TEST(ArrayViewApi, ViewAsAndReinterpretAs) {
  std::vector<int> data = iota_vector(12);
  array_view<int> line(12, data);
  array_view<int, 2> grid = line.view_as(extent<2>(3, 4));
  EXPECT_EQ(grid(2, 3), 11);
  array_view<int, 3> cube = line.section(4, 8).view_as(extent<3>(2, 2, 2));
  EXPECT_EQ(cube(1, 1, 1), 11);
  parallel_for_each(cube.get_extent()[0] == 2 ? extent<2>(2, 4) : extent<2>(0, 0),
                    basic_kernel("record_index2"), line.section(4, 8).view_as(extent<2>(2, 4)));
  line.synchronize();
  EXPECT_EQ(data[3], 3);
  EXPECT_EQ(data[4], 0);
  EXPECT_EQ(data[11], 1003);
  EXPECT_THROW(line.view_as(extent<1>(13)), runtime_exception);
  // Only a contiguous view keeps its elements in place as another type.
  EXPECT_THROW(grid.section(ampcl::index<2>(0, 1), extent<2>(2, 2)).reinterpret_as<int>(),
               runtime_exception);

  std::vector<float> floats(4, 1.0f);
  array_view<float> fv(4, floats);
  array_view<unsigned> bits = fv.reinterpret_as<unsigned>();
  EXPECT_EQ(bits.get_extent(), extent<1>(4));
  EXPECT_EQ(fv.reinterpret_as<char>().get_extent(), extent<1>(16));
  EXPECT_EQ(fv.reinterpret_as<double>().get_extent(), extent<1>(2));
  EXPECT_EQ(fv.section(1, 3).reinterpret_as<unsigned>().get_extent(), extent<1>(3));
  EXPECT_THROW(fv.section(1, 2).reinterpret_as<double>(), runtime_exception);  // 4-byte offset
  parallel_for_each(bits.get_extent(), api_kernel("api_add_uint"), bits, 0x00800000u);
  fv.synchronize();
  EXPECT_EQ(floats, std::vector<float>(4, 2.0f));
  array_view<const float> ro = fv;
  array_view<const unsigned> robits = ro.reinterpret_as<const unsigned>();
  EXPECT_EQ(robits[0], 0x40000000u);
}

TEST(ArrayViewApi, SourceAcceleratorView) {
  accelerator_view other = accelerator().create_view();
  array<int> a(4, other);
  array_view<int> over_array(a);
  EXPECT_EQ(over_array.get_source_accelerator_view(), other);
  std::vector<int> h(4);
  array_view<int> over_host(4, h);
  bool has_cpu = false;
  for (const auto& acc : opencl_devices()) has_cpu |= acc.is_cpu();
  if (has_cpu) {
    EXPECT_TRUE(over_host.get_source_accelerator_view().get_accelerator().is_cpu());
  }
  array_view<int> no_source(4);
  EXPECT_THROW(no_source.get_source_accelerator_view(), runtime_exception);
}

TEST(ArrayViewApi, EverySectionFormProjectionGetRefAndData) {
  std::vector<int> d1 = iota_vector(10);
  array_view<int> v1(10, d1);
  EXPECT_EQ(v1.section(ampcl::index<1>(2), extent<1>(3))[0], 2);
  EXPECT_EQ(v1.section(ampcl::index<1>(7)).get_extent(), extent<1>(3));
  EXPECT_EQ(v1.section(extent<1>(4)).get_extent(), extent<1>(4));
  EXPECT_EQ(v1.section(5, 2)[1], 6);
  EXPECT_THROW(v1.section(8, 3), runtime_exception);

  std::vector<int> d2 = iota_vector(20);
  array_view<int, 2> v2(4, 5, d2);
  EXPECT_EQ(v2.section(1, 2, 2, 2)(1, 1), 13);
  EXPECT_EQ(v2.section(ampcl::index<2>(2, 0))(0, 4), 14);
  EXPECT_EQ(v2[3][0], 15);
  EXPECT_EQ(v2.projection(1).get_extent(), extent<1>(5));
  EXPECT_EQ(v2.get_ref(ampcl::index<2>(3, 4)), 19);
  v2.get_ref(ampcl::index<2>(0, 0)) = -9;
  EXPECT_EQ(d2[0], -9);
  EXPECT_EQ(v2[1].data(), d2.data() + 5);

  std::vector<int> d3 = iota_vector(24);
  array_view<int, 3> v3(2, 3, 4, d3);
  array_view<int, 3> s3 = v3.section(1, 1, 1, 1, 2, 3);
  EXPECT_EQ(s3(0, 1, 2), 23);
  array_view<int> row = s3[0][1];
  parallel_for_each(row.get_extent(), basic_kernel("add_scalar"), row, 100);
  v3.synchronize();
  EXPECT_EQ(d3[1 * 12 + 2 * 4 + 1], 121);
  EXPECT_EQ(d3[1 * 12 + 2 * 4 + 0], 20);
  EXPECT_EQ(v3[1][2][3], 123);
}

TEST(ArrayViewApi, ViewsWithoutADataSource) {
  array_view<int, 2> scratch(3, 4);
  array_view<int> line(6);
  array_view<int, 3> cube(2, 2, 2);
  EXPECT_EQ(cube.get_extent().size(), 8u);
  reset_statistics();
  parallel_for_each(scratch.get_extent(), basic_kernel("record_index2"), scratch);
  EXPECT_EQ(scratch(2, 3), 2003);
  line.discard_data();
  parallel_for_each(line.get_extent(), basic_kernel("add_scalar"), line, 0);
  EXPECT_EQ(get_statistics().host_to_device_copies, 0u);
  for (int i = 0; i < 6; ++i) line[i] = i;  // the host may write one too
  parallel_for_each(line.get_extent(), basic_kernel("add_scalar"), line, 10);
  EXPECT_EQ(line[5], 15);
}

TEST(ArrayViewApi, CopyToArrayAndView) {
  std::vector<int> src = iota_vector(6, 1), dst(6, poison_int);
  array_view<int, 2> sv(2, 3, src), dv(2, 3, dst);
  array<int, 2> a(2, 3);
  sv.copy_to(a);
  const std::vector<int> aout = a;
  EXPECT_EQ(aout, src);
  sv.section(ampcl::index<2>(0, 1)).copy_to(dv.section(ampcl::index<2>(0, 0), extent<2>(2, 2)));
  EXPECT_EQ(dst, (std::vector<int>{2, 3, poison_int, 5, 6, poison_int}));
}

// A view of a temporary array (Visual C++ binds it to array&): the storage lives as
// long as the view does.
TEST(ArrayViewApi, ViewOfATemporaryArrayKeepsItsData) {
  const std::vector<int> init = iota_vector(8, 10);
  array_view<int> v(array<int>(8, init.begin()));
  parallel_for_each(v.get_extent(), basic_kernel("add_scalar"), v, 1);
  array_view<const int> r(array<int>(8, init.begin()));
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(v[i], 11 + i);
    EXPECT_EQ(r[i], 10 + i);
  }
}
