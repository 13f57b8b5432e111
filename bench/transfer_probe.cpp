// Host-memory probe behind issue 17 item 4 (not built by CMake; run on a GPU machine):
//   g++ -O2 -std=c++17 bench/transfer_probe.cpp -o transfer_probe -lOpenCL -lpthread && ./transfer_probe
// memcpy rates (pageable/pinned, 1-16 threads, plain and non-temporal stores), DMA from
// pinned and pageable memory, and memcpy into pinned memory while a DMA runs: what bounds a
// staged copy from pageable memory (lib/memory/transfer.cpp). 64 MiB, best of 7.
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>
#include <sys/mman.h>
#include <immintrin.h>
static void nt_memcpy(char* d, const char* s, size_t n) {
  while (n && ((uintptr_t)d & 15)) { *d++ = *s++; --n; }
  size_t blocks = n / 64;
  for (size_t i = 0; i < blocks; ++i) {
    __m128i a = _mm_loadu_si128((const __m128i*)s), b = _mm_loadu_si128((const __m128i*)(s + 16)),
            c = _mm_loadu_si128((const __m128i*)(s + 32)), e = _mm_loadu_si128((const __m128i*)(s + 48));
    _mm_stream_si128((__m128i*)d, a); _mm_stream_si128((__m128i*)(d + 16), b);
    _mm_stream_si128((__m128i*)(d + 32), c); _mm_stream_si128((__m128i*)(d + 48), e);
    d += 64; s += 64;
  }
  _mm_sfence();
  memcpy(d, s, n % 64);
}
using clk = std::chrono::steady_clock;
static double secs(clk::time_point a, clk::time_point b) { return std::chrono::duration<double>(b - a).count(); }
static bool g_nt = false;
static void cp(char* d, const char* s, size_t n) { if (g_nt) nt_memcpy(d, s, n); else memcpy(d, s, n); }
static void pmemcpy(char* d, const char* s, size_t n, int T) {
  std::vector<std::thread> th; size_t per = (n + T - 1) / T;
  for (int t = 1; t < T; ++t) { size_t a = t * per; if (a >= n) break; size_t m = std::min(per, n - a); th.emplace_back([=] { cp(d + a, s + a, m); }); }
  cp(d, s, std::min(per, n));
  for (auto& x : th) x.join();
}
int main() {
  const size_t N = 64u << 20;
  cl_platform_id plats[8]; cl_uint np; clGetPlatformIDs(8, plats, &np);
  cl_device_id dev = nullptr;
  for (cl_uint i = 0; i < np && !dev; ++i) { cl_uint nd; if (clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_GPU, 1, &dev, &nd) != CL_SUCCESS) dev = nullptr; }
  cl_int e; cl_context ctx = clCreateContext(nullptr, 1, &dev, nullptr, nullptr, &e);
  cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, nullptr, &e);
  cl_command_queue q2 = clCreateCommandQueueWithProperties(ctx, dev, nullptr, &e);
  cl_mem d = clCreateBuffer(ctx, CL_MEM_READ_WRITE, N, nullptr, &e);
  cl_mem d2 = clCreateBuffer(ctx, CL_MEM_READ_WRITE, N, nullptr, &e);
  cl_mem pin = clCreateBuffer(ctx, CL_MEM_ALLOC_HOST_PTR, N, nullptr, &e);
  char* p = (char*)clEnqueueMapBuffer(q, pin, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, N, 0, 0, 0, &e);
  cl_mem pin2 = clCreateBuffer(ctx, CL_MEM_ALLOC_HOST_PTR, N, nullptr, &e);
  char* p2 = (char*)clEnqueueMapBuffer(q, pin2, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, N, 0, 0, 0, &e);
  char* u = (char*)aligned_alloc(4096, N); memset(u, 1, N);
  char* u2 = (char*)aligned_alloc(4096, N); memset(u2, 2, N);
  memset(p, 3, N); memset(p2, 4, N);
  auto best = [&](auto f) { double b = 1e9; for (int r = 0; r < 7; ++r) { auto a = clk::now(); f(); b = std::min(b, secs(a, clk::now())); } return N / b / 1e9; };
  printf("hardware_concurrency %u\n", std::thread::hardware_concurrency());
  for (int nt = 0; nt < 2; ++nt) { g_nt = nt; printf("---- %s\n", nt ? "non-temporal stores" : "memcpy");
  for (int T : {1, 2, 4, 8, 12, 16}) printf("memcpy pageable->pageable T=%2d  %6.1f GB/s\n", T, best([&] { pmemcpy(u2, u, N, T); }));
  for (int T : {1, 2, 4, 8, 12, 16}) printf("memcpy pageable->pinned   T=%2d  %6.1f GB/s\n", T, best([&] { pmemcpy(p, u, N, T); }));
  for (int T : {1, 4, 8, 16}) printf("memcpy pinned->pageable   T=%2d  %6.1f GB/s\n", T, best([&] { pmemcpy(u, p, N, T); }));
  }
  printf("DMA pinned->dev (write)       %6.1f GB/s\n", best([&] { clEnqueueWriteBuffer(q, d, CL_TRUE, 0, N, p, 0, 0, 0); }));
  printf("DMA dev->pinned (read)        %6.1f GB/s\n", best([&] { clEnqueueReadBuffer(q, d, CL_TRUE, 0, N, p, 0, 0, 0); }));
  printf("DMA pageable->dev (write)     %6.1f GB/s\n", best([&] { clEnqueueWriteBuffer(q, d, CL_TRUE, 0, N, u, 0, 0, 0); }));
  printf("DMA dev->pageable (read)      %6.1f GB/s\n", best([&] { clEnqueueReadBuffer(q, d, CL_TRUE, 0, N, u, 0, 0, 0); }));
  for (int nt = 0; nt < 2; ++nt) for (int T : {8, 12, 16}) { g_nt = nt;
    double dm = 0, mc = 0;
    for (int r = 0; r < 5; ++r) {
      auto a = clk::now();
      cl_event ev; clEnqueueWriteBuffer(q, d, CL_FALSE, 0, N, p2, 0, 0, &ev); clFlush(q);
      auto b = clk::now(); pmemcpy(p, u, N, T); auto c = clk::now();
      clWaitForEvents(1, &ev); auto f = clk::now(); clReleaseEvent(ev);
      mc = std::max(mc, N / secs(b, c) / 1e9); dm = std::max(dm, N / secs(a, f) / 1e9);
    }
    printf("%s concurrent: memcpy->pinned T=%2d %6.1f GB/s while DMA write %6.1f GB/s (DMA end incl. memcpy overlap)\n", nt ? "NT" : "  ", T, mc, dm);
  }
  // zero-copy: the user's memory as a USE_HOST_PTR buffer
  {
    auto a = clk::now();
    cl_mem uh = clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR | CL_MEM_READ_ONLY, N, u, &e);
    auto b = clk::now();
    clEnqueueCopyBuffer(q, uh, d, 0, 0, N, 0, 0, 0); clFinish(q);
    auto c = clk::now();
    printf("USE_HOST_PTR create %.3f ms, first copy %.1f GB/s (err %d)\n", secs(a, b) * 1e3, N / secs(b, c) / 1e9, e);
    printf("USE_HOST_PTR copy again %6.1f GB/s\n", best([&] { memset(u, 5, 4096); clEnqueueCopyBuffer(q, uh, d, 0, 0, N, 0, 0, 0); clFinish(q); }));
    clReleaseMemObject(uh);
  }
  // mlock: does locking pageable help the driver's pageable path?
  { auto a = clk::now(); int r = mlock(u, N); auto b = clk::now();
    printf("mlock %d in %.3f ms; DMA write from mlocked %6.1f GB/s\n", r, secs(a, b) * 1e3, best([&] { clEnqueueWriteBuffer(q, d, CL_TRUE, 0, N, u, 0, 0, 0); })); munlock(u, N); }
  (void)q2; (void)d2;
  return 0;
}
