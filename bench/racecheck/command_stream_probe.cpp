// What the debug mode's command stream costs per launch on a driver (not a test):
// the shadow's fills, the kernel, the records' header read and the waits, in raw
// OpenCL, each sequence timed over 1000 launches after 50 warm-up ones, twice.
//   g++ -O2 -o command_stream_probe bench/racecheck/command_stream_probe.cpp -lOpenCL -lpthread
//   ./command_stream_probe [WORK_ITEMS [TILE]]  (default 65536, the driver's tile; the
//   first device found)
// Also: the header read on a queue of its own, behind the kernel's event, so that
// the program's own wait (clFinish on its queue) does not wait for the read.
// Also: whether a kernel's stores to a mapped CL_MEM_ALLOC_HOST_PTR buffer reach the
// host's mapping without a read (zero-copy), and what such a launch costs.
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
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
      "(a[0] < 0) rec[1] = 1; }\n"
      "__kernel void kz(__global float* a, __global uint* hdr, uint launch) {\n"
      "  a[get_global_id(0)] += 1.0f; if (get_global_id(0) == 0) hdr[0] = launch; }";
  cl_program p = clCreateProgramWithSource(ctx, 1, &src, nullptr, &err);
  CK(err);
  CK(clBuildProgram(p, 1, &dev, "", nullptr, nullptr));
  cl_kernel k = clCreateKernel(p, "k", &err);
  CK(err);
  cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * 4, nullptr, &err);
  CK(err);
  // The shadow's buffers at 1M work-items: __global shadow, exit records, records.
  const size_t gs_bytes = 1 << 20, items_bytes = 512 << 10, rec_bytes = 64 << 10;
  const size_t all_bytes = gs_bytes + items_bytes + (4 << 10);  // one buffer, one fill
  cl_mem gs = clCreateBuffer(ctx, CL_MEM_READ_WRITE, gs_bytes, nullptr, &err);
  cl_mem items = clCreateBuffer(ctx, CL_MEM_READ_WRITE, items_bytes, nullptr, &err);
  cl_mem rec = clCreateBuffer(ctx, CL_MEM_READ_WRITE, rec_bytes, nullptr, &err);
  cl_mem all = clCreateBuffer(ctx, CL_MEM_READ_WRITE, all_bytes, nullptr, &err);
  CK(clSetKernelArg(k, 0, sizeof a, &a));
  CK(clSetKernelArg(k, 1, sizeof rec, &rec));
  size_t g = n;
  const size_t tile = argc > 2 ? atol(argv[2]) : 0;
  const size_t* local = tile ? &tile : nullptr;
  uint32_t head_pageable[3];
  uint32_t* head = head_pageable;
  // A pinned destination for the header: a mapped CL_MEM_ALLOC_HOST_PTR buffer.
  cl_mem pinned =
      clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, 4096, nullptr, &err);
  CK(err);
  auto* head_pinned = static_cast<uint32_t*>(clEnqueueMapBuffer(
      q, pinned, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, 4096, 0, nullptr, nullptr, &err));
  CK(err);
  // The commands, one helper each.
  auto fill = [&](cl_mem m, size_t bytes) {
    const cl_uint zero = 0;
    CK(clEnqueueFillBuffer(q, m, &zero, 4, 0, bytes, 0, nullptr, nullptr));
  };
  auto fill3 = [&] {
    fill(gs, gs_bytes);
    fill(items, items_bytes);
    fill(rec, 4096);
  };
  auto kernel = [&](cl_event* done) {
    CK(clEnqueueNDRangeKernel(q, k, 1, nullptr, &g, local, 0, nullptr, done));
  };
  auto read_header = [&](cl_event after, cl_event* done) {
    CK(clEnqueueReadBuffer(q, rec, CL_FALSE, 0, 12, head, 1, &after, done));
  };
  auto poll = [](cl_event e) {  // as the checker waits: status polls, yielding
    cl_int s = CL_QUEUED;
    do {
      clGetEventInfo(e, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof s, &s, nullptr);
      if (s > 0) std::this_thread::yield();
    } while (s > 0);
  };
  // kernel, header read, flush; then wait as the checker does (poll the kernel and
  // wait for the read) or on the read alone
  auto kernel_read_wait = [&](bool poll_kernel_first) {
    cl_event e, r;
    kernel(&e);
    read_header(e, &r);
    clFlush(q);
    if (poll_kernel_first) {
      poll(e);
      clWaitForEvents(1, &r);
    } else {
      poll(r);
    }
    clReleaseEvent(e);
    clReleaseEvent(r);
  };
  // Zero-copy: kz writes the launch's number into a mapped ALLOC_HOST_PTR buffer;
  // after the kernel's event completes the host reads it from the mapping.
  cl_kernel kz = clCreateKernel(p, "kz", &err);
  CK(err);
  cl_mem zc = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, 4096, nullptr, &err);
  CK(err);
  auto* zc_host = static_cast<volatile uint32_t*>(clEnqueueMapBuffer(
      q, zc, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, 4096, 0, nullptr, nullptr, &err));
  CK(err);
  CK(clSetKernelArg(kz, 0, sizeof a, &a));
  CK(clSetKernelArg(kz, 1, sizeof zc, &zc));
  cl_uint zc_launch = 0;
  unsigned long zc_seen = 0, zc_missed = 0;
  auto kernel_zero_copy = [&] {
    ++zc_launch;
    CK(clSetKernelArg(kz, 2, sizeof zc_launch, &zc_launch));
    cl_event e;
    CK(clEnqueueNDRangeKernel(q, kz, 1, nullptr, &g, local, 0, nullptr, &e));
    clFlush(q);
    poll(e);
    clReleaseEvent(e);
    (zc_host[0] == zc_launch ? zc_seen : zc_missed)++;
  };
  // The header read on a second queue, behind the kernel's event: the program's
  // clFinish waits for the kernel only; the checker then waits for the read.
  cl_command_queue q2 = clCreateCommandQueueWithProperties(ctx, dev, nullptr, &err);
  CK(err);
  auto kernel_finish_read = [&](cl_command_queue read_queue) {
    cl_event e, r;
    kernel(&e);
    CK(clEnqueueReadBuffer(read_queue, rec, CL_FALSE, 0, 12, head, 1, &e, &r));
    clFlush(q);
    if (read_queue != q) clFlush(read_queue);
    clFinish(q);  // the program's own wait
    poll(r);      // the checker's, at the next launch
    clReleaseEvent(e);
    clReleaseEvent(r);
  };
  // As the checker could: the program waits for the kernel (clFinish), the header
  // read of a launch is waited for at the next launch (by then it has landed).
  cl_event previous_read = nullptr;
  auto kernel_finish_read_later = [&] {
    cl_event e, r;
    kernel(&e);
    CK(clEnqueueReadBuffer(q2, rec, CL_FALSE, 0, 12, head_pinned, 1, &e, &r));
    clFlush(q);
    clFlush(q2);
    clFinish(q);
    if (previous_read) {
      poll(previous_read);
      clReleaseEvent(previous_read);
    }
    previous_read = r;
    clReleaseEvent(e);
  };
  std::vector<std::pair<std::string, std::function<void()>>> seqs = {
      {"kz(ev) writing a mapped ALLOC_HOST_PTR word; flush; poll; read the mapping",
       kernel_zero_copy},
      {"kernel; clFinish",
       [&] {
         kernel(nullptr);
         clFinish(q);
       }},
      {"kernel(ev); flush; poll",
       [&] {
         cl_event e;
         kernel(&e);
         clFlush(q);
         poll(e);
         clReleaseEvent(e);
       }},
      {"fill rec 4 KiB; kernel; clFinish",
       [&] {
         fill(rec, 4096);
         kernel(nullptr);
         clFinish(q);
       }},
      {"fill x3; kernel; clFinish",
       [&] {
         fill3();
         kernel(nullptr);
         clFinish(q);
       }},
      {"fill x1 (all); kernel; clFinish",
       [&] {
         fill(all, all_bytes);
         kernel(nullptr);
         clFinish(q);
       }},
      {"kernel(ev); read hdr nb(ev); flush; poll kernel; wait read",
       [&] { kernel_read_wait(true); }},
      {"kernel(ev); read hdr nb(ev); flush; poll read", [&] { kernel_read_wait(false); }},
      {"fill x3; kernel(ev); read nb; flush; poll kernel; wait read (as now)",
       [&] {
         fill3();
         kernel_read_wait(true);
       }},
      {"fill x2 (no rec); kernel(ev); read nb; flush; poll read",
       [&] {
         fill(gs, gs_bytes);
         fill(items, items_bytes);
         kernel_read_wait(false);
       }},
      {"fill x1 (all); kernel(ev); read nb; flush; poll read",
       [&] {
         fill(all, all_bytes);
         kernel_read_wait(false);
       }},
      {"kernel(ev); read hdr nb(ev) into pinned memory; flush; poll read",
       [&] {
         head = head_pinned;
         kernel_read_wait(false);
         head = head_pageable;
       }},
      {"fill x1 (all); kernel(ev); read nb into pinned memory; flush; poll read",
       [&] {
         head = head_pinned;
         fill(all, all_bytes);
         kernel_read_wait(false);
         head = head_pageable;
       }},
      {"kernel(ev); read hdr nb(ev) into pinned; flush; clFinish; poll read",
       [&] {
         head = head_pinned;
         kernel_finish_read(q);
         head = head_pageable;
       }},
      {"kernel(ev); read hdr nb(ev) into pinned on queue 2; flush both; clFinish; poll read",
       [&] {
         head = head_pinned;
         kernel_finish_read(q2);
         head = head_pageable;
       }},
      {"kernel(ev); read hdr nb(ev) into pinned on queue 2; flush both; clFinish; poll the "
       "launch before's read",
       kernel_finish_read_later},
      {"write hdr 12B nb; kernel; read nb; poll read",
       [&] {
         static const uint32_t z[3] = {0, 0, 0};
         CK(clEnqueueWriteBuffer(q, rec, CL_FALSE, 0, 12, z, 0, nullptr, nullptr));
         kernel_read_wait(false);
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
  std::printf("zero-copy: the host saw the kernel's store after its event in %lu of %lu launches\n",
              zc_seen, zc_seen + zc_missed);
}
