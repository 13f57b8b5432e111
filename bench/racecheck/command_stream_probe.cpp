// What the debug mode's command stream costs per launch on a driver (not a test):
// the shadow's fills, the kernel, the records' header read and the waits, in raw
// OpenCL, each sequence timed over 1000 launches after 50 warm-up ones, twice.
//   g++ -O2 -o command_stream_probe bench/racecheck/command_stream_probe.cpp -lOpenCL -lpthread
//   ./command_stream_probe [WORK_ITEMS]    (default 65536; the first device found)
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <thread>
#include <vector>
#define CK(x)                            \
  do {                                   \
    cl_int e_ = (x);                     \
    if (e_) {                            \
      std::printf("%s -> %d\n", #x, e_); \
      std::exit(1);                      \
    }                                    \
  } while (0)
int main(int argc, char** argv) {
  const size_t n = argc > 1 ? atol(argv[1]) : 65536;
  cl_platform_id plats[8];
  cl_uint np = 0;
  CK(clGetPlatformIDs(8, plats, &np));
  cl_device_id dev = nullptr;
  for (cl_uint i = 0; i < np && !dev; ++i)
    clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_ALL, 1, &dev, nullptr);
  char name[256];
  clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof name, name, nullptr);
  std::printf("device %s, %zu items\n", name, n);
  cl_int err;
  cl_context ctx = clCreateContext(nullptr, 1, &dev, nullptr, nullptr, &err);
  CK(err);
  cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, nullptr, &err);
  CK(err);
  const char* src =
      "__kernel void k(__global float* a, __global uint* rec) { a[get_global_id(0)] += 1.0f; if "
      "(a[0] < 0) rec[1] = 1; }";
  cl_program p = clCreateProgramWithSource(ctx, 1, &src, nullptr, &err);
  CK(err);
  CK(clBuildProgram(p, 1, &dev, "", nullptr, nullptr));
  cl_kernel k = clCreateKernel(p, "k", &err);
  CK(err);
  cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * 4, nullptr, &err);
  CK(err);
  cl_mem gs = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 1 << 20, nullptr, &err);
  cl_mem items = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 512 << 10, nullptr, &err);
  cl_mem rec = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 64 << 10, nullptr, &err);
  cl_mem big =
      clCreateBuffer(ctx, CL_MEM_READ_WRITE, (1 << 20) + (512 << 10) + (4 << 10), nullptr, &err);
  CK(clSetKernelArg(k, 0, sizeof a, &a));
  CK(clSetKernelArg(k, 1, sizeof rec, &rec));
  const cl_uint zero = 0;
  size_t g = n;
  uint32_t head[3];
  auto poll = [](cl_event e) {
    cl_int s = CL_QUEUED;
    do {
      clGetEventInfo(e, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof s, &s, nullptr);
      if (s > 0) std::this_thread::yield();
    } while (s > 0);
  };
  std::vector<std::pair<std::string, std::function<void()>>> seqs = {
      {"kernel; clFinish",
       [&] {
         CK(clEnqueueNDRangeKernel(q, k, 1, nullptr, &g, nullptr, 0, nullptr, nullptr));
         clFinish(q);
       }},
      {"kernel(ev); flush; poll",
       [&] {
         cl_event e;
         CK(clEnqueueNDRangeKernel(q, k, 1, nullptr, &g, nullptr, 0, nullptr, &e));
         clFlush(q);
         poll(e);
         clReleaseEvent(e);
       }},
      {"fill rec 12B; kernel; clFinish",
       [&] {
         CK(clEnqueueFillBuffer(q, rec, &zero, 4, 0, 4096, 0, nullptr, nullptr));
         CK(clEnqueueNDRangeKernel(q, k, 1, nullptr, &g, nullptr, 0, nullptr, nullptr));
         clFinish(q);
       }},
      {"fill x3; kernel; clFinish",
       [&] {
         CK(clEnqueueFillBuffer(q, gs, &zero, 4, 0, 1 << 20, 0, nullptr, nullptr));
         CK(clEnqueueFillBuffer(q, items, &zero, 4, 0, 512 << 10, 0, nullptr, nullptr));
         CK(clEnqueueFillBuffer(q, rec, &zero, 4, 0, 4096, 0, nullptr, nullptr));
         CK(clEnqueueNDRangeKernel(q, k, 1, nullptr, &g, nullptr, 0, nullptr, nullptr));
         clFinish(q);
       }},
      {"fill x1 (all); kernel; clFinish",
       [&] {
         CK(clEnqueueFillBuffer(q, big, &zero, 4, 0, (1 << 20) + (512 << 10) + (4 << 10), 0,
                                nullptr, nullptr));
         CK(clEnqueueNDRangeKernel(q, k, 1, nullptr, &g, nullptr, 0, nullptr, nullptr));
         clFinish(q);
       }},
      {"kernel(ev); read hdr nb(ev); flush; poll kernel; wait read",
       [&] {
         cl_event e, r;
         CK(clEnqueueNDRangeKernel(q, k, 1, nullptr, &g, nullptr, 0, nullptr, &e));
         CK(clEnqueueReadBuffer(q, rec, CL_FALSE, 0, 12, head, 1, &e, &r));
         clFlush(q);
         poll(e);
         clWaitForEvents(1, &r);
         clReleaseEvent(e);
         clReleaseEvent(r);
       }},
      {"kernel(ev); read hdr nb(ev); flush; poll read",
       [&] {
         cl_event e, r;
         CK(clEnqueueNDRangeKernel(q, k, 1, nullptr, &g, nullptr, 0, nullptr, &e));
         CK(clEnqueueReadBuffer(q, rec, CL_FALSE, 0, 12, head, 1, &e, &r));
         clFlush(q);
         poll(r);
         clReleaseEvent(e);
         clReleaseEvent(r);
       }},
      {"fill x3; kernel(ev); read nb; flush; poll kernel; wait read (as now)",
       [&] {
         cl_event e, r;
         CK(clEnqueueFillBuffer(q, gs, &zero, 4, 0, 1 << 20, 0, nullptr, nullptr));
         CK(clEnqueueFillBuffer(q, items, &zero, 4, 0, 512 << 10, 0, nullptr, nullptr));
         CK(clEnqueueFillBuffer(q, rec, &zero, 4, 0, 4096, 0, nullptr, nullptr));
         CK(clEnqueueNDRangeKernel(q, k, 1, nullptr, &g, nullptr, 0, nullptr, &e));
         CK(clEnqueueReadBuffer(q, rec, CL_FALSE, 0, 12, head, 1, &e, &r));
         clFlush(q);
         poll(e);
         clWaitForEvents(1, &r);
         clReleaseEvent(e);
         clReleaseEvent(r);
       }},
      {"fill x2 (no rec); kernel(ev); read nb; flush; poll read",
       [&] {
         cl_event e, r;
         CK(clEnqueueFillBuffer(q, gs, &zero, 4, 0, 1 << 20, 0, nullptr, nullptr));
         CK(clEnqueueFillBuffer(q, items, &zero, 4, 0, 512 << 10, 0, nullptr, nullptr));
         CK(clEnqueueNDRangeKernel(q, k, 1, nullptr, &g, nullptr, 0, nullptr, &e));
         CK(clEnqueueReadBuffer(q, rec, CL_FALSE, 0, 12, head, 1, &e, &r));
         clFlush(q);
         poll(r);
         clReleaseEvent(e);
         clReleaseEvent(r);
       }},
      {"fill x1 (all); kernel(ev); read nb; flush; poll read",
       [&] {
         cl_event e, r;
         CK(clEnqueueFillBuffer(q, big, &zero, 4, 0, (1 << 20) + (512 << 10) + (4 << 10), 0,
                                nullptr, nullptr));
         CK(clEnqueueNDRangeKernel(q, k, 1, nullptr, &g, nullptr, 0, nullptr, &e));
         CK(clEnqueueReadBuffer(q, rec, CL_FALSE, 0, 12, head, 1, &e, &r));
         clFlush(q);
         poll(r);
         clReleaseEvent(e);
         clReleaseEvent(r);
       }},
      {"write hdr 12B nb; kernel; read nb; poll read",
       [&] {
         cl_event e, r;
         static uint32_t z[3] = {0, 0, 0};
         CK(clEnqueueWriteBuffer(q, rec, CL_FALSE, 0, 12, z, 0, nullptr, nullptr));
         CK(clEnqueueNDRangeKernel(q, k, 1, nullptr, &g, nullptr, 0, nullptr, &e));
         CK(clEnqueueReadBuffer(q, rec, CL_FALSE, 0, 12, head, 1, &e, &r));
         clFlush(q);
         poll(r);
         clReleaseEvent(e);
         clReleaseEvent(r);
       }},
  };
  for (int round = 0; round < 2; ++round)
    for (auto& [label, f] : seqs) {
      for (int i = 0; i < 50; ++i) f();
      const int reps = 1000;
      auto t0 = std::chrono::steady_clock::now();
      for (int i = 0; i < reps; ++i) f();
      double us =
          std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() /
          reps;
      std::printf("%8.1f us  %s\n", us, label.c_str());
    }
}
