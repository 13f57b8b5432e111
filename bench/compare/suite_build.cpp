// Program build time: from source, and from a binary.
#include <ampcl/algorithms.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "baseline_kernels.hpp"
#include "common.hpp"

namespace bench {

namespace {

using clock_type = std::chrono::steady_clock;
double ms_since(clock_type::time_point t0) {
  return std::chrono::duration<double, std::milli>(clock_type::now() - t0).count();
}

// The program both sides build: the library's SGEMM at the device's parameters.
std::string gemm_program_source() {
  return ampcl::kernel::builtin("gemm.cl", "gemm_tiled").source();
}

// Runs this executable as a probe with a given cache directory; returns its milliseconds.
double run_probe(const context& c, int device_index, const std::string& cache_dir) {
  const std::string cmd = "AMPCL_CACHE_DIR='" + cache_dir + "' '" + c.opt->self +
                          "' --probe-build " + std::to_string(device_index);
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return -1;
  double ms = -1;
  if (std::fscanf(p, "%lf", &ms) != 1) ms = -1;
  pclose(p);
  return ms;
}

}  // namespace

int probe_build(int device_index) {
  auto acc = ampcl::accelerator::get_all().at(device_index);
  auto view = acc.get_default_view();
  ampcl::array<float, 2> a(ampcl::extent<2>(64, 64), view), b(ampcl::extent<2>(64, 64), view),
      cc(ampcl::extent<2>(64, 64), view);
  view.wait();
  const auto t0 = clock_type::now();
  ampcl::array_view<float, 2> vc(cc);
  ampcl::gemm(view, ampcl::array_view<const float, 2>(a), ampcl::array_view<const float, 2>(b), vc);
  view.wait();
  std::printf("%.3f\n", ms_since(t0));
  return 0;
}

void run_build(context& c, int device_index) {
  const std::string source = gemm_program_source();
  const auto p = ampcl::gemm_parameters(c.view);
  const std::string options = "-DBM=" + std::to_string(p.bm) + " -DBN=" + std::to_string(p.bn) +
                              " -DBK=" + std::to_string(p.bk) + " -DTM=" + std::to_string(p.tm) +
                              " -DTN=" + std::to_string(p.tn) + " -DPAD=" + std::to_string(p.pad) +
                              " -DWX=" + std::to_string(p.wx);
  // Raw: clBuildProgram from source, then from the binary it produced.
  const auto t0 = clock_type::now();
  cl_program prog = build_raw(c, source, options);
  const double raw_source_ms = ms_since(t0);
  std::size_t size = 0;
  clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, nullptr);
  std::vector<unsigned char> binary(size);
  unsigned char* ptr = binary.data();
  clGetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof ptr, &ptr, nullptr);
  clReleaseProgram(prog);
  const auto t1 = clock_type::now();
  cl_device_id dev = c.acc.device();
  const unsigned char* bin = binary.data();
  cl_int status = 0, err = 0;
  cl_program from_bin =
      clCreateProgramWithBinary(c.acc.context(), 1, &dev, &size, &bin, &status, &err);
  check_cl(err, "clCreateProgramWithBinary");
  check_cl(clBuildProgram(from_bin, 1, &dev, options.c_str(), nullptr, nullptr),
           "clBuildProgram(binary)");
  cl_kernel k = raw_kernel(from_bin, "gemm_tiled");
  const double raw_binary_ms = ms_since(t1);
  clReleaseKernel(k);
  clReleaseProgram(from_bin);
  c.add("build_from_source", "raw", 0, raw_source_ms, "ms", "-");
  c.add("build_from_binary", "raw", 0, raw_binary_ms, "ms", "-");
  // ampcl: first launch in a fresh process, cold cache (compiles) then warm (disk).
  char dir_template[] = "/tmp/ampcl-bench-cache-XXXXXX";
  if (!mkdtemp(dir_template)) return;
  const double cold = run_probe(c, device_index, dir_template);
  const double warm = run_probe(c, device_index, dir_template);
  c.add("build_from_source", "ampcl", 0, cold, "ms", cold < 0 ? "FAIL probe" : "first launch");
  c.add("build_from_binary", "ampcl", 0, warm, "ms", warm < 0 ? "FAIL probe" : "first launch");
  std::system(("rm -rf '" + std::string(dir_template) + "'").c_str());
}

}  // namespace bench
