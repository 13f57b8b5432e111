// Probe behind lib/memory/host_registration.cpp (issue 17 item 4; not built by CMake,
// run on a GPU machine):
//   g++ -O2 -std=c++17 bench/host_registration_probe.cpp -o probe -lOpenCL -lpthread
//   ./probe
// What a driver does with a CL_MEM_USE_HOST_PTR buffer over pageable memory that no
// command uses: how long making and releasing one takes, whether copies between
// those pages and another buffer then run at pinned speed, whether it takes device
// memory (nvidia-smi, where there is one), and whether registering serves a one-off
// copy, whole or in pieces on several threads. 64 MiB copies, best of several.
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

namespace {

using clk = std::chrono::steady_clock;
double ms_since(clk::time_point t) {
  return std::chrono::duration<double, std::milli>(clk::now() - t).count();
}
constexpr size_t copy_bytes = size_t(64) << 20;
double gbps(double ms) {
  return copy_bytes / ms / 1e6;
}

cl_context ctx;
cl_command_queue q;
cl_mem device_buffer;

char* fresh(size_t bytes, int fill) {
  char* p = static_cast<char*>(std::aligned_alloc(4096, bytes));
  std::memset(p, fill, bytes);
  return p;
}
cl_mem registered(char* p, size_t bytes) {
  cl_int err = CL_SUCCESS;
  cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, bytes, p, &err);
  if (err != CL_SUCCESS) std::printf("  clCreateBuffer(USE_HOST_PTR) failed: %d\n", err);
  return b;
}
// Best of `reps` blocking 64 MiB copies between `host` and the device buffer.
double best_copy(bool to_device, char* host, int reps = 7) {
  double best = 1e9;
  for (int i = 0; i < reps; ++i) {
    const auto t = clk::now();
    if (to_device)
      clEnqueueWriteBuffer(q, device_buffer, CL_TRUE, 0, copy_bytes, host, 0, nullptr, nullptr);
    else
      clEnqueueReadBuffer(q, device_buffer, CL_TRUE, 0, copy_bytes, host, 0, nullptr, nullptr);
    best = std::min(best, ms_since(t));
  }
  return best;
}
double best_write(char* from, int reps = 7) {
  return best_copy(true, from, reps);
}
double best_read(char* into) {
  return best_copy(false, into);
}
void device_memory(const char* when) {
  std::printf("  device memory %s: ", when);
  std::fflush(stdout);
  if (std::system("nvidia-smi --query-gpu=memory.used --format=csv,noheader 2>/dev/null") != 0)
    std::printf("(no nvidia-smi)\n");
}

}  // namespace

int main() {
  cl_platform_id platforms[8];
  cl_uint np = 0;
  clGetPlatformIDs(8, platforms, &np);
  cl_device_id dev = nullptr;
  for (cl_uint i = 0; i < np && !dev; ++i)
    if (clGetDeviceIDs(platforms[i], CL_DEVICE_TYPE_GPU, 1, &dev, nullptr) != CL_SUCCESS)
      dev = nullptr;
  if (!dev) {
    std::printf("no GPU\n");
    return 1;
  }
  cl_int err = CL_SUCCESS;
  ctx = clCreateContext(nullptr, 1, &dev, nullptr, nullptr, &err);
  q = clCreateCommandQueue(ctx, dev, 0, &err);
  device_buffer = clCreateBuffer(ctx, CL_MEM_READ_WRITE, copy_bytes, nullptr, &err);
  std::vector<char> zeros(copy_bytes);
  clEnqueueWriteBuffer(q, device_buffer, CL_TRUE, 0, copy_bytes, zeros.data(), 0, nullptr, nullptr);

  cl_mem pin = clCreateBuffer(ctx, CL_MEM_ALLOC_HOST_PTR, copy_bytes, nullptr, &err);
  char* pinned = static_cast<char*>(clEnqueueMapBuffer(q, pin, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE,
                                                       0, copy_bytes, 0, nullptr, nullptr, &err));
  char* pageable = fresh(copy_bytes, 1);
  std::printf("write from pinned (ALLOC_HOST_PTR)   %6.1f GB/s\n", gbps(best_write(pinned)));
  std::printf("write from pageable                  %6.1f GB/s\n", gbps(best_write(pageable)));

  // Registered, never used in a command: eight 1 GiB ranges, then copies of 64 MiB
  // from and into the middle of them (not at a range's start).
  const size_t gib = size_t(1) << 30;
  std::vector<char*> ranges;
  for (int i = 0; i < 8; ++i) ranges.push_back(fresh(gib, i));
  device_memory("before registering 8 GiB");
  auto t = clk::now();
  std::vector<cl_mem> regs;
  for (char* r : ranges) regs.push_back(registered(r, gib));
  std::printf("register 8 x 1 GiB                   %6.1f ms\n", ms_since(t));
  device_memory("after, no command using them");
  std::printf("write from registered pages          %6.1f GB/s\n",
              gbps(best_write(ranges[3] + 4096)));
  std::printf("read into registered pages           %6.1f GB/s\n",
              gbps(best_read(ranges[5] + 8192)));
  t = clk::now();
  for (cl_mem r : regs) clReleaseMemObject(r);
  std::printf("release 8 x 1 GiB                    %6.1f ms\n", ms_since(t));
  std::printf("write from them after the release    %6.1f GB/s\n",
              gbps(best_write(ranges[3] + 4096, 3)));
  for (char* r : ranges) std::free(r);

  // A one-off copy: register fresh memory (whole, or in pieces on T threads), copy,
  // release. The driver would have to beat the staged copy's memcpy beside the DMA.
  for (int threads : {1, 2, 4, 8, 16}) {
    double reg_best = 1e9, dma_best = 1e9, rel_best = 1e9, all_best = 1e9;
    for (int rep = 0; rep < 4; ++rep) {
      char* p = fresh(copy_bytes, rep);
      std::vector<cl_mem> parts(threads);
      const size_t per = copy_bytes / threads;
      const auto t0 = clk::now();
      std::vector<std::thread> pool;
      for (int i = 0; i < threads; ++i)
        pool.emplace_back([&, i] { parts[i] = registered(p + i * per, per); });
      for (auto& th : pool) th.join();
      reg_best = std::min(reg_best, ms_since(t0));
      const auto t1 = clk::now();
      clEnqueueWriteBuffer(q, device_buffer, CL_TRUE, 0, copy_bytes, p, 0, nullptr, nullptr);
      dma_best = std::min(dma_best, ms_since(t1));
      const auto t2 = clk::now();
      pool.clear();
      for (int i = 0; i < threads; ++i) pool.emplace_back([&, i] { clReleaseMemObject(parts[i]); });
      for (auto& th : pool) th.join();
      rel_best = std::min(rel_best, ms_since(t2));
      all_best = std::min(all_best, ms_since(t0));
      std::free(p);
    }
    std::printf(
        "one-off, %2d thread(s): register %.2f ms, copy %.2f ms (%.1f GB/s), release %.2f ms, "
        "all %.2f ms (%.1f GB/s)\n",
        threads, reg_best, dma_best, gbps(dma_best), rel_best, all_best, gbps(all_best));
  }
  return 0;
}
