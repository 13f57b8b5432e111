/* Host/device hazards through the API, both ways, with two in-order queues.
 * A kernel on queue A squares `data` in place; then queue B
 *   racy:  reads `data` and writes `other`, which the kernel reads, with no
 *          event in their wait lists: the read may see the kernel's work half
 *          done, the write may change the kernel's input while it runs;
 *   fixed: waits for the kernel's event in both wait lists.
 * `host_read ooo` does the racy sequence on one out-of-order queue, where
 * commands are not ordered by the queue either.
 * The program prints only what it reads after clFinish, so its output is the
 * same whichever way the race goes. */
#include <string.h>

#include "cl_check.h"

static const char* source =
    "__kernel void square(__global int* data, __global const int* other) { /* kernel */\n"
    "  size_t i = get_global_id(0);\n"
    "  data[i] = data[i] * data[i] + other[i];\n"
    "}\n";

enum { N = 1024 };

int main(int argc, char** argv) {
  if (argc != 2 ||
      (strcmp(argv[1], "racy") && strcmp(argv[1], "fixed") && strcmp(argv[1], "ooo"))) {
    fprintf(stderr, "usage: %s racy|fixed|ooo\n", argv[0]);
    return 2;
  }
  const int ooo = strcmp(argv[1], "ooo") == 0;
  const int racy = ooo || strcmp(argv[1], "racy") == 0;
  cl_device_id device;
  cl_int err;
  cl_context context = first_device(&device);
  cl_command_queue a =
      clCreateCommandQueue(context, device, ooo ? CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE : 0, &err);
  CHECK(err);
  cl_command_queue b = a;
  if (!ooo) {
    b = clCreateCommandQueue(context, device, 0, &err);
    CHECK(err);
  }
  cl_program program = build(context, device, source);
  cl_kernel kernel = clCreateKernel(program, "square", &err);
  CHECK(err);

  int data[N], other[N], seen[N];
  for (int i = 0; i < N; ++i) {
    data[i] = i % 100;
    other[i] = 0;
  }
  cl_mem data_buf =
      clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof data, data, &err);
  CHECK(err);
  cl_mem other_buf =
      clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof other, other, &err);
  CHECK(err);
  CHECK(clSetKernelArg(kernel, 0, sizeof data_buf, &data_buf));
  CHECK(clSetKernelArg(kernel, 1, sizeof other_buf, &other_buf));
  size_t global = N;
  cl_event done;
  CHECK(clEnqueueNDRangeKernel(a, kernel, 1, NULL, &global, NULL, 0, NULL, &done));
  const cl_uint waits = racy ? 0 : 1;
  const cl_event* wait_list = racy ? NULL : &done;
  CHECK(clEnqueueReadBuffer(b, data_buf, CL_FALSE, 0, sizeof seen, seen, waits, wait_list, NULL));
  CHECK(
      clEnqueueWriteBuffer(b, other_buf, CL_FALSE, 0, sizeof other, other, waits, wait_list, NULL));
  CHECK(clFinish(b));
  CHECK(clFinish(a));
  CHECK(clEnqueueReadBuffer(a, data_buf, CL_TRUE, 0, sizeof data, data, 0, NULL, NULL));
  long sum = 0;
  for (int i = 0; i < N; ++i) sum += data[i];
  printf("host_read %s: sum of squares %ld\n", argv[1], sum);
  clReleaseEvent(done);
  return 0;
}
