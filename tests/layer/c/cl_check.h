/* The test programs' one helper: a failed OpenCL call ends the program with
 * the call, its error code and the line. */
#pragma once
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                        \
  do {                                                                     \
    cl_int err_ = (call);                                                  \
    if (err_ != CL_SUCCESS) {                                              \
      fprintf(stderr, "%s failed: %d (line %d)\n", #call, err_, __LINE__); \
      exit(2);                                                             \
    }                                                                      \
  } while (0)

/* The first device of the first platform, its context and `queues` queues. */
static inline cl_context first_device(cl_device_id* device) {
  cl_platform_id platform;
  cl_int err;
  CHECK(clGetPlatformIDs(1, &platform, NULL));
  CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, device, NULL));
  cl_context context = clCreateContext(NULL, 1, device, NULL, NULL, &err);
  CHECK(err);
  return context;
}

static inline cl_program build(cl_context context, cl_device_id device, const char* source) {
  cl_int err;
  cl_program program = clCreateProgramWithSource(context, 1, &source, NULL, &err);
  CHECK(err);
  CHECK(clBuildProgram(program, 1, &device, "", NULL, NULL));
  return program;
}
