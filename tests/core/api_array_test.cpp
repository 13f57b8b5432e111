// array: every constructor form, CPU access and zero-copy, staging arrays, views
// of arrays, host element access, copy_to.
#include <cstdint>
#include <cstring>
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

template <class T, int N>
std::vector<T> contents(const array<T, N>& a) {
  return a;
}

}  // namespace

TEST(ArrayApi, EveryConstructorForm) {
  const accelerator_view dv = accelerator().get_default_view();
  const accelerator_view other = accelerator().create_view();
  const std::vector<int> v = iota_vector(24, 1);

  array<int> a1(5, v.begin(), v.begin() + 5);  // as in C++ AMP: array(5, first, last)
  EXPECT_EQ(contents(a1), iota_vector(5, 1));
  EXPECT_THROW(array<int>(5, v.begin(), v.end()), runtime_exception);  // more than 5
  array<int> a2(extent<1>(5), v.begin());
  EXPECT_EQ(contents(a2), iota_vector(5, 1));
  array<int, 2> a3(4, 6, v.begin(), v.end(), other);
  EXPECT_EQ(a3.get_accelerator_view(), other);
  EXPECT_EQ(contents(a3), v);
  array<int, 3> a4(2, 3, 4, v.begin(), other, access_type_none);
  EXPECT_EQ(a4.get_cpu_access_type(), access_type_none);
  EXPECT_EQ(contents(a4), v);
  array<int, 2> a5(extent<2>(2, 2), v.begin(), v.begin() + 3, dv);  // the rest is zero
  EXPECT_EQ(contents(a5), (std::vector<int>{1, 2, 3, 0}));
  array<int> a6(7);
  EXPECT_EQ(a6.get_extent(), extent<1>(7));
  EXPECT_EQ(a6.get_accelerator_view(), dv);
  array<int, 3> a7(2, 2, 2, other, access_type_none);
  EXPECT_EQ(a7.get_extent(), extent<3>(2, 2, 2));
  EXPECT_EQ(a7.get_associated_accelerator_view(), other);

  std::vector<int> host = iota_vector(6, 40);
  array_view<const int, 2> src(2, 3, host);
  array<int, 2> from_view(src);
  EXPECT_EQ(contents(from_view), host);
  array<int, 2> from_view_on(src, other, access_type_none);
  EXPECT_EQ(from_view_on.get_accelerator_view(), other);
  EXPECT_EQ(contents(from_view_on), host);

  array<int, 2> copied(from_view_on);
  EXPECT_EQ(copied.get_accelerator_view(), other);
  EXPECT_EQ(copied.get_cpu_access_type(), access_type_none);
  EXPECT_EQ(contents(copied), host);
  array<int, 2> moved(std::move(copied));
  EXPECT_EQ(contents(moved), host);
  array<int, 2> assigned(2, 3);
  assigned = src;
  EXPECT_EQ(contents(assigned), host);
}

TEST(ArrayApi, CpuAccessArraysAreZeroCopyWhereMemoryIsShared) {
  accelerator acc;
  if (!acc.get_supports_cpu_shared_memory()) {
    EXPECT_THROW(array<int>(4, acc.get_default_view(), access_type_read_write),
                 unsupported_feature);
    GTEST_SKIP() << acc.get_device_name() << " shares no memory with the host";
  }
  array<int> a(256, acc.get_default_view(), access_type_read_write);
  EXPECT_EQ(a.get_cpu_access_type(), access_type_read_write);
  parallel_for_each(a.get_extent(), basic_kernel("add_scalar"), a, 0);  // compile first
  reset_statistics();
  int* before = a.data();
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(before) % 4096, 0u);
  for (int i = 0; i < 256; ++i) before[i] = i;
  parallel_for_each(a.get_extent(), basic_kernel("add_scalar"), a, 1000);
  int* after = a.data();  // waits for the kernel
  EXPECT_EQ(after, before);
  for (int i = 0; i < 256; ++i) ASSERT_EQ(after[i], i + 1000) << i;
  a[3] = -1;
  a(4) = -2;
  parallel_for_each(a.get_extent(), basic_kernel("add_scalar"), a, 1);
  EXPECT_EQ(a[3], 0);
  EXPECT_EQ(a[ampcl::index<1>(4)], -1);
  const std::vector<int> out = a;
  EXPECT_EQ(out[5], 1006);
  const auto s = get_statistics();
  EXPECT_EQ(s.host_to_device_copies, 0u);
  EXPECT_EQ(s.device_to_host_copies, 0u);
  EXPECT_EQ(s.launches, 2u);
}

TEST(ArrayApi, DeviceOnlyArraysRefuseHostPointers) {
  array<int, 2> a(4, 4, accelerator().get_default_view(), access_type_none);
  EXPECT_EQ(a.get_cpu_access_type(), access_type_none);
  EXPECT_EQ(a.data(), nullptr);  // C++ AMP: no host pointer
  try {
    a(1, 1);
    FAIL() << "host element access to an access_type_none array must throw";
  } catch (const runtime_exception& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("access_type_none"), std::string::npos) << msg;
    EXPECT_NE(msg.find("access_type_read_write"), std::string::npos) << msg;
  }
  parallel_for_each(a.get_extent(), basic_kernel("record_index2"), a);
  reset_statistics();
  const std::vector<int> out = a;  // copies still work: one counted transfer
  EXPECT_EQ(out[2 * 4 + 3], 2003);
  EXPECT_EQ(get_statistics().device_to_host_copies, 1u);
  EXPECT_EQ(a[2](3), 2003) << "a projection is an array_view, readable by copy";
}

TEST(ArrayApi, StagingArrayIsHostMemoryForItsAssociatedView) {
  AMPCL_SKIP_WITHOUT_CPU_DEVICE();
  const accelerator acc;
  const accelerator_view device_view = acc.create_view();
  const accelerator_view cpu_view = accelerator(accelerator::cpu_accelerator).get_default_view();
  const std::vector<int> v = iota_vector(32);
  array<int> staging(32, v.begin(), cpu_view, device_view);
  EXPECT_EQ(staging.get_accelerator_view(), cpu_view);
  EXPECT_EQ(staging.get_associated_accelerator_view(), device_view);
  EXPECT_EQ(staging.get_cpu_access_type(), access_type_read_write);
  int* p = staging.data();
  p[0] = 500;
  array<int> on_device(32, device_view, access_type_none);
  copy(staging, on_device);
  parallel_for_each(device_view, on_device.get_extent(), basic_kernel("add_scalar"), on_device, 1);
  copy(on_device, staging);
  EXPECT_EQ(staging.data(), p);
  EXPECT_EQ(p[0], 501);
  EXPECT_EQ(p[31], 32);
  array<int> staging2(extent<1>(4), cpu_view, device_view);
  EXPECT_EQ(staging2.get_associated_accelerator_view(), device_view);
}

TEST(ArrayApi, ViewAsReinterpretAsSectionsAndProjections) {
  const std::vector<float> ones(6, 1.0f);
  array<float> f(6, ones.begin());
  array_view<unsigned, 1> words = f.reinterpret_as<unsigned>();
  EXPECT_EQ(words.get_extent(), extent<1>(6));
  EXPECT_EQ(f.reinterpret_as<char>().get_extent(), extent<1>(24));
  EXPECT_EQ(f.reinterpret_as<double>().get_extent(), extent<1>(3));
  array<int> five(5);
  EXPECT_THROW(five.reinterpret_as<double>(), runtime_exception);  // 20 bytes: not whole
  EXPECT_EQ(words[0], 0x3f800000u);
  parallel_for_each(words.get_extent(), api_kernel("api_add_uint"), words, 0x00800000u);
  const std::vector<float> doubled = f;  // exponent + 1: 2.0f
  EXPECT_EQ(doubled, std::vector<float>(6, 2.0f));
  const array<float>& cf = f;
  array_view<const unsigned, 1> cwords = cf.reinterpret_as<unsigned>();
  EXPECT_EQ(cwords[5], 0x40000000u);

  array<int> line(12, iota_vector(12).begin());
  array_view<int, 2> grid = line.view_as(extent<2>(3, 4));
  EXPECT_EQ(grid(2, 1), 9);
  parallel_for_each(grid.get_extent(), basic_kernel("record_index2"), grid);
  const std::vector<int> out = line;
  EXPECT_EQ(out[9], 2001);
  EXPECT_THROW(line.view_as(extent<2>(4, 4)), runtime_exception);

  array<int, 2> m(4, 5, iota_vector(20).begin());
  EXPECT_EQ(m.section(ampcl::index<2>(1, 2), extent<2>(2, 2))(1, 1), 13);
  EXPECT_EQ(m.section(ampcl::index<2>(3, 0)).get_extent(), extent<2>(1, 5));
  EXPECT_EQ(m.section(extent<2>(2, 2))(1, 1), 6);
  EXPECT_EQ(m.section(1, 1, 1, 1)(0, 0), 6);
  EXPECT_EQ(m[2].get_extent(), extent<1>(5));
  EXPECT_EQ(m[2][4], 14);
  array<int> r1(6, iota_vector(6).begin());
  EXPECT_EQ(r1.section(2, 3)[0], 2);
  array<int, 3> c(2, 3, 4, iota_vector(24).begin());
  EXPECT_EQ(c.section(1, 1, 1, 1, 2, 3)(0, 1, 2), 1 * 12 + 2 * 4 + 3);
  EXPECT_EQ(c[1][2][3], 23);
}

TEST(ArrayApi, HostElementAccessAndCopyTo) {
  accelerator acc;
  if (!acc.get_supports_cpu_shared_memory()) GTEST_SKIP() << "needs CPU-accessible arrays";
  array<int, 2> m(3, 3, acc.get_default_view(), access_type_read_write);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) m(i, j) = i * 10 + j;
  const array<int, 2>& cm = m;
  EXPECT_EQ(cm[ampcl::index<2>(2, 1)], 21);
  array<int, 2> dest(3, 3, acc.get_default_view(), access_type_none);
  m.copy_to(dest);
  std::vector<int> host(9, poison_int);
  array_view<int, 2> hv(3, 3, host);
  array_view<int, 2>(dest).copy_to(hv);
  EXPECT_EQ(host[7], 21);
  host.assign(9, poison_int);
  hv.refresh();
  m.copy_to(hv);
  EXPECT_EQ(host[8], 22);
}
