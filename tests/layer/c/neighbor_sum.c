/* A plain C OpenCL program (no ampcl): each work-item adds its neighbour's
 * value through __local memory. `neighbor_sum racy` leaves out the barrier
 * between the writes and the neighbour's read (a read-after-write race the
 * checker must report at the marked line); `neighbor_sum fixed` has it.
 * `neighbor_sum line` is the racy kernel under a #line directive, as a program
 * that reads its kernels from files may pass them: the report must name that
 * file and line (the racy read is kernels/neighbor.cl:44). `neighbor_sum queued`
 * runs the fixed kernel 16 times behind a user event it sets only after the last
 * enqueue: the layer's cap on queued launches' shadow must give up waiting for
 * the gated launch, not hang, and every launch is checked once the gate opens
 * (`queued-racy`: the racy kernel so, reported). */
#include <string.h>

#include "cl_check.h"

static const char* racy_source =
    "__kernel void neighbor_sum(__global const int* in, __global int* out,\n"
    "                           __local int* tile) {\n"
    "  int l = get_local_id(0), n = get_local_size(0);\n"
    "  tile[l] = in[get_global_id(0)];\n"
    "  out[get_global_id(0)] = tile[l] + tile[(l + 1) % n]; /* racy read */\n"
    "}\n";

static const char* line_source =
    "#line 40 \"kernels/neighbor.cl\"\n"
    "__kernel void neighbor_sum(__global const int* in, __global int* out,\n"
    "                           __local int* tile) {\n"
    "  int l = get_local_id(0), n = get_local_size(0);\n"
    "  tile[l] = in[get_global_id(0)];\n"
    "  out[get_global_id(0)] = tile[l] + tile[(l + 1) % n];\n"
    "}\n";

static const char* fixed_source =
    "__kernel void neighbor_sum(__global const int* in, __global int* out,\n"
    "                           __local int* tile) {\n"
    "  int l = get_local_id(0), n = get_local_size(0);\n"
    "  tile[l] = in[get_global_id(0)];\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  out[get_global_id(0)] = tile[l] + tile[(l + 1) % n];\n"
    "}\n";

enum { N = 256, GROUP = 64 };

int main(int argc, char** argv) {
  if (argc != 2 ||
      (strcmp(argv[1], "racy") && strcmp(argv[1], "fixed") && strcmp(argv[1], "line") &&
       strcmp(argv[1], "queued") && strcmp(argv[1], "queued-racy"))) {
    fprintf(stderr, "usage: %s racy|fixed|line|queued|queued-racy\n", argv[0]);
    return 2;
  }
  const int queued = strncmp(argv[1], "queued", 6) == 0;
  const char* source = strcmp(argv[1], "racy") == 0 || strcmp(argv[1], "queued-racy") == 0
                           ? racy_source
                       : strcmp(argv[1], "line") == 0 ? line_source
                                                      : fixed_source;
  cl_device_id device;
  cl_int err;
  cl_context context = first_device(&device);
  cl_command_queue queue = clCreateCommandQueue(context, device, 0, &err);
  CHECK(err);
  cl_program program = build(context, device, source);
  cl_kernel kernel = clCreateKernel(program, "neighbor_sum", &err);
  CHECK(err);

  int in[N], out[N];
  for (int i = 0; i < N; ++i) in[i] = i * 3 + 1;
  cl_mem in_buf =
      clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof in, in, &err);
  CHECK(err);
  cl_mem out_buf = clCreateBuffer(context, CL_MEM_WRITE_ONLY, sizeof out, NULL, &err);
  CHECK(err);
  CHECK(clSetKernelArg(kernel, 0, sizeof in_buf, &in_buf));
  CHECK(clSetKernelArg(kernel, 1, sizeof out_buf, &out_buf));
  CHECK(clSetKernelArg(kernel, 2, GROUP * sizeof(int), NULL));
  size_t global = N, local = GROUP;
  if (queued) {
    cl_event gate = clCreateUserEvent(context, &err);
    CHECK(err);
    CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, &local, 1, &gate, NULL));
    for (int i = 1; i < 16; ++i)
      CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, &local, 0, NULL, NULL));
    CHECK(clSetUserEventStatus(gate, CL_COMPLETE));
    clReleaseEvent(gate);
  } else {
    CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, &local, 0, NULL, NULL));
  }
  CHECK(clEnqueueReadBuffer(queue, out_buf, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));

  /* The racy kernel's results depend on the order the driver runs work-items
   * in (which the checker changes): only the fixed one's are printed. */
  long sum = 0;
  for (int i = 0; i < N; ++i) sum += out[i];
  if (source == fixed_source)
    printf("neighbor_sum fixed: out[0]=%d out[63]=%d out[255]=%d sum=%ld\n", out[0], out[63],
           out[255], sum);
  else
    printf("neighbor_sum %s: ran %d work-items\n", argv[1], N);
  clReleaseMemObject(in_buf);
  clReleaseMemObject(out_buf);
  clReleaseKernel(kernel);
  clReleaseProgram(program);
  clReleaseCommandQueue(queue);
  clReleaseContext(context);
  return 0;
}
