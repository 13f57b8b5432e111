/* A program loaded from a binary, as applications with a binary cache do: the
 * checker has no source to instrument, so it must report the kernel as not
 * checked (and the run fails unless --allow-unchecked=program-binary). */
#include "cl_check.h"

static const char* source =
    "__kernel void twice(__global int* data) {\n"
    "  data[get_global_id(0)] *= 2;\n"
    "}\n";

int main(void) {
  cl_device_id device;
  cl_int err;
  cl_context context = first_device(&device);
  cl_command_queue queue = clCreateCommandQueue(context, device, 0, &err);
  CHECK(err);
  cl_program from_source = build(context, device, source);
  size_t size = 0;
  CHECK(clGetProgramInfo(from_source, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, NULL));
  unsigned char* binary = malloc(size);
  CHECK(clGetProgramInfo(from_source, CL_PROGRAM_BINARIES, sizeof binary, &binary, NULL));
  const unsigned char* binaries[] = {binary};
  cl_program program = clCreateProgramWithBinary(context, 1, &device, &size, binaries, NULL, &err);
  CHECK(err);
  CHECK(clBuildProgram(program, 1, &device, "", NULL, NULL));
  cl_kernel kernel = clCreateKernel(program, "twice", &err);
  CHECK(err);
  int data[64];
  for (int i = 0; i < 64; ++i) data[i] = i;
  cl_mem buf =
      clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof data, data, &err);
  CHECK(err);
  CHECK(clSetKernelArg(kernel, 0, sizeof buf, &buf));
  size_t global = 64;
  CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, NULL, 0, NULL, NULL));
  CHECK(clEnqueueReadBuffer(queue, buf, CL_TRUE, 0, sizeof data, data, 0, NULL, NULL));
  printf("binary_program: data[63]=%d\n", data[63]);
  free(binary);
  return 0;
}
