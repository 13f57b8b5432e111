/* A histogram in __global memory, launched with the work-group size left to the
 * driver. `histogram racy` counts with a plain increment, so work-items (in any
 * work-groups) lose each other's updates: the checker must report the marked
 * line. `histogram fixed` uses atomic_inc. Only race-proof facts are printed
 * (which bins were hit), so the racy program prints the same with or without
 * the checker. */
#include <string.h>

#include "cl_check.h"

static const char* racy_source =
    "__kernel void histogram(__global const uint* values, __global uint* bins) {\n"
    "  uint v = values[get_global_id(0)] % 16u;\n"
    "  bins[v] = bins[v] + 1u; /* racy update */\n"
    "}\n";

static const char* fixed_source =
    "__kernel void histogram(__global const uint* values, __global uint* bins) {\n"
    "  uint v = values[get_global_id(0)] % 16u;\n"
    "  atomic_inc(&bins[v]);\n"
    "}\n";

enum { N = 4096, BINS = 16 };

int main(int argc, char** argv) {
  if (argc != 2 || (strcmp(argv[1], "racy") && strcmp(argv[1], "fixed"))) {
    fprintf(stderr, "usage: %s racy|fixed\n", argv[0]);
    return 2;
  }
  const int racy = strcmp(argv[1], "racy") == 0;
  cl_device_id device;
  cl_int err;
  cl_context context = first_device(&device);
  cl_command_queue queue = clCreateCommandQueue(context, device, 0, &err);
  CHECK(err);
  cl_program program = build(context, device, racy ? racy_source : fixed_source);
  cl_kernel kernel = clCreateKernel(program, "histogram", &err);
  CHECK(err);

  cl_uint values[N], bins[BINS] = {0};
  for (int i = 0; i < N; ++i) values[i] = (cl_uint)(i * 7 + i / 3);
  cl_mem values_buf =
      clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof values, values, &err);
  CHECK(err);
  cl_mem bins_buf =
      clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof bins, bins, &err);
  CHECK(err);
  CHECK(clSetKernelArg(kernel, 0, sizeof values_buf, &values_buf));
  CHECK(clSetKernelArg(kernel, 1, sizeof bins_buf, &bins_buf));
  size_t global = N;
  CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, NULL, 0, NULL, NULL));
  CHECK(clEnqueueReadBuffer(queue, bins_buf, CL_TRUE, 0, sizeof bins, bins, 0, NULL, NULL));

  unsigned total = 0, hit = 0;
  for (int b = 0; b < BINS; ++b) {
    total += bins[b];
    hit += bins[b] != 0;
  }
  printf("histogram %s: %u bins hit", argv[1], hit);
  if (!racy) printf(", %u values counted", total);
  printf("\n");
  return 0;
}
