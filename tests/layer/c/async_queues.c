/* Asynchrony must survive the checker: three queues (one out of order), events
 * between them, a user event that holds a kernel back while the host waits for
 * another kernel (a checker that waited for each launch would hang here), a
 * marker, a completion callback. Race-free: the checker must stay quiet, and
 * the results and callback count are the same with and without it. */
#include <stdatomic.h>
#include <time.h>

#include "cl_check.h"

static const char* source =
    "__kernel void scale(__global float* x, float f) { x[get_global_id(0)] *= f; }\n"
    "__kernel void add(__global const float* a, __global const float* b, __global float* c) {\n"
    "  size_t i = get_global_id(0);\n"
    "  c[i] = a[i] + b[i];\n"
    "}\n";

enum { N = 2048 };
static atomic_int callbacks;

static void CL_CALLBACK on_done(cl_event e, cl_int status, void* user) {
  (void)e;
  (void)user;
  if (status == CL_COMPLETE) atomic_fetch_add(&callbacks, 1);
}

static cl_mem buffer_of(cl_context context, float* host) {
  cl_int err;
  cl_mem m = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, N * sizeof(float),
                            host, &err);
  CHECK(err);
  return m;
}

int main(void) {
  cl_device_id device;
  cl_int err;
  cl_context context = first_device(&device);
  cl_command_queue q1 = clCreateCommandQueue(context, device, 0, &err);
  CHECK(err);
  cl_command_queue q2 = clCreateCommandQueue(context, device, 0, &err);
  CHECK(err);
  cl_command_queue_properties props = 0;
  CHECK(clGetDeviceInfo(device, CL_DEVICE_QUEUE_PROPERTIES, sizeof props, &props, NULL));
  cl_command_queue q3 =
      clCreateCommandQueue(context, device, props & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, &err);
  CHECK(err);
  cl_program program = build(context, device, source);
  cl_kernel scale_x = clCreateKernel(program, "scale", &err);
  CHECK(err);
  cl_kernel scale_y = clCreateKernel(program, "scale", &err);
  CHECK(err);
  cl_kernel add = clCreateKernel(program, "add", &err);
  CHECK(err);

  static float x[N], y[N], z[N], w[N];
  for (int i = 0; i < N; ++i) {
    x[i] = (float)i;
    y[i] = (float)(N - i);
  }
  cl_mem xb = buffer_of(context, x), yb = buffer_of(context, y), zb = buffer_of(context, z);
  const float two = 2.0f, three = 3.0f;
  CHECK(clSetKernelArg(scale_x, 0, sizeof xb, &xb));
  CHECK(clSetKernelArg(scale_x, 1, sizeof two, &two));
  CHECK(clSetKernelArg(scale_y, 0, sizeof yb, &yb));
  CHECK(clSetKernelArg(scale_y, 1, sizeof three, &three));
  size_t global = N;

  /* x *= 2 on q1 waits for the host; y *= 3 on q2 runs and the host waits for it. */
  cl_event gate = clCreateUserEvent(context, &err);
  CHECK(err);
  cl_event x_done, y_done, z_done, marker;
  CHECK(clEnqueueNDRangeKernel(q1, scale_x, 1, NULL, &global, NULL, 1, &gate, &x_done));
  CHECK(clEnqueueNDRangeKernel(q2, scale_y, 1, NULL, &global, NULL, 0, NULL, &y_done));
  CHECK(clFlush(q1));
  CHECK(clWaitForEvents(1, &y_done));
  CHECK(clSetUserEventStatus(gate, CL_COMPLETE));

  /* z = x + y on the out-of-order queue, after both; a callback on it; a marker
   * that waits for everything on q3, then a read after the marker. */
  CHECK(clSetKernelArg(add, 0, sizeof xb, &xb));
  CHECK(clSetKernelArg(add, 1, sizeof yb, &yb));
  CHECK(clSetKernelArg(add, 2, sizeof zb, &zb));
  const cl_event both[] = {x_done, y_done};
  CHECK(clEnqueueNDRangeKernel(q3, add, 1, NULL, &global, NULL, 2, both, &z_done));
  CHECK(clSetEventCallback(z_done, CL_COMPLETE, on_done, NULL));
  CHECK(clEnqueueMarkerWithWaitList(q3, 0, NULL, &marker));
  CHECK(clEnqueueReadBuffer(q3, zb, CL_TRUE, 0, sizeof w, w, 1, &marker, NULL));
  CHECK(clFinish(q3));
  CHECK(clFinish(q1));
  CHECK(clFinish(q2));

  double sum = 0;
  for (int i = 0; i < N; ++i) sum += w[i];
  printf("async_queues: w[0]=%g w[%d]=%g sum=%g out-of-order=%s\n", w[0], N - 1, w[N - 1], sum,
         props & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE ? "yes" : "no");
  /* The callback may come after clFinish returns: wait for it (bounded). */
  for (int i = 0; i < 3000 && atomic_load(&callbacks) == 0; ++i) {
    struct timespec t = {0, 10 * 1000 * 1000};
    nanosleep(&t, NULL);
  }
  printf("async_queues: callbacks %d\n", atomic_load(&callbacks));
  return 0;
}
