// An LD_PRELOAD library that times the OpenCL calls a process makes (not a test):
// per entry point, the calls and the wall time spent in them, printed to stderr
// at exit. With a timed loop of launches it splits the launch's host cost into
// the driver's calls and the caller's own code (docs/architecture.md, "What the
// GPU path costs"). Only the entry points below are timed; others pass through.
//
//   g++ -O2 -shared -fPIC -o libcl_call_timer.so bench/racecheck/cl_call_timer.cpp -ldl
//   LD_PRELOAD=$PWD/libcl_call_timer.so ampcl-racecheck ... 2>timings.txt
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <dlfcn.h>

#include <array>
#include <atomic>
#include <chrono>
#include <cstdio>

namespace {

enum call : int {
#define AMPCL_TIMED(name) k_##name,
#include "cl_call_timer.def"
#undef AMPCL_TIMED
  call_count
};
constexpr const char* names[] = {
#define AMPCL_TIMED(name) #name,
#include "cl_call_timer.def"
#undef AMPCL_TIMED
};

struct tally {
  std::atomic<unsigned long long> calls{0}, nanos{0};
};
std::array<tally, call_count> tallies;

struct printer {
  ~printer() {
    for (int i = 0; i < call_count; ++i) {
      const unsigned long long n = tallies[i].calls.load();
      if (!n) continue;
      std::fprintf(stderr, "cl-call-timer: %-28s %10llu calls %12.3f ms %9.3f us/call\n", names[i],
                   n, tallies[i].nanos.load() / 1e6,
                   tallies[i].nanos.load() / 1e3 / static_cast<double>(n));
    }
  }
} print_at_exit;

// Calls the next definition of `name` (the ICD loader's), timing it.
template <typename F, typename... A>
auto timed(int which, const char* name, A... args) {
  static F* next = reinterpret_cast<F*>(dlsym(RTLD_NEXT, name));
  const auto start = std::chrono::steady_clock::now();
  auto result = next(args...);
  const auto took = std::chrono::steady_clock::now() - start;
  tallies[which].calls.fetch_add(1, std::memory_order_relaxed);
  tallies[which].nanos.fetch_add(std::chrono::duration_cast<std::chrono::nanoseconds>(took).count(),
                                 std::memory_order_relaxed);
  return result;
}

}  // namespace

#define AMPCL_FORWARD(name, ret, params, args)           \
  extern "C" CL_API_ENTRY ret CL_API_CALL name params {  \
    return timed<decltype(name)>(k_##name, #name, args); \
  }
#define AMPCL_ARGS(...) __VA_ARGS__

AMPCL_FORWARD(clEnqueueNDRangeKernel, cl_int,
              (cl_command_queue q, cl_kernel k, cl_uint d, const size_t* o, const size_t* g,
               const size_t* l, cl_uint n, const cl_event* w, cl_event* e),
              AMPCL_ARGS(q, k, d, o, g, l, n, w, e))
AMPCL_FORWARD(clSetKernelArg, cl_int, (cl_kernel k, cl_uint i, size_t s, const void* v),
              AMPCL_ARGS(k, i, s, v))
AMPCL_FORWARD(clEnqueueFillBuffer, cl_int,
              (cl_command_queue q, cl_mem b, const void* p, size_t ps, size_t o, size_t s,
               cl_uint n, const cl_event* w, cl_event* e),
              AMPCL_ARGS(q, b, p, ps, o, s, n, w, e))
AMPCL_FORWARD(clEnqueueReadBuffer, cl_int,
              (cl_command_queue q, cl_mem b, cl_bool bl, size_t o, size_t s, void* p, cl_uint n,
               const cl_event* w, cl_event* e),
              AMPCL_ARGS(q, b, bl, o, s, p, n, w, e))
AMPCL_FORWARD(clEnqueueWriteBuffer, cl_int,
              (cl_command_queue q, cl_mem b, cl_bool bl, size_t o, size_t s, const void* p,
               cl_uint n, const cl_event* w, cl_event* e),
              AMPCL_ARGS(q, b, bl, o, s, p, n, w, e))
AMPCL_FORWARD(clFlush, cl_int, (cl_command_queue q), AMPCL_ARGS(q))
AMPCL_FORWARD(clFinish, cl_int, (cl_command_queue q), AMPCL_ARGS(q))
AMPCL_FORWARD(clWaitForEvents, cl_int, (cl_uint n, const cl_event* e), AMPCL_ARGS(n, e))
AMPCL_FORWARD(clGetEventInfo, cl_int, (cl_event e, cl_event_info i, size_t s, void* v, size_t* r),
              AMPCL_ARGS(e, i, s, v, r))
AMPCL_FORWARD(clRetainEvent, cl_int, (cl_event e), AMPCL_ARGS(e))
AMPCL_FORWARD(clReleaseEvent, cl_int, (cl_event e), AMPCL_ARGS(e))
AMPCL_FORWARD(clSetEventCallback, cl_int,
              (cl_event e, cl_int t, void(CL_CALLBACK* f)(cl_event, cl_int, void*), void* u),
              AMPCL_ARGS(e, t, f, u))
AMPCL_FORWARD(clGetCommandQueueInfo, cl_int,
              (cl_command_queue q, cl_command_queue_info i, size_t s, void* v, size_t* r),
              AMPCL_ARGS(q, i, s, v, r))
AMPCL_FORWARD(clGetDeviceInfo, cl_int,
              (cl_device_id d, cl_device_info i, size_t s, void* v, size_t* r),
              AMPCL_ARGS(d, i, s, v, r))
AMPCL_FORWARD(clRetainCommandQueue, cl_int, (cl_command_queue q), AMPCL_ARGS(q))
AMPCL_FORWARD(clReleaseCommandQueue, cl_int, (cl_command_queue q), AMPCL_ARGS(q))
AMPCL_FORWARD(clGetKernelWorkGroupInfo, cl_int,
              (cl_kernel k, cl_device_id d, cl_kernel_work_group_info i, size_t s, void* v,
               size_t* r),
              AMPCL_ARGS(k, d, i, s, v, r))
