// Faults: a kernel that hangs is reported by the watchdog wait without harming
// other views; a process killed while writing the binary cache leaves nothing a
// later process trusts.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "../../lib/devices/device_state.hpp"
#include "../../lib/programs/binary_cache.hpp"
#include "test_support.hpp"

using namespace ampcl;
namespace fs = std::filesystem;

namespace {

// Spins until the host sets *release (the buffer uses the host's memory on CPU
// devices), or, where the device has its own copy, until `limit` iterations pass.
const char* const spin_source = R"cl(
__kernel void spin(__global volatile int* release, __global int* out, long limit) {
  long i = 0;
  while (release[0] == 0 && i < limit) ++i;
  out[0] = 1;
}
)cl";

struct host_flag {
  // Page-aligned, as CL_MEM_USE_HOST_PTR wants for the driver to use it in place.
  int* value = static_cast<int*>(std::aligned_alloc(4096, 4096));
  host_flag() { *value = 0; }
  ~host_flag() { std::free(value); }
};

using mem_handle = detail::basic_cl_handle<cl_mem>;

}  // namespace

TEST(Faults, HangingKernelIsReportedAndOtherViewsWorkOn) {
  const accelerator acc;
  // The test frees the spinning kernel through host memory the kernel reads while
  // it runs; a discrete GPU sees a copy, never the release, and would spin on.
  if (!acc.get_supports_cpu_shared_memory())
    GTEST_SKIP() << acc.get_device_name() << " shares no memory with the host to release the kernel";
  accelerator_view hung = acc.create_view();
  host_flag release;
  cl_int err = CL_SUCCESS;
  const mem_handle flag(clCreateBuffer(hung.context(), CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR,
                                       4096, release.value, &err));
  ASSERT_EQ(err, CL_SUCCESS);
  const mem_handle out(
      clCreateBuffer(hung.context(), CL_MEM_READ_WRITE, sizeof(int), nullptr, &err));
  ASSERT_EQ(err, CL_SUCCESS);
  // Data last written on the view that will hang.
  std::vector<int> before(64, 0);
  array_view<int, 1> on_hung(64, before);
  parallel_for_each(hung, on_hung.get_extent(),
                    kernel::from_file(ampcl_test::kernel_path("basic.cl"), "add_scalar"), on_hung,
                    7);
  const cl_long limit = 4'000'000'000;  // seconds of spinning if the flag never arrives
  ndrange one;
  launch_ndrange(hung, kernel::from_source(spin_source, "spin", "spin.cl"), one,
                 {raw_arg::buffer(flag.get()), raw_arg::buffer(out.get()), raw_arg::scalar(limit)});

  const auto start = std::chrono::steady_clock::now();
  try {
    hung.wait(std::chrono::milliseconds(300));
    ADD_FAILURE() << "the watchdog did not fire";
  } catch (const accelerator_view_removed& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("did not finish within 300 ms"), std::string::npos) << msg;
    EXPECT_NE(msg.find("Create a new accelerator_view"), std::string::npos) << msg;
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));

  // The removed view refuses more work at once instead of queueing behind the hang.
  std::vector<int> d(64, 1);
  array_view<int, 1> av(64, d);
  const kernel add = kernel::from_file(ampcl_test::kernel_path("basic.cl"), "add_scalar");
  EXPECT_THROW(parallel_for_each(hung, av.get_extent(), add, av, 1), accelerator_view_removed);
  EXPECT_THROW(hung.wait(), accelerator_view_removed);
  EXPECT_THROW(hung.create_marker(), accelerator_view_removed);
  // Its data cannot come back (a blocking read would wait behind the hang).
  EXPECT_THROW(on_hung.synchronize(), accelerator_view_removed);

  // Another view of the same device works, while the hung kernel still spins.
  accelerator_view other = acc.create_view();
  parallel_for_each(other, av.get_extent(), add, av, 41);
  other.wait(std::chrono::seconds(60));
  av.synchronize();
  for (int v : d) EXPECT_EQ(v, 42);

  // Let the kernel go and drain its queue before the buffers go away.
  __atomic_store_n(release.value, 1, __ATOMIC_SEQ_CST);
  EXPECT_EQ(clFinish(hung.state()->queue.get()), CL_SUCCESS);
}

TEST(Faults, WatchdogWaitReturnsWhenTheWorkFinishes) {
  accelerator_view view = accelerator().create_view();
  std::vector<int> d(1024, 0);
  array_view<int, 1> av(1024, d);
  parallel_for_each(view, av.get_extent(),
                    kernel::from_file(ampcl_test::kernel_path("basic.cl"), "add_scalar"), av, 3);
  EXPECT_NO_THROW(view.wait(std::chrono::seconds(60)));
  EXPECT_NO_THROW(view.wait());  // still usable
  av.synchronize();
  EXPECT_EQ(d[1023], 3);
}

// A writer killed at random points of store(): every entry left behind is either
// absent or whole; a partial one is never loaded.
TEST(Faults, WriterKilledMidStoreLeavesNothingTrusted) {
  const std::string dir = fs::temp_directory_path() / ("ampcl-kill-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  detail::binary_key key{"platform", "device", "OpenCL 1.2", "driver 1", "-cl-std=CL1.2", "src", ""};
  const auto digest = key.digest();
  std::vector<unsigned char> binary(32u << 20);
  for (std::size_t i = 0; i < binary.size(); ++i) binary[i] = static_cast<unsigned char>(i * 131);
  int loaded_whole = 0;
  for (int attempt = 0; attempt < 6; ++attempt) {
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      detail::binary_cache c(dir);
      for (;;) c.store(digest, binary);  // until killed
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20 + 37 * attempt));
    ::kill(child, SIGKILL);
    int status = 0;
    ::waitpid(child, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status));
    detail::binary_cache reader(dir);
    if (const auto got = reader.load(digest)) {
      ASSERT_EQ(got->size(), binary.size());
      ASSERT_TRUE(*got == binary);
      ++loaded_whole;
    }
  }
  // Whatever the timing, entries are only ever whole; temporaries are never entries.
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    EXPECT_TRUE(name.rfind(".tmp-", 0) == 0 || name.size() == 64 + 4) << name;
  }
  fs::remove_all(dir);
  std::cout << "[ info ] " << loaded_whole << " of 6 kills left a whole entry\n";
}
