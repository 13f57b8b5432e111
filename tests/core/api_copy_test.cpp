// copy() and copy_async(): every overload, with values checked after the copy and
// transfers counted where the count says something.
#include <numeric>
#include <vector>

#include "api_test_support.hpp"

using namespace ampcl;
using ampcl_api_test::basic_kernel;
using ampcl_test::poison_int;

namespace {

std::vector<int> iota_vector(int n, int start = 0) {
  std::vector<int> v(n);
  std::iota(v.begin(), v.end(), start);
  return v;
}

accelerator_view device_view() {
  return accelerator().get_default_view();
}

}  // namespace

TEST(Copy, HostIteratorsToAndFromArrays) {
  const std::vector<int> src = iota_vector(12, 100);
  array<int, 2> a(3, 4, device_view(), access_type_none);
  copy(src.begin(), src.end(), a);
  std::vector<int> out(12, poison_int);
  copy(a, out.begin());
  EXPECT_EQ(out, src);
  copy(src.rbegin(), a);  // first-only form: extent.size() elements
  copy(a, out.begin());
  EXPECT_EQ(out, std::vector<int>(src.rbegin(), src.rend()));
  // A shorter range overwrites a prefix; a longer one throws.
  const std::vector<int> two{-1, -2};
  copy(two.begin(), two.end(), a);
  copy(a, out.begin());
  EXPECT_EQ(out[0], -1);
  EXPECT_EQ(out[1], -2);
  EXPECT_EQ(out[2], src[9]);
  const std::vector<int> too_many(13, 0);
  EXPECT_THROW(copy(too_many.begin(), too_many.end(), a), runtime_exception);
}

TEST(Copy, HostIteratorsToAndFromArrayViews) {
  std::vector<int> backing(4 * 5, poison_int);
  array_view<int, 2> whole(4, 5, backing);
  array_view<int, 2> part = whole.section(ampcl::index<2>(1, 1), extent<2>(2, 3));
  const std::vector<int> six = iota_vector(6, 1);
  copy(six.begin(), six.end(), part);
  std::vector<int> out(6, 0);
  copy(part, out.begin());
  EXPECT_EQ(out, six);
  EXPECT_EQ(backing[1 * 5 + 1], 1);
  EXPECT_EQ(backing[2 * 5 + 3], 6);
  EXPECT_EQ(backing[0], poison_int);
  copy(six.rbegin(), part);
  EXPECT_EQ(part(0, 0), 6);
  EXPECT_EQ(part(1, 2), 1);
}

TEST(Copy, ArrayToArrayOnOneDeviceCopiesOnTheDevice) {
  const std::vector<int> src = iota_vector(256);
  array<int> a(256, src.begin(), device_view(), access_type_none);
  array<int> b(256, device_view(), access_type_none);
  parallel_for_each(a.get_extent(), basic_kernel("add_scalar"), a, 1);
  reset_statistics();
  copy(a, b);
  accelerator_view other = accelerator().create_view();
  array<int> c(256, other, access_type_none);
  a.copy_to(c);  // across views of one device
  EXPECT_EQ(get_statistics().host_to_device_copies, 0u);
  EXPECT_EQ(get_statistics().device_to_host_copies, 0u);
  const std::vector<int> bout = b, cout = c;
  EXPECT_EQ(bout, iota_vector(256, 1));
  EXPECT_EQ(cout, iota_vector(256, 1));
  EXPECT_EQ(get_statistics().device_to_host_copies, 2u);
}

TEST(Copy, ArrayToAndFromArrayViews) {
  const std::vector<int> src = iota_vector(6, 10);
  array<int, 2> a(2, 3, src.begin());
  std::vector<int> host(3 * 4, poison_int);
  array_view<int, 2> hv(3, 4, host);
  array_view<int, 2> window = hv.section(ampcl::index<2>(1, 1));  // 2 x 3, strided
  copy(a, window);
  EXPECT_EQ(host[1 * 4 + 1], 10);
  EXPECT_EQ(host[2 * 4 + 3], 15);
  EXPECT_EQ(host[0], poison_int);
  window(0, 0) = -5;
  array<int, 2> b(2, 3);
  copy(window, b);  // array_view<T> -> array
  const std::vector<int> bout = b;
  EXPECT_EQ(bout, (std::vector<int>{-5, 11, 12, 13, 14, 15}));
  array_view<const int, 2> ro = window;
  array<int, 2> c(2, 3);
  copy(ro, c);  // array_view<const T> -> array
  const std::vector<int> cout = c;
  EXPECT_EQ(cout, bout);
}

TEST(Copy, ArrayViewToArrayView) {
  std::vector<int> a = iota_vector(8), b(8, poison_int), c(8, poison_int);
  array_view<int> av(8, a), bv(8, b), cv(8, c);
  parallel_for_each(av.get_extent(), basic_kernel("add_scalar"), av, 100);  // device-current
  copy(av, bv);
  EXPECT_EQ(b, iota_vector(8, 100));
  array_view<const int> ro = bv.section(2, 4);
  copy(ro, cv.section(0, 4));
  EXPECT_EQ(std::vector<int>(c.begin(), c.begin() + 4), iota_vector(4, 102));
  EXPECT_EQ(c[4], poison_int);
  av.copy_to(cv);
  EXPECT_EQ(c, iota_vector(8, 100));
}

// A copy into a view is as if written through the view to its data source (C++ AMP
// as Visual C++ has it): refresh() afterwards, which says the host memory is the
// truth, keeps the copy. Only the section moves.
TEST(Copy, IntoAViewWritesItsDataSource) {
  std::vector<int> x = iota_vector(16);
  array_view<int> xv(16, x);
  parallel_for_each(xv.get_extent(), basic_kernel("add_scalar"), xv, 100);  // device-current
  const std::vector<int> w = iota_vector(4, -50);
  array<int> wa(4, w.begin(), device_view(), access_type_none);
  parallel_for_each(wa.get_extent(), basic_kernel("add_scalar"), wa, 0);  // only on the device
  reset_statistics();
  copy(wa, xv.section(2, 4));
  EXPECT_EQ(get_statistics().bytes_to_device, 4 * sizeof(int));  // the section, not the view
  EXPECT_EQ(get_statistics().bytes_to_host, 4 * sizeof(int));    // the source's, read once
  xv.refresh();
  xv.synchronize();
  for (int i = 0; i < 16; ++i) EXPECT_EQ(x[i], i >= 2 && i < 6 ? i - 52 : i) << i;
  // Without refresh(), what the kernel wrote elsewhere comes back with synchronize().
  parallel_for_each(xv.get_extent(), basic_kernel("add_scalar"), xv, 100);
  copy(w.begin(), w.end(), xv.section(10, 4));
  xv.synchronize();
  for (int i = 0; i < 16; ++i)
    EXPECT_EQ(x[i], i >= 10 && i < 14 ? i - 60 : (i >= 2 && i < 6 ? i - 52 : i) + 100) << i;
  // A strided section (2 x 2 of a 4 x 4 view), copied from a view.
  std::vector<int> g = iota_vector(16);
  array_view<int, 2> gv(4, 4, g);
  parallel_for_each(extent<1>(16), basic_kernel("add_scalar"), gv.reinterpret_as<int>(), 1);
  std::vector<int> q{-1, -2, -3, -4};
  array_view<int, 2> qv(2, 2, q);
  copy(qv, gv.section(ampcl::index<2>(1, 1), extent<2>(2, 2)));
  gv.refresh();
  gv.synchronize();
  EXPECT_EQ(g, (std::vector<int>{0, 1, 2, 3, 4, -1, -2, 7, 8, -3, -4, 11, 12, 13, 14, 15}));
}

// A copy out of a view reads the current data without writing the view's data
// source, which changes at synchronize(): views, arrays and host iterators alike.
TEST(Copy, OutOfAViewLeavesItsDataSourceUntilSynchronize) {
  std::vector<int> a = iota_vector(8);
  array_view<int> av(8, a);
  parallel_for_each(av.get_extent(), basic_kernel("add_scalar"), av, 100);
  std::vector<int> b(8, poison_int);
  array_view<int> bv(8, b);
  array<int> c(8, device_view(), access_type_none);
  copy(av, bv);
  copy(av.section(1, 4), c.section(0, 4));
  EXPECT_EQ(a, iota_vector(8));  // untouched so far
  EXPECT_EQ(b, iota_vector(8, 100));
  const std::vector<int> cout = c;
  EXPECT_EQ(std::vector<int>(cout.begin(), cout.begin() + 4), iota_vector(4, 101));
  av.synchronize();
  EXPECT_EQ(a, iota_vector(8, 100));
}

TEST(Copy, ExtentsMustMatch) {
  array<int> a(4), b(5);
  std::vector<int> h(5);
  array_view<int> hv(5, h);
  EXPECT_THROW(copy(a, b), runtime_exception);
  EXPECT_THROW(copy(a, hv), runtime_exception);
  EXPECT_THROW(copy(hv, a), runtime_exception);
}

TEST(Copy, AcrossAccelerators) {
  const auto all = opencl_devices();
  if (all.size() < 2) GTEST_SKIP() << "needs two OpenCL devices";
  const std::vector<int> src = iota_vector(64, 3);
  array<int> a(64, src.begin(), all[0].get_default_view(), access_type_none);
  array<int> b(64, all[1].get_default_view(), access_type_none);
  copy(a, b);
  const std::vector<int> out = b;
  EXPECT_EQ(out, src);
  parallel_for_each(b.get_extent(), basic_kernel("add_scalar"), b, 1);
  copy_async(b, a).get();
  const std::vector<int> back = a;
  EXPECT_EQ(back, iota_vector(64, 4));
}

TEST(CopyAsync, EveryOverloadCompletesWithTheValues) {
  const std::vector<int> src = iota_vector(16, 1);
  array<int> a(16), b(16);
  copy_async(src.begin(), src.end(), a).get();
  copy_async(a, b).get();
  std::vector<int> out(16, poison_int);
  copy_async(b, out.begin()).get();
  EXPECT_EQ(out, src);
  copy_async(src.rbegin(), a).get();
  std::vector<int> host(16, poison_int);
  array_view<int> hv(16, host);
  copy_async(a, hv).get();
  EXPECT_EQ(host, std::vector<int>(src.rbegin(), src.rend()));
  copy_async(src.begin(), src.end(), hv).get();
  EXPECT_EQ(host, src);
  copy_async(src.rbegin(), hv).get();
  EXPECT_EQ(host, std::vector<int>(src.rbegin(), src.rend()));
  copy_async(hv, b).get();
  array_view<const int> ro = hv;
  copy_async(ro, a).get();
  const std::vector<int> aout = a, bout = b;
  EXPECT_EQ(aout, bout);
  std::vector<int> h2(16, poison_int), h3(16, poison_int);
  array_view<int> v2(16, h2), v3(16, h3);
  copy_async(hv, v2).get();
  copy_async(ro, v3).get();
  EXPECT_EQ(h2, host);
  EXPECT_EQ(h3, host);
  std::vector<int> out2(16, poison_int);
  copy_async(v2, out2.begin()).get();
  EXPECT_EQ(out2, host);
}

TEST(CopyAsync, ArrayToArrayOnOneDeviceIsEventBacked) {
  accelerator_view view = accelerator().create_view();
  const std::vector<int> src = iota_vector(64, 7);
  array<int> a(64, src.begin(), view, access_type_none), b(64, view, access_type_none);
  array_view<int>(a).synchronize_to(view);  // on the device before the queue is held
  array_view<int>(b).discard_data();
  ampcl_api_test::queue_gate gate(view);
  completion_future f = copy_async(a, b);
  EXPECT_EQ(f.wait_for(std::chrono::milliseconds(30)), std::future_status::timeout)
      << "the device copy waits behind the gated queue";
  gate.release();
  f.get();
  const std::vector<int> out = b;
  EXPECT_EQ(out, src);
}
