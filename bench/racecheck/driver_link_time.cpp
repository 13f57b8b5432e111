// The driver's clBuildProgram of an instrumented program against compiling its slow
// path once and linking (not a test; docs/validation_layer.md, "linking ... tried"):
// clCompileProgram(lib) + clCompileProgram(kern) + clLinkProgram, three rounds, the
// third with the library's object reloaded from its binary. Sources salted, so no
// driver cache answers (on NVIDIA set CUDA_CACHE_DISABLE=1 too).
//
//   g++ -O2 -o driver_link_time bench/racecheck/driver_link_time.cpp -lOpenCL
//   bench/racecheck/split_for_link.py PROGRAM.cl DIR
//   ./driver_link_time -w PROGRAM.cl DIR/lib.cl DIR/kern.cl
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
static cl_context ctx;
static cl_device_id dev;
static int salt = 0;
static double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
static std::string read(const char* p) {
  std::ifstream in(p);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}
static cl_program make(const std::string& src) {
  std::string t = "/* salt " + std::to_string(++salt) + " " + std::to_string(now()) + " */\n" + src;
  const char* s = t.c_str();
  cl_int e;
  return clCreateProgramWithSource(ctx, 1, &s, nullptr, &e);
}
static void log(cl_program p) {
  size_t n = 0;
  clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, 0, nullptr, &n);
  std::string l(n, 0);
  clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, n, &l[0], nullptr);
  std::printf("  log: %.600s\n", l.c_str());
}
static size_t binsize(cl_program p, std::string* head = nullptr) {
  size_t b = 0;
  clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof b, &b, nullptr);
  if (head && b) {
    std::vector<unsigned char> v(b);
    unsigned char* pv = v.data();
    clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof pv, &pv, nullptr);
    for (size_t i = 0; i < 48 && i < b; ++i) *head += (v[i] >= 32 && v[i] < 127) ? char(v[i]) : '.';
  }
  return b;
}
static std::vector<unsigned char> binary(cl_program p) {
  size_t b = binsize(p);
  std::vector<unsigned char> v(b);
  unsigned char* pv = v.data();
  clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof pv, &pv, nullptr);
  return v;
}
int main(int argc, char** argv) {
  if (argc < 5) return 2;
  std::string opt = argv[1];
  std::string full = read(argv[2]), lib = read(argv[3]), kern = read(argv[4]);
  cl_platform_id pl;
  clGetPlatformIDs(1, &pl, nullptr);
  clGetDeviceIDs(pl, CL_DEVICE_TYPE_ALL, 1, &dev, nullptr);
  cl_int e;
  ctx = clCreateContext(nullptr, 1, &dev, nullptr, nullptr, &e);
  char ver[256];
  clGetDeviceInfo(dev, CL_DEVICE_VERSION, sizeof ver, ver, nullptr);
  std::printf("%s: %s\n", argv[2], ver);
  for (int round = 0; round < 2; ++round) {
    cl_program p = make(full);
    double t = now();
    e = clBuildProgram(p, 1, &dev, opt.c_str(), nullptr, nullptr);
    std::printf("full build %.3f s (status %d, binary %zu)\n", now() - t, e, binsize(p));
    if (e) log(p);
    clReleaseProgram(p);
  }
  cl_program pl_lib = make(lib);
  double t = now();
  e = clCompileProgram(pl_lib, 1, &dev, opt.c_str(), 0, nullptr, nullptr, nullptr, nullptr);
  std::string head;
  std::printf("lib compile %.3f s (status %d, object %zu bytes: '%s')\n", now() - t, e,
              binsize(pl_lib, &head), head.c_str());
  if (e) log(pl_lib);
  // the library's object reloaded from its binary, as a disk cache would
  std::vector<unsigned char> lb = binary(pl_lib);
  const unsigned char* lbp = lb.data();
  size_t lbs = lb.size();
  cl_int bs;
  t = now();
  cl_program pl_lib2 = clCreateProgramWithBinary(ctx, 1, &dev, &lbs, &lbp, &bs, &e);
  cl_program_binary_type bt = 0;
  clGetProgramBuildInfo(pl_lib2, dev, CL_PROGRAM_BINARY_TYPE, sizeof bt, &bt, nullptr);
  cl_int e2 = 0;
  std::printf("lib from binary %.3f s (status %d/%d, binary type %u)\n", now() - t, e, bs, (unsigned)bt);
  for (int round = 0; round < 3; ++round) {
    cl_program k = make(kern);
    t = now();
    e = clCompileProgram(k, 1, &dev, opt.c_str(), 0, nullptr, nullptr, nullptr, nullptr);
    double c = now() - t;
    if (e) { std::printf("kern compile status %d\n", e); log(k); return 1; }
    cl_program both[2] = {round == 2 ? pl_lib2 : pl_lib, k};
    t = now();
    cl_program linked = clLinkProgram(ctx, 1, &dev, "", 2, both, nullptr, nullptr, &e);
    double l = now() - t;
    cl_uint nk = 0;
    if (linked) clCreateKernelsInProgram(linked, 0, nullptr, &nk);
    std::string h2;
    std::printf("round %d%s: kern compile %.3f s, link %.3f s (status %d, %u kernels, binary %zu '%s')\n", round,
                round == 2 ? " (lib from binary)" : "", c, l, e, nk, linked ? binsize(linked, &h2) : 0, h2.c_str());
    if (linked && e) log(linked);
    if (linked) {
      // the linked program's binary reloaded: what a warm ampcl cache pays
      std::vector<unsigned char> b = binary(linked);
      const unsigned char* bp = b.data();
      size_t n = b.size();
      t = now();
      cl_program r = clCreateProgramWithBinary(ctx, 1, &dev, &n, &bp, &bs, &e);
      e2 = clBuildProgram(r, 1, &dev, "", nullptr, nullptr);
      std::printf("  linked binary reloaded %.3f s (status %d)\n", now() - t, e2);
      clReleaseProgram(r);
      clReleaseProgram(linked);
    }
    clReleaseProgram(k);
  }
  return 0;
}
