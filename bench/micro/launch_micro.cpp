// Launch cost on the default device: parallel_for_each of an empty kernel with
// resident arrays, against clSetKernelArg + clEnqueueNDRangeKernel, per argument count.
#include <benchmark/benchmark.h>

#include <ampcl/ampcl.hpp>
#include <memory>
#include <string>
#include <vector>

namespace {

const char* const source = R"CL(
__kernel void empty1(__global float* a) {}
__kernel void empty4(__global float* a, __global float* b, __global float* c, __global float* d) {}
)CL";

struct fixture {
  ampcl::accelerator_view view = ampcl::accelerator().get_default_view();
  std::vector<std::unique_ptr<ampcl::array<float, 1>>> arrays;
  fixture() {
    for (int i = 0; i < 4; ++i)
      arrays.push_back(std::make_unique<ampcl::array<float, 1>>(ampcl::extent<1>(256), view));
  }
  cl_mem mem(int i) {
    return ampcl::detail::device_buffer(ampcl::detail::storage_of(*arrays[i]), view, true, true);
  }
};

fixture& shared() {
  static fixture f;
  return f;
}

void BM_raw_enqueue(benchmark::State& state) {
  auto& f = shared();
  const int nargs = static_cast<int>(state.range(0));
  const char* text = source;
  cl_int err = 0;
  cl_device_id dev = f.view.device();
  cl_program p = clCreateProgramWithSource(f.view.context(), 1, &text, nullptr, &err);
  clBuildProgram(p, 1, &dev, "", nullptr, nullptr);
  cl_kernel k = clCreateKernel(p, nargs == 1 ? "empty1" : "empty4", &err);
  std::vector<cl_mem> mems;
  for (int i = 0; i < nargs; ++i) mems.push_back(f.mem(i));
  const std::size_t g = 256;
  for (auto _ : state) {
    for (int i = 0; i < nargs; ++i) clSetKernelArg(k, i, sizeof(cl_mem), &mems[i]);
    clEnqueueNDRangeKernel(f.view.queue(), k, 1, nullptr, &g, nullptr, 0, nullptr, nullptr);
  }
  clFinish(f.view.queue());
  clReleaseKernel(k);
  clReleaseProgram(p);
}

void BM_parallel_for_each(benchmark::State& state) {
  auto& f = shared();
  const int nargs = static_cast<int>(state.range(0));
  const auto k = ampcl::kernel::from_source(source, nargs == 1 ? "empty1" : "empty4");
  for (auto _ : state) {
    if (nargs == 1)
      ampcl::parallel_for_each(f.view, ampcl::extent<1>(256), k, *f.arrays[0]);
    else
      ampcl::parallel_for_each(f.view, ampcl::extent<1>(256), k, *f.arrays[0], *f.arrays[1],
                               *f.arrays[2], *f.arrays[3]);
  }
  f.view.wait();
}

}  // namespace

BENCHMARK(BM_raw_enqueue)->Arg(1)->Arg(4);
BENCHMARK(BM_parallel_for_each)->Arg(1)->Arg(4);
