// The instrumenter's promise on PoCL: every corpus file the device compiler accepts
// is instrumented (ok) and the instrumented program compiles too. Files the device
// rejects must be refused with diagnostics. Usage: fuzz_corpus_compiles DIR INCLUDE_DIR
#include <algorithm>
#include <ampcl/cl.hpp>
#include <ampcl/detail/cl_handle.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

// The instrumenter runs as ampcl-instrument: its Clang 14 cannot share a process with
// PoCL's compiler (result_io.hpp).
#include "result_io.hpp"

namespace {

struct device {
  cl_device_id id = nullptr;
  ampcl::detail::basic_cl_handle<cl_context> context;
};

// True when `source` builds; the log otherwise.
bool builds(const device& d, const std::string& source, const std::string& options,
            std::string* log) {
  const char* text = source.c_str();
  cl_int err = CL_SUCCESS;
  const ampcl::detail::basic_cl_handle<cl_program> owned(
      clCreateProgramWithSource(d.context.get(), 1, &text, nullptr, &err));
  if (err != CL_SUCCESS) return false;
  const cl_program p = owned.get();
  const bool ok = clBuildProgram(p, 1, &d.id, options.c_str(), nullptr, nullptr) == CL_SUCCESS;
  if (!ok && log) {
    std::size_t n = 0;
    clGetProgramBuildInfo(p, d.id, CL_PROGRAM_BUILD_LOG, 0, nullptr, &n);
    log->assign(n, '\0');
    clGetProgramBuildInfo(p, d.id, CL_PROGRAM_BUILD_LOG, n, log->data(), nullptr);
  }
  return ok;
}

std::string first_kernel(const std::string& src) {
  const std::string marker = "__kernel void ";
  const auto at = src.find(marker);
  if (at == std::string::npos) return {};
  std::size_t end = at + marker.size();
  while (end < src.size() &&
         (std::isalnum(static_cast<unsigned char>(src[end])) || src[end] == '_'))
    ++end;
  return src.substr(at + marker.size(), end - at - marker.size());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: fuzz_corpus_compiles CORPUS_DIR INCLUDE_DIR\n";
    return 2;
  }
  device d;
  cl_platform_id platform = nullptr;
  if (clGetPlatformIDs(1, &platform, nullptr) != CL_SUCCESS ||
      clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &d.id, nullptr) != CL_SUCCESS) {
    std::cerr << "no OpenCL device\n";
    return 1;
  }
  d.context = ampcl::detail::basic_cl_handle<cl_context>(
      clCreateContext(nullptr, 1, &d.id, nullptr, nullptr, nullptr));
  const std::string options = std::string("-cl-std=CL1.2 -I") + argv[2] + " -DAMPCL_TILE0=4";
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(argv[1]))
    if (e.is_regular_file()) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  int compiled = 0, rejected = 0, refused = 0, failures = 0;
  for (const auto& f : files) {
    std::ifstream in(f, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string src = ss.str();
    const std::string name = first_kernel(src);
    if (name.empty()) continue;  // no kernel to instrument
    const ampcl::debug::instrument_result r =
        ampcl::debug::instrument_in_subprocess(src, f.filename().string(), options, name);
    std::string log;
    if (!builds(d, src, options, nullptr)) {
      ++rejected;
      if (r.ok && !builds(d, r.source, options, nullptr)) {
        // Fine: the device rejects the original too.
      } else if (!r.ok && r.diagnostics.empty()) {
        std::cout << "FAIL " << f.filename().string() << ": refused without diagnostics\n";
        ++failures;
      }
      continue;
    }
    ++compiled;
    if (!r.ok) {
      // Allowed, with a reason: Clang 14 is stricter than some drivers' compilers
      // (PoCL's Clang 15 takes non-UTF-8 bytes, for one).
      if (r.diagnostics.empty()) {
        std::cout << "FAIL " << f.filename().string() << ": refused without diagnostics\n";
        ++failures;
      } else {
        std::cout << "refused " << f.filename().string() << ": "
                  << r.diagnostics.substr(0, r.diagnostics.find('\n')) << "\n";
        ++refused;
      }
    } else if (!builds(d, r.source, options, &log)) {
      std::cout << "FAIL " << f.filename().string() << ": the instrumented kernel does not "
                << "compile:\n"
                << log << "\n";
      ++failures;
    }
  }
  std::cout << files.size() << " files: " << compiled << " compile on the device (each "
            << "instrumented and compiled again), " << rejected << " rejected; " << refused
            << " of those that compile refused by the instrumenter "
            << "with diagnostics; " << failures << " failures\n";
  return failures ? 1 : 0;
}
