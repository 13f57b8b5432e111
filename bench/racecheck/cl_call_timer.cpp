// An LD_PRELOAD library that times the OpenCL calls a process makes (not a test):
// per entry point, the calls and the wall time spent in them, printed to stderr
// at exit. With a timed loop of launches it splits the launch's host cost into
// the driver's calls and the caller's own code (docs/performance.md, "The GPU path: what the
// checks cost"). Only the entry points below are timed; others pass through.
// Also printed: the caller's own time between two timed calls of one thread, per
// pair of calls ("gap A -> B"), the largest first. With CL_CALL_TIMER_PROFILE=1
// every queue is made with profiling on, and for kernels, reads and fills the
// device's times are printed: queued to start, start to end, and the end of the
// command before on its queue to this one's start (the device's idle gap).
//
//   g++ -O2 -shared -fPIC -o libcl_call_timer.so bench/racecheck/cl_call_timer.cpp -ldl
//   LD_PRELOAD=$PWD/libcl_call_timer.so ampcl-racecheck ... 2>timings.txt
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <dlfcn.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <vector>

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
std::array<std::array<tally, call_count>, call_count> gaps;  // [before][after]

using clock_type = std::chrono::steady_clock;
thread_local int last_call = -1;
thread_local clock_type::time_point last_end;

const bool profiling = [] {
  const char* v = std::getenv("CL_CALL_TIMER_PROFILE");
  return v && *v == '1';
}();

// Commands whose device times are printed, in the order they were enqueued.
struct profiled {
  int which;
  cl_command_queue queue;
  cl_event event;
};
std::mutex profiled_mutex;
std::vector<profiled> profiled_commands;

template <typename F>
F* next_of(const char* name) {
  return reinterpret_cast<F*>(dlsym(RTLD_NEXT, name));
}

void print_gaps() {
  struct row {
    unsigned long long nanos, calls;
    int a, b;
  };
  std::vector<row> rows;
  for (int a = 0; a < call_count; ++a)
    for (int b = 0; b < call_count; ++b)
      if (const unsigned long long n = gaps[a][b].calls.load())
        rows.push_back({gaps[a][b].nanos.load(), n, a, b});
  std::sort(rows.begin(), rows.end(), [](const row& x, const row& y) { return x.nanos > y.nanos; });
  for (std::size_t i = 0; i < rows.size() && i < 16; ++i)
    std::fprintf(stderr, "cl-call-timer: gap %s -> %s %llu times %.3f ms %.3f us each\n",
                 names[rows[i].a], names[rows[i].b], rows[i].calls, rows[i].nanos / 1e6,
                 rows[i].nanos / 1e3 / static_cast<double>(rows[i].calls));
}

void print_profile() {
  auto info = next_of<decltype(clGetEventProfilingInfo)>("clGetEventProfilingInfo");
  auto release = next_of<decltype(clReleaseEvent)>("clReleaseEvent");
  struct sums {
    double queued_to_start = 0, run = 0, idle_before = 0;
    unsigned long long n = 0, idle_n = 0;
  };
  std::array<sums, call_count> by_call;
  std::vector<std::pair<cl_command_queue, cl_ulong>> last_end_of_queue;
  for (const profiled& p : profiled_commands) {
    cl_ulong queued = 0, start = 0, end = 0;
    if (info(p.event, CL_PROFILING_COMMAND_QUEUED, sizeof queued, &queued, nullptr) != CL_SUCCESS ||
        info(p.event, CL_PROFILING_COMMAND_START, sizeof start, &start, nullptr) != CL_SUCCESS ||
        info(p.event, CL_PROFILING_COMMAND_END, sizeof end, &end, nullptr) != CL_SUCCESS) {
      release(p.event);
      continue;
    }
    sums& s = by_call[p.which];
    s.queued_to_start += static_cast<double>(start - queued);
    s.run += static_cast<double>(end - start);
    ++s.n;
    auto q = std::find_if(last_end_of_queue.begin(), last_end_of_queue.end(),
                          [&](const auto& e) { return e.first == p.queue; });
    if (q == last_end_of_queue.end()) {
      last_end_of_queue.emplace_back(p.queue, end);
    } else {
      if (start > q->second) s.idle_before += static_cast<double>(start - q->second), ++s.idle_n;
      q->second = end;
    }
    release(p.event);
  }
  for (int i = 0; i < call_count; ++i)
    if (const sums& s = by_call[i]; s.n)
      std::fprintf(stderr,
                   "cl-call-timer: device %-22s %8llu commands: queued->start %.3f us, "
                   "start->end %.3f us, device idle before it %.3f us\n",
                   names[i], s.n, s.queued_to_start / 1e3 / s.n, s.run / 1e3 / s.n,
                   s.idle_n ? s.idle_before / 1e3 / s.idle_n : 0.0);
}

struct printer {
  ~printer() {
    for (int i = 0; i < call_count; ++i) {
      const unsigned long long n = tallies[i].calls.load();
      if (!n) continue;
      std::fprintf(stderr, "cl-call-timer: %-28s %10llu calls %12.3f ms %9.3f us/call\n", names[i],
                   n, tallies[i].nanos.load() / 1e6,
                   tallies[i].nanos.load() / 1e3 / static_cast<double>(n));
    }
    print_gaps();
    if (profiling) print_profile();
  }
} print_at_exit;

// Calls the next definition of `name` (the ICD loader's), timing it.
template <typename F, typename... A>
auto timed(int which, const char* name, A... args) {
  static F* next = next_of<F>(name);
  const auto start = clock_type::now();
  auto result = next(args...);
  const auto end = clock_type::now();
  const auto nanos = [](clock_type::duration d) {
    return static_cast<unsigned long long>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(d).count());
  };
  tallies[which].calls.fetch_add(1, std::memory_order_relaxed);
  tallies[which].nanos.fetch_add(nanos(end - start), std::memory_order_relaxed);
  if (last_call >= 0) {
    gaps[last_call][which].calls.fetch_add(1, std::memory_order_relaxed);
    gaps[last_call][which].nanos.fetch_add(nanos(start - last_end), std::memory_order_relaxed);
  }
  last_call = which;
  last_end = end;
  return result;
}

// A command enqueued with an event of the caller's or of ours (where the caller
// asked for none), kept until exit for its profiling times.
template <typename F, typename... A>
cl_int enqueued(int which, const char* name, cl_command_queue q, cl_event* e, A... args) {
  if (!profiling) return timed<F>(which, name, q, args..., e);
  cl_event own = nullptr;
  cl_event* use = e ? e : &own;
  const cl_int err = timed<F>(which, name, q, args..., use);
  if (err == CL_SUCCESS && *use) {
    if (e) next_of<decltype(clRetainEvent)>("clRetainEvent")(*e);
    const std::lock_guard<std::mutex> lock(profiled_mutex);
    profiled_commands.push_back({which, q, *use});
  }
  return err;
}

}  // namespace

#define AMPCL_FORWARD(name, ret, params, args)           \
  extern "C" CL_API_ENTRY ret CL_API_CALL name params {  \
    return timed<decltype(name)>(k_##name, #name, args); \
  }
#define AMPCL_ARGS(...) __VA_ARGS__

#define AMPCL_ENQUEUED(name, params, args)                        \
  extern "C" CL_API_ENTRY cl_int CL_API_CALL name params {        \
    return enqueued<decltype(name)>(k_##name, #name, q, e, args); \
  }

AMPCL_ENQUEUED(clEnqueueNDRangeKernel,
               (cl_command_queue q, cl_kernel k, cl_uint d, const size_t* o, const size_t* g,
                const size_t* l, cl_uint n, const cl_event* w, cl_event* e),
               AMPCL_ARGS(k, d, o, g, l, n, w))
AMPCL_FORWARD(clSetKernelArg, cl_int, (cl_kernel k, cl_uint i, size_t s, const void* v),
              AMPCL_ARGS(k, i, s, v))
AMPCL_ENQUEUED(clEnqueueFillBuffer,
               (cl_command_queue q, cl_mem b, const void* p, size_t ps, size_t o, size_t s,
                cl_uint n, const cl_event* w, cl_event* e),
               AMPCL_ARGS(b, p, ps, o, s, n, w))
AMPCL_ENQUEUED(clEnqueueReadBuffer,
               (cl_command_queue q, cl_mem b, cl_bool bl, size_t o, size_t s, void* p, cl_uint n,
                const cl_event* w, cl_event* e),
               AMPCL_ARGS(b, bl, o, s, p, n, w))
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

// A program's load and its kernel's creation (the first launch's own calls).
AMPCL_FORWARD(clCreateProgramWithBinary, cl_program,
              (cl_context c, cl_uint n, const cl_device_id* d, const size_t* l,
               const unsigned char** b, cl_int* s, cl_int* e),
              AMPCL_ARGS(c, n, d, l, b, s, e))
AMPCL_FORWARD(clBuildProgram, cl_int,
              (cl_program p, cl_uint n, const cl_device_id* d, const char* o,
               void(CL_CALLBACK* f)(cl_program, void*), void* u),
              AMPCL_ARGS(p, n, d, o, f, u))
AMPCL_FORWARD(clGetProgramInfo, cl_int,
              (cl_program p, cl_program_info i, size_t s, void* v, size_t* r),
              AMPCL_ARGS(p, i, s, v, r))
AMPCL_FORWARD(clGetProgramBuildInfo, cl_int,
              (cl_program p, cl_device_id d, cl_program_build_info i, size_t s, void* v, size_t* r),
              AMPCL_ARGS(p, d, i, s, v, r))
AMPCL_FORWARD(clCreateKernel, cl_kernel, (cl_program p, const char* n, cl_int* e),
              AMPCL_ARGS(p, n, e))
AMPCL_FORWARD(clGetKernelArgInfo, cl_int,
              (cl_kernel k, cl_uint a, cl_kernel_arg_info i, size_t s, void* v, size_t* r),
              AMPCL_ARGS(k, a, i, s, v, r))

// With CL_CALL_TIMER_PROFILE=1 every queue profiles its commands.
extern "C" CL_API_ENTRY cl_command_queue CL_API_CALL
clCreateCommandQueue(cl_context c, cl_device_id d, cl_command_queue_properties p, cl_int* e) {
  static auto* next = next_of<decltype(clCreateCommandQueue)>("clCreateCommandQueue");
  return next(c, d, profiling ? p | CL_QUEUE_PROFILING_ENABLE : p, e);
}
