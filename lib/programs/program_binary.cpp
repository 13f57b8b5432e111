#include "programs/program_binary.hpp"

#include <ampcl/errors.hpp>
#include <chrono>
#include <vector>

#include "programs/binary_cache.hpp"
#include "support/log.hpp"

namespace ampcl::detail {

namespace {
double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}
}  // namespace

disk_load program_from_disk(cl_context context, cl_device_id device, const sha256::digest& key,
                            const std::string& options, const std::string& source_name) {
  disk_load result;
  auto& cache = binary_cache::process();
  binary_cache::load_report report;
  const auto binary = cache.load_stored(key, &report);  // mapped: the driver copies it
  result.read_ms = report.read_ms;
  result.verify_ms = report.verify_ms;
  if (!binary) {
    result.miss = report.miss;
    return result;
  }
  const auto start = std::chrono::steady_clock::now();
  const unsigned char* bytes = binary->data();
  const std::size_t size = binary->size();
  cl_int status = CL_SUCCESS, err = CL_SUCCESS;
  basic_cl_handle<cl_program> p(
      clCreateProgramWithBinary(context, 1, &device, &size, &bytes, &status, &err));
  if (err == CL_SUCCESS && status != CL_SUCCESS) err = status;
  if (err == CL_SUCCESS)
    err = clBuildProgram(p.get(), 1, &device, options.c_str(), nullptr, nullptr);
  result.driver_ms = ms_since(start);
  if (err != CL_SUCCESS) {
    log(log_level::warn, "the driver rejected the cached binary ", cache.entry_path(key), " of ",
        source_name, " (", cl_error_name(err), "); building from source");
    cache.remove(key);
    result.miss = std::string("the driver rejected the stored binary (") + cl_error_name(err) + ")";
    return result;
  }
  result.program = std::move(p);
  return result;
}

void program_to_disk(cl_device_id device, const std::string& device_name, const sha256::digest& key,
                     cl_program program) {
  auto& cache = binary_cache::process();
  if (!cache.enabled()) return;
  const auto start = std::chrono::steady_clock::now();
  cl_uint n = 0;
  if (clGetProgramInfo(program, CL_PROGRAM_NUM_DEVICES, sizeof n, &n, nullptr) != CL_SUCCESS ||
      n == 0)
    return;
  std::vector<cl_device_id> devices(n);
  std::vector<std::size_t> sizes(n);
  if (clGetProgramInfo(program, CL_PROGRAM_DEVICES, n * sizeof(cl_device_id), devices.data(),
                       nullptr) != CL_SUCCESS ||
      clGetProgramInfo(program, CL_PROGRAM_BINARY_SIZES, n * sizeof(std::size_t), sizes.data(),
                       nullptr) != CL_SUCCESS)
    return;
  std::size_t mine = n;
  for (std::size_t i = 0; i < n; ++i)
    if (devices[i] == device) mine = i;
  if (mine == n || sizes[mine] == 0) {
    log(log_level::debug, "the driver gives no binary for ", device_name, "; nothing to store");
    return;
  }
  std::vector<unsigned char> binary(sizes[mine]);
  std::vector<unsigned char*> targets(n, nullptr);  // null: the driver skips that device
  targets[mine] = binary.data();
  if (clGetProgramInfo(program, CL_PROGRAM_BINARIES, n * sizeof(unsigned char*), targets.data(),
                       nullptr) != CL_SUCCESS)
    return;
  if (cache.store(key, binary))
    log(log_level::debug, "stored ", binary.size(), " bytes in ", cache.entry_path(key), " in ",
        ms_since(start), " ms");
}

}  // namespace ampcl::detail
