// Every error path of the core runtime: the exception type, and a message that
// names the problem and the fix.
#include <gtest/gtest.h>

#include <functional>
#include <vector>

#include "test_support.hpp"

using namespace ampcl;
using ampcl_test::kernel_path;

namespace {

// Runs `f`, expects exception E, and returns its message.
template <class E>
std::string message_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  } catch (const std::exception& e) {
    ADD_FAILURE() << "wrong exception type: " << e.what();
    return {};
  }
  ADD_FAILURE() << "no exception";
  return {};
}

#define EXPECT_CONTAINS(text, piece) \
  EXPECT_NE(std::string(text).find(piece), std::string::npos) << "in: " << (text)

kernel basic(const char* name) {
  return kernel::from_file(kernel_path("basic.cl"), name);
}

}  // namespace

TEST(Errors, CompileErrorMapsToFileAndLine) {
  std::vector<int> d(4, 0);
  array_view<int, 1> av(4, d);
  const std::string msg = message_of<build_error>([&] {
    parallel_for_each(av.get_extent(), kernel::from_file(kernel_path("broken.cl"), "broken"), av);
  });
  EXPECT_CONTAINS(msg, "broken.cl:5:");
  EXPECT_CONTAINS(msg, "undeclared_variable");
  EXPECT_CONTAINS(msg, "failed to compile");
  // A second attempt reports the same failure without recompiling.
  const auto built = get_statistics().programs_built;
  const std::string again = message_of<build_error>([&] {
    parallel_for_each(av.get_extent(), kernel::from_file(kernel_path("broken.cl"), "broken"), av);
  });
  EXPECT_EQ(again, msg);
  EXPECT_EQ(get_statistics().programs_built, built);
}

TEST(Errors, CompileErrorInStringSourceNamesTheSource) {
  std::vector<int> d(4, 0);
  array_view<int, 1> av(4, d);
  const std::string src =
      "#include <ampcl.clh>\n"
      "__kernel void k(AMPCL_VIEW(int, x)) {\n"
      "  AV1(x, amp_global1()) = nope;\n"
      "}\n";
  const std::string msg = message_of<build_error>(
      [&] { parallel_for_each(av.get_extent(), kernel::from_source(src, "k", "inline.cl"), av); });
  EXPECT_CONTAINS(msg, "inline.cl:3:");
}

TEST(Errors, MissingKernelNameListsTheKernels) {
  std::vector<int> d(4, 0);
  array_view<int, 1> av(4, d);
  const std::string msg = message_of<runtime_exception>(
      [&] { parallel_for_each(av.get_extent(), basic("no_such_kernel"), av, 1); });
  EXPECT_CONTAINS(msg, "no __kernel named 'no_such_kernel'");
  EXPECT_CONTAINS(msg, "add_scalar");
}

TEST(Errors, MissingKernelFile) {
  const std::string msg =
      message_of<runtime_exception>([] { (void)kernel::from_file("/nonexistent/k.cl", "k"); });
  EXPECT_CONTAINS(msg, "/nonexistent/k.cl");
}

TEST(Errors, TooManyAndTooFewArguments) {
  std::vector<int> d(4, 0);
  array_view<int, 1> av(4, d);
  std::string msg = message_of<argument_error>(
      [&] { parallel_for_each(av.get_extent(), basic("add_scalar"), av, 1, 2); });
  EXPECT_CONTAINS(msg, "takes 3 parameters");
  EXPECT_CONTAINS(msg, "argument 3");
  msg = message_of<argument_error>(
      [&] { parallel_for_each(av.get_extent(), basic("add_scalar"), av); });
  EXPECT_CONTAINS(msg, "missing: int v");
}

TEST(Errors, ValueWherePointerExpectedAndViewWhereValueExpected) {
  std::vector<int> d(4, 0);
  array_view<int, 1> av(4, d);
  std::string msg = message_of<argument_error>(
      [&] { parallel_for_each(av.get_extent(), basic("add_scalar"), 5, av); });
  EXPECT_CONTAINS(msg, "parameter 1 'int* x'");
  EXPECT_CONTAINS(msg, "cannot bind to a __global pointer");
  msg = message_of<argument_error>(
      [&] { parallel_for_each(av.get_extent(), basic("add_scalar"), av, av); });
  EXPECT_CONTAINS(msg, "'int v'");
  EXPECT_CONTAINS(msg, "needs a __global pointer parameter");
}

// Launches remember the element type that last matched a parameter; a later
// launch with another type must still be refused, and the right one still run.
TEST(Errors, ElementTypeMismatchAfterAGoodLaunchOfTheSameKernel) {
  const kernel k = basic("add_scalar");
  std::vector<int> d(4, 1);
  array_view<int, 1> av(4, d);
  parallel_for_each(av.get_extent(), k, av, 2);
  av.synchronize();
  for (int v : d) EXPECT_EQ(v, 3);
  std::vector<float> f(4, 0.f);
  array_view<float, 1> fv(4, f);
  const std::string msg =
      message_of<argument_error>([&] { parallel_for_each(fv.get_extent(), k, fv, 1); });
  EXPECT_CONTAINS(msg, "element types differ");
  parallel_for_each(av.get_extent(), k, av, 2);
  av.synchronize();
  for (int v : d) EXPECT_EQ(v, 5);
}

TEST(Errors, ElementAndScalarTypeMismatch) {
  std::vector<float> f(4, 0.f);
  array_view<float, 1> fv(4, f);
  std::string msg = message_of<argument_error>(
      [&] { parallel_for_each(fv.get_extent(), basic("add_scalar"), fv, 1); });
  EXPECT_CONTAINS(msg, "element types differ");
  EXPECT_CONTAINS(msg, "kernel reads int");
  std::vector<int> d(4, 0);
  array_view<int, 1> av(4, d);
  msg = message_of<argument_error>(
      [&] { parallel_for_each(av.get_extent(), basic("add_scalar"), av, 1.5); });
  EXPECT_CONTAINS(msg, "passes double but the parameter is int");
}

TEST(Errors, ReadOnlyViewToWritableParameter) {
  std::vector<int> d(4, 0);
  array_view<const int, 1> cv(4, d);
  const std::string msg = message_of<argument_error>(
      [&] { parallel_for_each(cv.get_extent(), basic("add_scalar"), cv, 1); });
  EXPECT_CONTAINS(msg, "read-only");
  EXPECT_CONTAINS(msg, "AMPCL_VIEW(const int, x)");
}

TEST(Errors, SectionToPlainPointer) {
  std::vector<float> d(16, 1.f);
  array_view<float, 2> m(4, 4, d);
  auto part = m.section(ampcl::index<2>(1, 1), extent<2>(2, 2));
  const std::string msg = message_of<argument_error>(
      [&] { parallel_for_each(part.get_extent(), basic("scale_plain"), part, 2.f); });
  EXPECT_CONTAINS(msg, "is a section");
  EXPECT_CONTAINS(msg, "AMPCL_VIEW(T, data)");
}

TEST(Errors, TileLargerThanTheDeviceAllows) {
  std::vector<int> d(1 << 16, 0);
  array_view<int, 2> av(256, 256, d);
  const std::string msg = message_of<invalid_compute_domain>(
      [&] { parallel_for_each(av.get_extent().tile<128, 128>(), basic("fill2"), av, 1); });
  EXPECT_CONTAINS(msg, "16384 work-items");
  EXPECT_CONTAINS(msg, "smaller tile");
}

TEST(Errors, TileStaticMemoryBeyondTheDevice) {
  std::vector<int> d(16, 0);
  array_view<int, 1> av(16, d);
  const std::size_t too_much = accelerator().get_tile_static_memory_size() / sizeof(int) + 1024;
  const std::string msg = message_of<invalid_compute_domain>([&] {
    parallel_for_each(av.get_extent().tile<8>(), basic("reverse_in_tile"), av,
                      tile_static_memory<int>(too_much));
  });
  EXPECT_CONTAINS(msg, "bytes of tile_static memory");
}

// 256-byte elements reach far past any device's memory within int extents.
struct wide_element {
  float v[64];
};

TEST(Errors, DeviceOutOfMemory) {
  const std::size_t bytes_wanted = accelerator().get_dedicated_memory() * 1024 * 2;
  const int n = static_cast<int>(
      std::min<std::size_t>(bytes_wanted / sizeof(wide_element) + 1, (1u << 31) - 1));
  const std::string msg = message_of<out_of_memory>([&] {
    array<wide_element, 1> huge{extent<1>(n)};
    parallel_for_each(huge.get_extent(), basic("float_sink"), huge);
  });
  EXPECT_CONTAINS(msg, "bytes");
  EXPECT_CONTAINS(msg, "smaller");
}

TEST(Errors, NoDeviceMatchesTheFilter) {
  const std::string msg =
      message_of<runtime_exception>([] { accelerator a("no-such-device-anywhere"); });
  EXPECT_CONTAINS(msg, "no OpenCL device matches 'no-such-device-anywhere'");
  EXPECT_CONTAINS(msg, accelerator().get_device_name());  // lists what exists
}

TEST(Errors, ArrayViewSourceTooSmall) {
  std::vector<int> d(5, 0);
  const std::string msg = message_of<runtime_exception>([&] { array_view<int, 2> av(2, 3, d); });
  EXPECT_CONTAINS(msg, "needs 6 elements but its source has 5");
}

TEST(Errors, HostIndexOutsideTheExtent) {
  std::vector<int> d(6, 0);
  array_view<int, 2> av(2, 3, d);
  const std::string msg = message_of<runtime_exception>([&] { (void)av(2, 0); });
  EXPECT_CONTAINS(msg, "(2, 0) is outside");
}

TEST(Errors, ErrorNamesOpenCLCodes) {
  EXPECT_STREQ(cl_error_name(CL_OUT_OF_RESOURCES), "CL_OUT_OF_RESOURCES");
  EXPECT_STREQ(cl_error_name(CL_INVALID_WORK_GROUP_SIZE), "CL_INVALID_WORK_GROUP_SIZE");
  try {
    detail::throw_cl_error(CL_MEM_OBJECT_ALLOCATION_FAILURE, "clCreateBuffer");
    FAIL();
  } catch (const out_of_memory& e) {
    EXPECT_EQ(e.get_error_code(), CL_MEM_OBJECT_ALLOCATION_FAILURE);
    EXPECT_CONTAINS(e.what(), "clCreateBuffer failed with CL_MEM_OBJECT_ALLOCATION_FAILURE");
  }
  EXPECT_THROW(detail::throw_cl_error(CL_INVALID_COMMAND_QUEUE, "clFinish"),
               accelerator_view_removed);
}

// A kernel that faulted surfaces at the next wait or read (CL_OUT_OF_RESOURCES on NVIDIA's
// driver): the message names the likely cause and ampcl-racecheck; at an allocation the
// same code is still the device running out of memory.
TEST(Errors, FaultSeenAtAWaitNamesTheChecker) {
  for (const char* call : {"clFinish", "clEnqueueReadBuffer", "clWaitForEvents"}) {
    try {
      detail::throw_cl_error(CL_OUT_OF_RESOURCES, call);
      FAIL() << call;
    } catch (const accelerator_view_removed& e) {
      EXPECT_EQ(e.get_error_code(), CL_OUT_OF_RESOURCES);
      EXPECT_CONTAINS(e.what(), "outside its data");
      EXPECT_CONTAINS(e.what(), "ampcl-racecheck");
    }
  }
  const std::string msg = message_of<out_of_memory>(
      [] { detail::throw_cl_error(CL_OUT_OF_RESOURCES, "clCreateBuffer"); });
  EXPECT_CONTAINS(msg, "ran out of memory or resources");
}
