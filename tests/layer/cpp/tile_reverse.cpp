// A C++ OpenCL program written with OpenCL-CLHPP (<CL/opencl.hpp>), no ampcl:
// each work-group reverses its slice through __local memory. `tile_reverse racy`
// has no barrier between the writes and the reversed reads (the checker must
// report the marked line); `tile_reverse fixed` has it. The kernel comes from a
// raw string, as CLHPP programs usually hold them.
#define CL_HPP_TARGET_OPENCL_VERSION 120
#define CL_HPP_MINIMUM_OPENCL_VERSION 120
#define CL_HPP_ENABLE_EXCEPTIONS
#include <CL/opencl.hpp>
#include <iostream>
#include <numeric>
#include <string>
#include <vector>

namespace {

const char* racy_source = R"CLC(
__kernel void tile_reverse(__global const float* in, __global float* out) {
  __local float tile[64];
  const size_t l = get_local_id(0), n = get_local_size(0);
  tile[l] = in[get_global_id(0)];
  out[get_global_id(0)] = tile[n - 1 - l]; /* racy read */
}
)CLC";

const char* fixed_source = R"CLC(
__kernel void tile_reverse(__global const float* in, __global float* out) {
  __local float tile[64];
  const size_t l = get_local_id(0), n = get_local_size(0);
  tile[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tile[n - 1 - l];
}
)CLC";

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc == 2 ? argv[1] : "";
  if (mode != "racy" && mode != "fixed") {
    std::cerr << "usage: " << argv[0] << " racy|fixed\n";
    return 2;
  }
  try {
    cl::Context context(CL_DEVICE_TYPE_ALL);
    cl::CommandQueue queue(context);
    cl::Program program(context, mode == "racy" ? racy_source : fixed_source, true);
    const std::size_t n = 1024, group = 64;
    std::vector<float> in(n), out(n);
    std::iota(in.begin(), in.end(), 0.0f);
    cl::Buffer in_buf(context, in.begin(), in.end(), true);
    cl::Buffer out_buf(context, CL_MEM_WRITE_ONLY, n * sizeof(float));
    cl::KernelFunctor<cl::Buffer, cl::Buffer> reverse(program, "tile_reverse");
    reverse(cl::EnqueueArgs(queue, cl::NDRange(n), cl::NDRange(group)), in_buf, out_buf).wait();
    cl::copy(queue, out_buf, out.begin(), out.end());
    // The racy kernel's results depend on the order the driver runs work-items
    // in (which the checker changes): only the fixed one's are printed.
    if (mode == "fixed")
      std::cout << "tile_reverse fixed: out[0]=" << out[0] << " out[63]=" << out[63]
                << " out[64]=" << out[64] << " sum=" << std::accumulate(out.begin(), out.end(), 0.0)
                << "\n";
    else
      std::cout << "tile_reverse racy: ran " << n << " work-items\n";
  } catch (const cl::Error& e) {
    std::cerr << "OpenCL error: " << e.what() << " (" << e.err() << ")\n";
    return 2;
  }
  return 0;
}
