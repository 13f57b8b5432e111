// Data shared by two accelerators (two OpenCL devices, each with its own context):
// an array_view or array whose current copy lives on one device and is used on the
// other, copies between arrays of different devices, staging arrays. Each result is
// checked element by element against a host reference, outputs poisoned first.
//
// Needs two devices: CTest runs these as `multi_device` with
// POCL_DEVICES="pthread pthread" (tests/CMakeLists.txt), which also sets
// AMPCL_TEST_TWO_DEVICES=1 so that a missing second device fails instead of
// skipping. Elsewhere (one device) they skip.
#include <gtest/gtest.h>

#include <cstdlib>
#include <numeric>
#include <string>
#include <vector>

#include "test_support.hpp"

using namespace ampcl;
using ampcl_test::kernel_path;
using ampcl_test::poison_int;

namespace {

kernel basic(const char* name) {
  return kernel::from_file(kernel_path("basic.cl"), name);
}

std::vector<int> iota_vector(int n, int start = 0) {
  std::vector<int> v(n);
  std::iota(v.begin(), v.end(), start);
  return v;
}

std::vector<int> plus(std::vector<int> v, int k) {
  for (int& x : v) x += k;
  return v;
}

class MultiDevice : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto all = opencl_devices();
    if (all.size() < 2) {
      const char* required = std::getenv("AMPCL_TEST_TWO_DEVICES");
      if (required && std::string(required) == "1")
        FAIL() << "these tests need two OpenCL devices and found " << all.size()
               << ": run them with POCL_DEVICES=\"pthread pthread\" (PoCL then shows two CPU "
                  "devices) or on a machine with two devices";
      GTEST_SKIP() << "needs two OpenCL devices; run with POCL_DEVICES=\"pthread pthread\"";
    }
    a_ = all[0].get_default_view();
    b_ = all[1].get_default_view();
    ASSERT_NE(all[0].get_opencl_path(), all[1].get_opencl_path());
  }

  accelerator_view a_ = accelerator().get_default_view();
  accelerator_view b_ = accelerator().get_default_view();
  static constexpr int n = 1000;
};

// The conformance suite's ImplicitSynchronize/Remote/Test.05: a view of host data
// that a launch on A wrote (A holds the only current copy) is read by a launch on
// B. B's buffer must be filled with A's data, brought home first.
TEST_F(MultiDevice, ViewWrittenOnAIsReadOnB) {
  std::vector<int> data = iota_vector(n), out(n, poison_int);
  array_view<int, 1> av(n, data);
  array_view<int, 1> outv(n, out);
  parallel_for_each(a_, av.get_extent(), basic("add_scalar"), av, 100);
  parallel_for_each(b_, av.get_extent(), basic("copy_in_to_out"), array_view<const int, 1>(av),
                    outv);
  outv.synchronize();
  EXPECT_EQ(out, plus(iota_vector(n), 100));
  av.synchronize();
  EXPECT_EQ(data, plus(iota_vector(n), 100));
}

// Written on A, then written again on B, then read on the host and on A again.
TEST_F(MultiDevice, ViewWrittenOnAThenOnBThenOnA) {
  std::vector<int> data = iota_vector(n);
  array_view<int, 1> av(n, data);
  parallel_for_each(a_, av.get_extent(), basic("add_scalar"), av, 100);
  parallel_for_each(b_, av.get_extent(), basic("add_scalar"), av, 10);
  EXPECT_EQ(av[7], 7 + 110);
  parallel_for_each(a_, av.get_extent(), basic("add_scalar"), av, 1);
  av.synchronize();
  EXPECT_EQ(data, plus(iota_vector(n), 111));
}

// A view with no data source: its only copy is A's buffer until B needs it.
TEST_F(MultiDevice, ViewWithoutSourceFilledOnAIsReadOnB) {
  std::vector<int> out(n, poison_int);
  array_view<int, 1> scratch(n);
  array_view<int, 1> outv(n, out);
  parallel_for_each(a_, extent<2>(1, n), basic("fill2"), scratch.view_as(extent<2>(1, n)), 5);
  parallel_for_each(b_, scratch.get_extent(), basic("copy_in_to_out"),
                    array_view<const int, 1>(scratch), outv);
  outv.synchronize();
  EXPECT_EQ(out, std::vector<int>(n, 5));
}

// synchronize_to(B) of data that only A holds makes it current on B.
TEST_F(MultiDevice, SynchronizeToAnotherDeviceCarriesTheData) {
  std::vector<int> data = iota_vector(n), out(n, poison_int);
  array_view<int, 1> av(n, data);
  array_view<int, 1> outv(n, out);
  parallel_for_each(a_, av.get_extent(), basic("add_scalar"), av, 3);
  av.synchronize_to(b_);
  parallel_for_each(b_, av.get_extent(), basic("copy_in_to_out"), array_view<const int, 1>(av),
                    outv);
  outv.synchronize();
  EXPECT_EQ(out, plus(iota_vector(n), 3));
}

// An array on A, written there, then used through an array_view by a launch on B
// (its data moves to B), then read on the host and used on A again.
TEST_F(MultiDevice, ArrayOnAUsedOnBThroughAView) {
  const std::vector<int> init = iota_vector(n);
  array<int, 1> arr(n, init.begin(), init.end(), a_, access_type_none);
  array_view<int, 1> view(arr);
  parallel_for_each(a_, arr.get_extent(), basic("add_scalar"), view, 100);
  parallel_for_each(b_, arr.get_extent(), basic("add_scalar"), view, 20);
  EXPECT_EQ(std::vector<int>(arr), plus(iota_vector(n), 120));
  parallel_for_each(a_, arr.get_extent(), basic("add_scalar"), view, 3);
  EXPECT_EQ(std::vector<int>(arr), plus(iota_vector(n), 123));
}

// copy(array on A, array on B): B's array holds A's data for the host and for a
// launch on B; A's array keeps it.
TEST_F(MultiDevice, CopyArrayOnAToArrayOnB) {
  const std::vector<int> init = iota_vector(n), poison(n, poison_int);
  array<int, 1> src(n, init.begin(), init.end(), a_, access_type_none);
  array<int, 1> dst(n, poison.begin(), poison.end(), b_, access_type_none);
  parallel_for_each(a_, src.get_extent(), basic("add_scalar"), array_view<int, 1>(src), 7);
  copy(src, dst);
  std::vector<int> out(n, poison_int);
  array_view<int, 1> outv(n, out);
  parallel_for_each(b_, dst.get_extent(), basic("copy_in_to_out"), array_view<const int, 1>(dst),
                    outv);
  outv.synchronize();
  EXPECT_EQ(out, plus(iota_vector(n), 7));
  EXPECT_EQ(std::vector<int>(dst), plus(iota_vector(n), 7));
  EXPECT_EQ(std::vector<int>(src), plus(iota_vector(n), 7));
}

// A device-to-device copy between two arrays of A whose source's data a launch
// on B wrote last: the copy on A must see B's writes.
TEST_F(MultiDevice, CopyOnAOfAnArrayLastWrittenOnB) {
  const std::vector<int> init = iota_vector(n), poison(n, poison_int);
  array<int, 1> src(n, init.begin(), init.end(), a_, access_type_none);
  array<int, 1> dst(n, poison.begin(), poison.end(), a_, access_type_none);
  parallel_for_each(b_, src.get_extent(), basic("add_scalar"), array_view<int, 1>(src), 9);
  copy(src, dst);
  EXPECT_EQ(std::vector<int>(dst), plus(iota_vector(n), 9));
}

// An array the host shares with A (zero-copy where A shares memory) written on A,
// then read by a launch on B.
TEST_F(MultiDevice, HostVisibleArrayOnAIsReadOnB) {
  if (!a_.get_accelerator().get_supports_cpu_shared_memory())
    GTEST_SKIP() << "the first device shares no memory with the host";
  const std::vector<int> init = iota_vector(n);
  array<int, 1> arr(n, init.begin(), init.end(), a_, access_type_read_write);
  parallel_for_each(a_, arr.get_extent(), basic("add_scalar"), array_view<int, 1>(arr), 4);
  std::vector<int> out(n, poison_int);
  array_view<int, 1> outv(n, out);
  parallel_for_each(b_, arr.get_extent(), basic("copy_in_to_out"), array_view<const int, 1>(arr),
                    outv);
  outv.synchronize();
  EXPECT_EQ(out, plus(iota_vector(n), 4));
  const int* host = arr.data();
  EXPECT_EQ(std::vector<int>(host, host + n), plus(iota_vector(n), 4));
}

// Staging: host data into a staging array headed for B, copied to an array on A,
// changed there, copied back into the staging array and read on the host.
TEST_F(MultiDevice, StagingArrayForBToArrayOnAAndBack) {
  AMPCL_SKIP_WITHOUT_CPU_DEVICE();
  const accelerator_view cpu = accelerator(accelerator::cpu_accelerator).get_default_view();
  const std::vector<int> init = iota_vector(n), poison(n, poison_int);
  array<int, 1> staging(n, init.begin(), init.end(), cpu, b_);
  array<int, 1> on_a(n, poison.begin(), poison.end(), a_, access_type_none);
  copy(staging, on_a);
  parallel_for_each(a_, on_a.get_extent(), basic("add_scalar"), array_view<int, 1>(on_a), 50);
  std::fill_n(staging.data(), n, poison_int);
  copy(on_a, staging);
  const int* host = staging.data();
  EXPECT_EQ(std::vector<int>(host, host + n), plus(iota_vector(n), 50));
  // And on to B, the staging array's associated view.
  array<int, 1> on_b(n, poison.begin(), poison.end(), b_, access_type_none);
  copy(staging, on_b);
  EXPECT_EQ(std::vector<int>(on_b), plus(iota_vector(n), 50));
}

// Both devices write halves (sections) of one view in turn; the host sees both.
TEST_F(MultiDevice, SectionsWrittenOnEachDevice) {
  std::vector<int> data = iota_vector(n);
  array_view<int, 1> av(n, data);
  array_view<int, 1> lo = av.section(ampcl::index<1>(0), extent<1>(n / 2));
  array_view<int, 1> hi = av.section(ampcl::index<1>(n / 2), extent<1>(n - n / 2));
  parallel_for_each(a_, lo.get_extent(), basic("add_scalar"), lo, 1000);
  parallel_for_each(b_, hi.get_extent(), basic("add_scalar"), hi, 2000);
  av.synchronize();
  std::vector<int> expected = iota_vector(n);
  for (int i = 0; i < n; ++i) expected[i] += i < n / 2 ? 1000 : 2000;
  EXPECT_EQ(data, expected);
}

}  // namespace
