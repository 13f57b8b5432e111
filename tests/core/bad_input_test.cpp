// The bad-input catalogue (docs/reliability.md): each case throws the documented
// exception with a message that names the problem and the fix, and leaks nothing.
// Leaks are counted with statistics::live_cl_objects, the OpenCL references ampcl
// holds: a failure repeated must not hold more than its first run (which may fill
// caches: a context, a queue, a built program).
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "../../lib/devices/device_state.hpp"
#include "test_support.hpp"

using namespace ampcl;
using ampcl_test::kernel_path;

namespace {

#define EXPECT_CONTAINS(text, piece) \
  EXPECT_NE(std::string(text).find(piece), std::string::npos) << "in: " << (text)

// Runs `f` three times; each must throw E. Returns the message, and checks that the
// OpenCL objects ampcl holds do not grow after the first run.
template <class E>
std::string fails_without_leaking(const std::function<void()>& f) {
  std::string msg;
  std::uint64_t held_after_first = 0;
  for (int run = 0; run < 3; ++run) {
    try {
      f();
      ADD_FAILURE() << "no exception";
    } catch (const E& e) {
      msg = e.what();
    } catch (const std::exception& e) {
      ADD_FAILURE() << "wrong exception type: " << e.what();
    }
    accelerator().get_default_view().wait();
    const auto held = get_statistics().live_cl_objects;
    if (run == 0)
      held_after_first = held;
    else
      EXPECT_EQ(held, held_after_first) << "OpenCL objects leaked by run " << run + 1;
  }
  return msg;
}

kernel basic(const char* name) {
  return kernel::from_file(kernel_path("basic.cl"), name);
}

}  // namespace

TEST(BadInput, LiveObjectCountTracksArrays) {
  const auto before = get_statistics().live_cl_objects;
  {
    array<int, 1> a{extent<1>(16)};
    parallel_for_each(a.get_extent(), basic("add_scalar"), a, 1);
    EXPECT_GT(get_statistics().live_cl_objects, before);
  }
  accelerator().get_default_view().wait();
  // The program and kernel stay cached; the buffer is gone.
  const auto cached = get_statistics().live_cl_objects;
  {
    array<int, 1> a{extent<1>(16)};
    parallel_for_each(a.get_extent(), basic("add_scalar"), a, 1);
  }
  accelerator().get_default_view().wait();
  EXPECT_EQ(get_statistics().live_cl_objects, cached);
}

TEST(BadInput, ExtentNotDivisibleByTheTile) {
  std::vector<int> d(10 * 10, 0);
  array_view<int, 2> av(10, 10, d);
  const std::string msg = fails_without_leaking<invalid_compute_domain>(
      [&] { parallel_for_each(av.get_extent().tile<4, 5>(), basic("fill2"), av, 1); });
  EXPECT_CONTAINS(msg, "does not divide into tiles");
  EXPECT_CONTAINS(msg, "dimension 0 has 10 elements, not a multiple of 4");
  EXPECT_CONTAINS(msg, "pad()/truncate()");
  // The fix works: pad() launches whole tiles.
  EXPECT_NO_THROW(
      parallel_for_each(av.get_extent().tile<4, 5>().pad(), basic("record_index2"), av));
  // Wait: a process that exits while PoCL still compiles a launch aborts inside PoCL.
  av.synchronize();
}

TEST(BadInput, TileOverTheWorkGroupLimit) {
  std::vector<int> d(1 << 16, 0);
  array_view<int, 2> av(256, 256, d);
  const std::string msg = fails_without_leaking<invalid_compute_domain>(
      [&] { parallel_for_each(av.get_extent().tile<128, 128>(), basic("fill2"), av, 1); });
  EXPECT_CONTAINS(msg, "16384 work-items");
  EXPECT_CONTAINS(msg, "use a smaller tile");
}

TEST(BadInput, TileOverOneDimensionsLimit) {
  const std::size_t limit = accelerator().get_max_tile_extent().back();  // OpenCL dimension 0
  ndrange r;
  r.dims = 1;
  r.global[0] = 2 * limit;
  r.local[0] = 2 * limit;
  const std::string msg = fails_without_leaking<invalid_compute_domain>([&] {
    launch_ndrange(accelerator().get_default_view(), basic("scale_plain"), r,
                   {raw_arg::local(4), raw_arg::scalar(1.f)});
  });
  EXPECT_CONTAINS(msg, "tile dimension 0");
  EXPECT_CONTAINS(msg, "allows at most " + std::to_string(limit));
  EXPECT_CONTAINS(msg, "use a smaller tile");
}

TEST(BadInput, TileStaticOverTheDevicesLocalMemory) {
  std::vector<int> d(16, 0);
  array_view<int, 1> av(16, d);
  const std::size_t too_much = accelerator().get_tile_static_memory_size() / sizeof(int) + 1024;
  const std::string msg = fails_without_leaking<invalid_compute_domain>([&] {
    parallel_for_each(av.get_extent().tile<8>(), basic("reverse_in_tile"), av,
                      tile_static_memory<int>(too_much));
  });
  EXPECT_CONTAINS(msg, "bytes of tile_static memory");
  EXPECT_CONTAINS(msg, "use smaller tile_static arrays or a smaller tile");
}

TEST(BadInput, CompileErrorMapsToFileAndLine) {
  std::vector<int> d(4, 0);
  array_view<int, 1> av(4, d);
  const std::string msg = fails_without_leaking<build_error>([&] {
    parallel_for_each(av.get_extent(), kernel::from_file(kernel_path("broken.cl"), "broken"), av);
  });
  EXPECT_CONTAINS(msg, "broken.cl:5:");
  EXPECT_CONTAINS(msg, "Fix the kernel at the positions below");
}

TEST(BadInput, MissingKernelName) {
  std::vector<int> d(4, 0);
  array_view<int, 1> av(4, d);
  const std::string msg = fails_without_leaking<runtime_exception>(
      [&] { parallel_for_each(av.get_extent(), basic("no_such_kernel"), av, 1); });
  EXPECT_CONTAINS(msg, "no __kernel named 'no_such_kernel'");
  EXPECT_CONTAINS(msg, "it defines: ");
}

TEST(BadInput, WrongArgumentCountKindAndElementType) {
  std::vector<int> d(4, 0);
  array_view<int, 1> av(4, d);
  std::vector<float> f(4, 0.f);
  array_view<float, 1> fv(4, f);
  EXPECT_CONTAINS(fails_without_leaking<argument_error>(
                      [&] { parallel_for_each(av.get_extent(), basic("add_scalar"), av, 1, 2); }),
                  "pass fewer arguments");
  EXPECT_CONTAINS(fails_without_leaking<argument_error>(
                      [&] { parallel_for_each(av.get_extent(), basic("add_scalar"), av); }),
                  "missing: int v");
  EXPECT_CONTAINS(fails_without_leaking<argument_error>(
                      [&] { parallel_for_each(av.get_extent(), basic("add_scalar"), 5, av); }),
                  "pass an array, array_view or tile_static_memory");
  EXPECT_CONTAINS(fails_without_leaking<argument_error>(
                      [&] { parallel_for_each(fv.get_extent(), basic("add_scalar"), fv, 1); }),
                  "make the element types match");
  EXPECT_CONTAINS(fails_without_leaking<argument_error>(
                      [&] { parallel_for_each(av.get_extent(), basic("add_scalar"), av, 1.5f); }),
                  "cast the argument");
}

TEST(BadInput, ArrayViewOfTheWrongSize) {
  std::vector<int> d(5, 0);
  const std::string msg =
      fails_without_leaking<runtime_exception>([&] { array_view<int, 2> av(2, 3, d); });
  EXPECT_CONTAINS(msg, "needs 6 elements but its source has 5");
}

TEST(BadInput, DeviceOutOfMemory) {
  struct wide {
    float v[64];
  };
  const std::size_t bytes_wanted = accelerator().get_dedicated_memory() * 1024 * 2;
  const int n =
      static_cast<int>(std::min<std::size_t>(bytes_wanted / sizeof(wide) + 1, (1u << 31) - 1));
  const std::string msg = fails_without_leaking<out_of_memory>([&] {
    array<wide, 1> huge{extent<1>(n)};
    parallel_for_each(huge.get_extent(), basic("float_sink"), huge);
  });
  EXPECT_CONTAINS(msg, "bytes");
  EXPECT_CONTAINS(msg, "smaller");
}

// PoCL has fp64, so the device is made to look like one without it.
TEST(BadInput, DoubleOnADeviceWithoutFp64) {
  auto& info = accelerator().state()->info;
  const bool had = info.fp64;
  info.fp64 = false;
  std::vector<int> d(4, 0);
  array_view<int, 1> av(4, d);
  const std::string msg = fails_without_leaking<unsupported_feature>(
      [&] { parallel_for_each(av.get_extent(), basic("add_scalar"), av, 1.5); });
  info.fp64 = had;
  EXPECT_CONTAINS(msg, "has no double precision (cl_khr_fp64)");
  EXPECT_CONTAINS(msg, "use float, or pick a device with fp64");
}

TEST(BadInput, DeviceFilterMatchingNothingListsTheDevices) {
  const std::string msg =
      fails_without_leaking<runtime_exception>([] { accelerator a("no-such-device-anywhere"); });
  EXPECT_CONTAINS(msg, "no OpenCL device matches 'no-such-device-anywhere'");
  for (const auto& a : opencl_devices()) EXPECT_CONTAINS(msg, a.get_device_name());
}

// What the kernel allows is the driver's to judge (CL_KERNEL_WORK_GROUP_SIZE is not a
// limit on every driver); a tile it refuses is explained with the kernel's name.
TEST(BadInput, TileTheKernelWasNotCompiledFor) {
  const kernel fixed = kernel::from_source(
      "__kernel __attribute__((reqd_work_group_size(8, 1, 1)))\n"
      "void fill_fixed(__global int* out) { out[get_global_id(0)] = 1; }\n",
      "fill_fixed");
  cl_int err = CL_SUCCESS;
  cl_mem out =
      clCreateBuffer(accelerator().context(), CL_MEM_READ_WRITE, 64 * sizeof(int), nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  ndrange r;
  r.dims = 1;
  r.global[0] = 64;
  r.local[0] = 16;
  const std::string msg = fails_without_leaking<ampcl::runtime_exception>(
      [&] { launch_ndrange(accelerator().get_default_view(), fixed, r, {raw_arg::buffer(out)}); });
  EXPECT_CONTAINS(msg, "kernel 'fill_fixed' was compiled for tiles of 8");
  EXPECT_CONTAINS(msg, "launched in tiles of 16");
  r.local[0] = 8;  // the tile it was compiled for runs
  EXPECT_NO_THROW(
      launch_ndrange(accelerator().get_default_view(), fixed, r, {raw_arg::buffer(out)}));
  accelerator().get_default_view().wait();
  clReleaseMemObject(out);
}
