// The unsupported-device reason: a device without the 64-bit atomics the shadow
// words need runs kernels unchecked, saying so (no driver in CI lacks them, so
// the decision is tested on extension lists, and the device here must pass it).
#include <CL/cl.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "racecheck_engine.hpp"

namespace {

using ampcl::debug::missing_for_shadow;

TEST(ShadowDevice, ADeviceWithout64BitAtomicsIsNamedWithWhatItLacks) {
  const std::string why = missing_for_shadow("cl_khr_fp64 cl_khr_global_int32_base_atomics");
  EXPECT_NE(why.find("lacks cl_khr_int64_base_atomics"), std::string::npos) << why;
  EXPECT_EQ(missing_for_shadow(""), why);
}

TEST(ShadowDevice, ADeviceWith64BitAtomicsLacksNothing) {
  EXPECT_EQ(
      missing_for_shadow("cl_khr_fp64 cl_khr_int64_base_atomics cl_khr_int64_extended_atomics"),
      "");
}

TEST(ShadowDevice, TheDeviceTheTestsRunOnLacksNothing) {
  cl_platform_id platform = nullptr;
  cl_device_id device = nullptr;
  ASSERT_EQ(clGetPlatformIDs(1, &platform, nullptr), CL_SUCCESS);
  ASSERT_EQ(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, nullptr), CL_SUCCESS);
  std::size_t n = 0;
  ASSERT_EQ(clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, 0, nullptr, &n), CL_SUCCESS);
  std::string extensions(n, '\0');
  ASSERT_EQ(clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, n, extensions.data(), nullptr),
            CL_SUCCESS);
  EXPECT_EQ(missing_for_shadow(extensions), "") << extensions;
}

// Launches queued with shadow buffers of their own: on a CPU device fewer than the
// pool keeps sets, so that each takes buffers already allocated and written (the
// layer waits for the oldest past it: debug/layer/finisher.cpp); elsewhere no count.
TEST(ShadowDevice, QueuedLaunchesOnACpuDeviceFitThePoolsSets) {
  cl_platform_id platform = nullptr;
  cl_device_id device = nullptr;
  ASSERT_EQ(clGetPlatformIDs(1, &platform, nullptr), CL_SUCCESS);
  ASSERT_EQ(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, nullptr), CL_SUCCESS);
  cl_device_type type = 0;
  ASSERT_EQ(clGetDeviceInfo(device, CL_DEVICE_TYPE, sizeof type, &type, nullptr), CL_SUCCESS);
  ampcl::debug::racecheck_engine engine;
  const std::size_t limit = engine.queued_launch_limit(device);
  if (type & CL_DEVICE_TYPE_CPU)
    EXPECT_EQ(limit, ampcl::debug::shadow_pool::kept_sets - 1);
  else
    EXPECT_EQ(limit, SIZE_MAX);
  EXPECT_EQ(engine.queued_launch_limit(nullptr), SIZE_MAX);
}

}  // namespace
