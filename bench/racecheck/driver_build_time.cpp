// The driver's clBuildProgram time for OpenCL C files (not a test): where a cold
// checked run's time goes when the instrumented programs dominate it
// (docs/validation_layer.md, "Where the cold time goes"). Each file is built with a
// unique first line, so no driver cache answers; with --concurrent the files are
// built once one after another and once all at once, one thread each (does the
// driver compile in parallel?).
//
//   g++ -O2 -pthread -o driver_build_time bench/racecheck/driver_build_time.cpp -lOpenCL
//   CUDA_CACHE_DISABLE=1 ./driver_build_time [--concurrent] "-w" a.cl b.cl ...
// bench/racecheck/driver_build_time.sh makes the instrumented files and runs it.
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

cl_context context;
cl_device_id device;
std::atomic<int> salt{0};

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

struct built {
  double seconds = 0;
  cl_int status = CL_SUCCESS;
  std::size_t binary_bytes = 0;
};

built build(const std::string& source, const std::string& options) {
  const std::string text =
      "/* build " + std::to_string(++salt) + " " +
      std::to_string(std::chrono::system_clock::now().time_since_epoch().count()) + " */\n" +
      source;
  const char* s = text.c_str();
  cl_int err = CL_SUCCESS;
  cl_program program = clCreateProgramWithSource(context, 1, &s, nullptr, &err);
  built b;
  const auto t0 = std::chrono::steady_clock::now();
  b.status = clBuildProgram(program, 1, &device, options.c_str(), nullptr, nullptr);
  b.seconds = seconds_since(t0);
  clGetProgramInfo(program, CL_PROGRAM_BINARY_SIZES, sizeof b.binary_bytes, &b.binary_bytes,
                   nullptr);
  clReleaseProgram(program);
  return b;
}

}  // namespace

int main(int argc, char** argv) {
  int first = 1;
  const bool concurrent = argc > 1 && std::string(argv[1]) == "--concurrent";
  if (concurrent) ++first;
  if (argc < first + 2) {
    std::fprintf(stderr, "usage: %s [--concurrent] OPTIONS FILE.cl...\n", argv[0]);
    return 2;
  }
  const std::string options = argv[first];
  std::vector<std::string> names, sources;
  for (int i = first + 1; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "cannot read %s\n", argv[i]);
      return 2;
    }
    std::ostringstream text;
    text << in.rdbuf();
    names.push_back(argv[i]);
    sources.push_back(text.str());
  }
  cl_platform_id platform = nullptr;
  cl_int err = clGetPlatformIDs(1, &platform, nullptr);
  if (err == CL_SUCCESS) err = clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, nullptr);
  if (err == CL_SUCCESS) context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
  if (err != CL_SUCCESS) {
    std::fprintf(stderr, "no OpenCL device (error %d)\n", err);
    return 1;
  }
  if (!concurrent) {
    for (std::size_t i = 0; i < sources.size(); ++i) {
      const built b = build(sources[i], options);
      std::printf("%-40s options '%s': %.3f s, status %d, binary %zu bytes\n", names[i].c_str(),
                  options.c_str(), b.seconds, b.status, b.binary_bytes);
    }
    return 0;
  }
  auto t0 = std::chrono::steady_clock::now();
  for (const auto& s : sources) build(s, options);
  const double one_after_another = seconds_since(t0);
  t0 = std::chrono::steady_clock::now();
  std::vector<std::thread> threads;
  for (const auto& s : sources) threads.emplace_back([&s, &options] { build(s, options); });
  for (auto& t : threads) t.join();
  std::printf("%zu programs, options '%s': one after another %.2f s, all at once %.2f s\n",
              sources.size(), options.c_str(), one_after_another, seconds_since(t0));
  return 0;
}
