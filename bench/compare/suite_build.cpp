// Program build and load time as a program starting up sees it: each figure is a
// fresh process's first launch of the library's SGEMM (64 x 64), the median of
// several processes. Raw OpenCL loads the binary from a file (read, create, build,
// kernel, launch); ampcl launches through its disk cache, cold (compiles) and warm
// (loads). The rows in brackets break both down; ampcl's come from its own
// AMPCL_LOG=info lines. Context creation (with the arrays' buffers) is timed apart
// and left out of both: it is the driver's, whatever program follows.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <regex>

#include "algorithms/tuning.hpp"
#include "baseline_kernels.hpp"
#include "common.hpp"

namespace bench {

namespace {

using clock_type = std::chrono::steady_clock;
double ms_since(clock_type::time_point t0) {
  return std::chrono::duration<double, std::milli>(clock_type::now() - t0).count();
}

constexpr int probe_n = 64;  // the matrices' side
constexpr int probe_runs = 5;

// The tiling ampcl's gemm takes for the probe's product (tuning table, then the
// first tier that fills the device: lib/algorithms/gemm.cpp's rule).
ampcl::gemm_params probe_params(const ampcl::accelerator_view& view) {
  const auto t = ampcl::detail::gemm_tuning_for(view);
  const unsigned units = view.get_accelerator().get_compute_units();
  for (int i = 0; i < t.count; ++i) {
    const auto& q = t.tiers[i];
    const long groups = long((probe_n + q.bm - 1) / q.bm) * ((probe_n + q.bn - 1) / q.bn);
    if (groups >= long(units) || i + 1 == t.count) return q;
  }
  return t.tiers[0];
}

// "name value" lines of a probe's output, and ampcl's log lines.
using probe_output = std::map<std::string, double>;

probe_output parse_probe(const std::string& text) {
  probe_output out;
  std::smatch m;
  static const std::regex pair(R"re(^(\w+) ([-0-9.e+]+)$)re");
  static const std::regex loaded(
      R"re(from the disk cache in ([0-9.e+-]+) ms \(key ([0-9.e+-]+), read ([0-9.e+-]+), verify ([0-9.e+-]+), driver ([0-9.e+-]+)\))re");
  static const std::regex kernel(R"re(kernel '\w+' of .* created in ([0-9.e+-]+) ms)re");
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (std::regex_match(line, m, pair)) {
      out[m[1]] = std::stod(m[2]);
    } else if (std::regex_search(line, m, loaded)) {
      out["load"] = std::stod(m[1]);
      out["key"] = std::stod(m[2]);
      out["read"] = std::stod(m[3]);
      out["verify"] = std::stod(m[4]);
      out["driver"] = std::stod(m[5]);
    } else if (std::regex_search(line, m, kernel)) {
      out["kernel"] = std::stod(m[1]);
    }
  }
  return out;
}

probe_output run_command(const std::string& cmd) {
  FILE* p = popen((cmd + " 2>&1").c_str(), "r");
  if (!p) return {};
  std::string text;
  char buf[4096];
  while (std::fgets(buf, sizeof buf, p)) text += buf;
  pclose(p);
  return parse_probe(text);
}

// Each key's median over the runs that reported it.
probe_output medians(const std::vector<probe_output>& runs) {
  std::map<std::string, std::vector<double>> all;
  for (const auto& r : runs)
    for (const auto& [k, v] : r) all[k].push_back(v);
  probe_output out;
  for (auto& [k, v] : all) {
    std::sort(v.begin(), v.end());
    out[k] = v[v.size() / 2];
  }
  return out;
}

std::string shape_bytes() {
  const auto s = ampcl::detail::contiguous_shape(ampcl::extent<2>(probe_n, probe_n));
  return std::string(reinterpret_cast<const char*>(&s), sizeof s);
}

}  // namespace

// The ampcl side: context and arrays first, then the first launch. The arrays are
// written from host memory before the timer, as the raw side's buffers are, so that
// neither side's first write of a buffer is timed. copy() writes to the device at
// once; an array made from iterators would keep the data on the host until its
// first use (three writes inside the timed launch: 60 us on an H200).
int probe_build(int device_index) {
  const auto t0 = clock_type::now();
  auto acc = ampcl::opencl_devices().at(device_index);
  auto view = acc.get_default_view();
  const ampcl::extent<2> e(probe_n, probe_n);
  const std::vector<float> zeros(std::size_t(probe_n) * probe_n, 0.0f);
  ampcl::array<float, 2> a(e, view), b(e, view), cc(e, view);
  for (ampcl::array<float, 2>* x : {&a, &b, &cc}) ampcl::copy(zeros.begin(), zeros.end(), *x);
  view.wait();
  std::printf("context %.4f\n", ms_since(t0));
  const auto t1 = clock_type::now();
  ampcl::array_view<float, 2> vc(cc);
  ampcl::gemm(view, ampcl::array_view<const float, 2>(a), ampcl::array_view<const float, 2>(b), vc);
  view.wait();
  std::printf("first_launch %.4f\n", ms_since(t1));
  return 0;
}

// The raw side: plain OpenCL, the binary read from `path`, built with `options`,
// launched over `global` in groups of `local` (OpenCL order).
int probe_raw_load(int platform, int device, const std::string& path, const std::size_t* global,
                   const std::size_t* local, const std::string& options) {
  const auto t0 = clock_type::now();
  cl_uint np = 0, nd = 0;
  clGetPlatformIDs(0, nullptr, &np);
  std::vector<cl_platform_id> platforms(np);
  clGetPlatformIDs(np, platforms.data(), nullptr);
  clGetDeviceIDs(platforms.at(platform), CL_DEVICE_TYPE_ALL, 0, nullptr, &nd);
  std::vector<cl_device_id> devices(nd);
  clGetDeviceIDs(platforms.at(platform), CL_DEVICE_TYPE_ALL, nd, devices.data(), nullptr);
  cl_device_id dev = devices.at(device);
  cl_int err = 0;
  cl_context ctx = clCreateContext(nullptr, 1, &dev, nullptr, nullptr, &err);
  check_cl(err, "clCreateContext");
  cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &err);
  check_cl(err, "clCreateCommandQueue");
  const std::size_t bytes = std::size_t(probe_n) * probe_n * sizeof(float);
  const std::vector<float> zeros(std::size_t(probe_n) * probe_n, 0.0f);
  cl_mem m[3];
  for (cl_mem& x : m) {
    x = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, nullptr, &err);
    check_cl(err, "clCreateBuffer");
    check_cl(clEnqueueWriteBuffer(q, x, CL_TRUE, 0, bytes, zeros.data(), 0, nullptr, nullptr),
             "clEnqueueWriteBuffer");
  }
  clFinish(q);
  std::printf("context %.4f\n", ms_since(t0));

  const auto t1 = clock_type::now();
  std::ifstream f(path, std::ios::binary | std::ios::ate);
  std::vector<unsigned char> binary(static_cast<std::size_t>(f.tellg()));
  f.seekg(0);
  f.read(reinterpret_cast<char*>(binary.data()), std::streamsize(binary.size()));
  const double read_ms = ms_since(t1);
  const auto t2 = clock_type::now();
  const unsigned char* data = binary.data();
  const std::size_t size = binary.size();
  cl_int status = 0;
  cl_program p = clCreateProgramWithBinary(ctx, 1, &dev, &size, &data, &status, &err);
  check_cl(err, "clCreateProgramWithBinary");
  check_cl(clBuildProgram(p, 1, &dev, options.c_str(), nullptr, nullptr), "clBuildProgram");
  const double driver_ms = ms_since(t2);
  const auto t3 = clock_type::now();
  cl_kernel k = raw_kernel(p, "gemm_tiled");
  const double kernel_ms = ms_since(t3);
  const auto t4 = clock_type::now();
  const std::string shape = shape_bytes();
  const float alpha = 1.0f, beta = 0.0f;
  for (cl_uint i = 0; i < 3; ++i) {
    check_cl(clSetKernelArg(k, 2 * i, sizeof(cl_mem), &m[i]), "clSetKernelArg");
    check_cl(clSetKernelArg(k, 2 * i + 1, shape.size(), shape.data()), "clSetKernelArg");
  }
  check_cl(clSetKernelArg(k, 6, sizeof alpha, &alpha), "clSetKernelArg");
  check_cl(clSetKernelArg(k, 7, sizeof beta, &beta), "clSetKernelArg");
  check_cl(clEnqueueNDRangeKernel(q, k, 2, nullptr, global, local, 0, nullptr, nullptr),
           "clEnqueueNDRangeKernel");
  check_cl(clFinish(q), "clFinish");
  const double launch_ms = ms_since(t4);
  std::printf("first_launch %.4f\nread %.4f\ndriver %.4f\nkernel %.4f\nlaunch %.4f\n", ms_since(t1),
              read_ms, driver_ms, kernel_ms, launch_ms);
  clReleaseKernel(k);
  clReleaseProgram(p);
  for (cl_mem x : m) clReleaseMemObject(x);
  clReleaseCommandQueue(q);
  clReleaseContext(ctx);
  return 0;
}

void run_build(context& c, int device_index) {
  const ampcl::gemm_params p = probe_params(c.view);
  const bool edges = probe_n % p.bm || probe_n % p.bn || probe_n % p.bk;
  const int tile0 = p.bm / p.tm, tile1 = p.bn / p.tn;  // AMP order
  const std::string defines = "-DBM=" + std::to_string(p.bm) + " -DBN=" + std::to_string(p.bn) +
                              " -DBK=" + std::to_string(p.bk) + " -DTM=" + std::to_string(p.tm) +
                              " -DTN=" + std::to_string(p.tn) + " -DPAD=" + std::to_string(p.pad) +
                              " -DWX=" + std::to_string(p.wx) + (edges ? " -DEDGES" : "") +
                              " -DAMPCL_RANK=2 -DAMPCL_TILE0=" + std::to_string(tile0) +
                              " -DAMPCL_TILE1=" + std::to_string(tile1);
  const std::string options = "-cl-std=CL1.2 " + defines;
  const std::string source = ampcl::kernel::builtin("gemm.cl", "gemm_tiled").source();

  // Raw: clBuildProgram from source here, and the binary it gives to a file.
  const auto t0 = clock_type::now();
  cl_program prog = build_raw(c, source, options);
  const double raw_source_ms = ms_since(t0);
  std::size_t size = 0;
  clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, nullptr);
  std::vector<unsigned char> binary(size);
  unsigned char* ptr = binary.data();
  clGetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof ptr, &ptr, nullptr);
  clReleaseProgram(prog);
  c.add("build_from_source", "raw", 0, raw_source_ms, "ms", "in process");

  char dir_template[] = "/tmp/ampcl-bench-cache-XXXXXX";
  if (!mkdtemp(dir_template)) return;
  const std::string dir = dir_template, binary_path = dir + "/raw.bin";
  std::ofstream(binary_path, std::ios::binary)
      .write(reinterpret_cast<const char*>(binary.data()), std::streamsize(binary.size()));
  int platform = 0, device = 0;
  std::sscanf(c.acc.get_opencl_path().c_str(), "opencl:%d:%d", &platform, &device);
  // gemm_launch's geometry: a tile0 x tile1 group per bm x bn block of C, OpenCL order.
  const int groups_m = (probe_n + p.bm - 1) / p.bm, groups_n = (probe_n + p.bn - 1) / p.bn;
  const std::string raw_cmd = "'" + c.opt->self + "' --probe-raw-load " + std::to_string(platform) +
                              " " + std::to_string(device) + " '" + binary_path + "' " +
                              std::to_string(groups_n * tile1) + " " +
                              std::to_string(groups_m * tile0) + " " + std::to_string(tile1) + " " +
                              std::to_string(tile0) + " '" + options + "'";
  const std::string ampcl_cmd = "AMPCL_LOG=info AMPCL_CACHE_DIR='" + dir + "/ampcl' '" +
                                c.opt->self + "' --probe-build " + std::to_string(device_index);
  std::vector<probe_output> raw_runs, cold_runs, warm_runs;
  for (int i = 0; i < probe_runs; ++i) {
    std::system(("rm -rf '" + dir + "/ampcl'").c_str());
    cold_runs.push_back(run_command(ampcl_cmd));  // builds from source, stores
  }
  // Drivers keep caches of their own (PoCL compiles each work-group size of a
  // program once, the NVIDIA driver its PTX): the first processes warm them, for
  // ampcl's stored binary as for raw's.
  for (int i = 0; i < 2; ++i) {
    run_command(ampcl_cmd);
    run_command(raw_cmd);
  }
  for (int i = 0; i < probe_runs; ++i) {
    warm_runs.push_back(run_command(ampcl_cmd));
    raw_runs.push_back(run_command(raw_cmd));
  }
  std::system(("rm -rf '" + dir + "'").c_str());
  const probe_output raw = medians(raw_runs), cold = medians(cold_runs), warm = medians(warm_runs);
  const auto value = [](const probe_output& o, const char* k) {
    const auto it = o.find(k);
    return it == o.end() ? -1.0 : it->second;
  };
  const std::string runs = "median of " + std::to_string(probe_runs) + " processes";
  const double raw_first = value(raw, "first_launch"), cold_first = value(cold, "first_launch"),
               warm_first = value(warm, "first_launch");
  c.add("build_from_binary", "raw", 0, raw_first, "ms", raw_first < 0 ? "FAIL probe" : runs);
  c.add("build_from_source", "ampcl", 0, cold_first, "ms", cold_first < 0 ? "FAIL probe" : runs);
  c.add("build_from_binary", "ampcl", 0, warm_first, "ms", warm_first < 0 ? "FAIL probe" : runs);
  // The breakdowns, listed apart.
  for (const char* k : {"context", "read", "driver", "kernel", "launch"})
    c.add("load", std::string("raw[") + k + "]", 0, value(raw, k), "ms", "-");
  const double warm_launch =
      warm_first - value(warm, "load") - std::max(0.0, value(warm, "kernel"));
  for (const char* k : {"context", "key", "read", "verify", "driver", "kernel"})
    c.add("load", std::string("ampcl[") + k + "]", 0, value(warm, k), "ms", "-");
  c.add("load", "ampcl[launch and the rest]", 0, warm_launch, "ms", "-");
}

}  // namespace bench
