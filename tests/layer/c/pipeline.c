/* A plain C OpenCL program whose kernels are made ahead and launched in turn, as
 * PolyBench's are: with AMPCL_RACECHECK_PREBUILD=1 the checker builds the
 * instrumented programs of the later kernels while the first runs. `pipeline racy`:
 * the last kernel shifts its buffer in place (a work-item reads the element its
 * neighbour writes), which must be reported though its program was built ahead;
 * `pipeline fixed` shifts into another buffer. `pipeline first` makes the three
 * kernels but launches the first only, then releases everything and exits: the
 * builds under way must neither hang nor break the exit. */
#include <string.h>

#include "cl_check.h"

static const char* source =
    "__kernel void scale(__global int* a) { a[get_global_id(0)] *= 3; }\n"
    "__kernel void offset(__global int* a) { a[get_global_id(0)] += 7; }\n"
    "__kernel void shift(__global int* a, __global int* out) {\n"
    "  size_t i = get_global_id(0);\n"
    "  if (i + 1 < get_global_size(0)) out[i] = a[i + 1]; /* racy read */\n"
    "}\n";

enum { N = 1024 };

int main(int argc, char** argv) {
  if (argc != 2 || (strcmp(argv[1], "racy") && strcmp(argv[1], "fixed") &&
                    strcmp(argv[1], "first"))) {
    fprintf(stderr, "usage: %s racy|fixed|first\n", argv[0]);
    return 2;
  }
  cl_device_id device;
  cl_int err;
  cl_context context = first_device(&device);
  cl_command_queue queue = clCreateCommandQueue(context, device, 0, &err);
  CHECK(err);
  cl_program program = build(context, device, source);
  const char* names[3] = {"scale", "offset", "shift"};
  cl_kernel kernels[3];
  for (int k = 0; k < 3; ++k) {
    kernels[k] = clCreateKernel(program, names[k], &err);
    CHECK(err);
  }

  int host[N];
  for (int i = 0; i < N; ++i) host[i] = i;
  cl_mem a = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof host, host,
                            &err);
  CHECK(err);
  cl_mem other = clCreateBuffer(context, CL_MEM_READ_WRITE, sizeof host, NULL, &err);
  CHECK(err);
  /* racy: shift reads and writes `a`; fixed: it writes `other`. */
  cl_mem out = strcmp(argv[1], "racy") == 0 ? a : other;
  CHECK(clSetKernelArg(kernels[0], 0, sizeof a, &a));
  CHECK(clSetKernelArg(kernels[1], 0, sizeof a, &a));
  CHECK(clSetKernelArg(kernels[2], 0, sizeof a, &a));
  CHECK(clSetKernelArg(kernels[2], 1, sizeof out, &out));
  size_t global = N;
  const int launched = strcmp(argv[1], "first") == 0 ? 1 : 3;
  for (int k = 0; k < launched; ++k)
    CHECK(clEnqueueNDRangeKernel(queue, kernels[k], 1, NULL, &global, NULL, 0, NULL, NULL));
  CHECK(clEnqueueReadBuffer(queue, launched == 3 ? out : a, CL_TRUE, 0, sizeof host, host, 0,
                            NULL, NULL));

  /* The racy shift's results depend on the order work-items run in: printed only
   * where they do not. */
  if (strcmp(argv[1], "racy") == 0)
    printf("pipeline racy: ran %d kernels\n", launched);
  else
    printf("pipeline %s: host[0]=%d host[100]=%d host[1022]=%d\n", argv[1], host[0], host[100],
           host[1022]);
  for (int k = 0; k < 3; ++k) clReleaseKernel(kernels[k]);
  clReleaseMemObject(a);
  clReleaseMemObject(other);
  clReleaseProgram(program);
  clReleaseCommandQueue(queue);
  clReleaseContext(context);
  return 0;
}
