#include "programs/program_builder.hpp"

#include <ampcl/detail/build_options.hpp>
#include <ampcl/detail/settings.hpp>
#include <ampcl/errors.hpp>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>

#include "programs/binary_cache.hpp"
#include "programs/include_closure.hpp"
#include "programs/program_binary.hpp"
#include "support/cl_info.hpp"
#include "support/log.hpp"

namespace ampcl::detail {

namespace {

std::atomic<std::uint64_t> built_from_source{0}, loaded_from_disk{0};

double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

std::string build_log(cl_program p, cl_device_id d) {
  std::size_t n = 0;
  clGetProgramBuildInfo(p, d, CL_PROGRAM_BUILD_LOG, 0, nullptr, &n);
  std::string s(n, '\0');
  if (n) clGetProgramBuildInfo(p, d, CL_PROGRAM_BUILD_LOG, n, s.data(), nullptr);
  while (!s.empty() && (s.back() == '\0' || s.back() == '\n')) s.pop_back();
  return s;
}

// PoCL keeps what it builds from source in its own kernel cache (on unless
// POCL_KERNEL_CACHE is set to a value not starting with "1", as PoCL reads it),
// and a later build of the same source is served from there. Asking it for a
// binary compiles every kernel once more, for any work-group size: checked
// PolyBench/Rodinia runs on PoCL took half as long cold without the store
// (docs/validation_layer.md, "PoCL on 2 cores", with the command); warm, the
// stored binaries spare PoCL's preprocessing of each source for its cache key, so
// `always` suits repeated runs (docs/validation_layer.md has both, measured).
bool driver_keeps_builds(const device_identity& id) {
  if (id.platform_name.find("Portable Computing Language") == std::string::npos) return false;
  const char* pocl_cache = std::getenv("POCL_KERNEL_CACHE");
  return !pocl_cache || std::strncmp(pocl_cache, "1", 1) == 0;
}

// Whether programs built for `id` go to (and come from) the disk cache; empty
// when they do, else why not.
std::string why_not_on_disk(const device_identity& id) {
  enum { automatic, always, never };  // the row's order
  static const int mode =
      settings::choice<runtime_exception>(settings::id::cache_binaries).value_or(automatic);
  if (mode == never) return "AMPCL_CACHE_BINARIES=never";
  if (mode == automatic && driver_keeps_builds(id))
    return "the driver keeps its own builds (PoCL's kernel cache); AMPCL_CACHE_BINARIES=always "
           "keeps them here too";
  return "";
}

}  // namespace

device_identity identify(cl_device_id device) {
  static std::mutex m;
  static std::map<cl_device_id, device_identity> known;
  {
    std::lock_guard<std::mutex> lock(m);
    if (auto it = known.find(device); it != known.end()) return it->second;
  }
  device_identity id;
  cl_platform_id platform = nullptr;
  if (clGetDeviceInfo(device, CL_DEVICE_PLATFORM, sizeof platform, &platform, nullptr) ==
      CL_SUCCESS)
    id.platform_name = platform_string(platform, CL_PLATFORM_NAME);
  id.name = device_string(device, CL_DEVICE_NAME);
  id.version = device_string(device, CL_DEVICE_VERSION);
  id.driver_version = device_string(device, CL_DRIVER_VERSION);
  std::lock_guard<std::mutex> lock(m);
  return known.emplace(device, std::move(id)).first->second;
}

built_program build_program(const program_request& r) {
  built_program out;
  out.options = full_build_options(r.options);
  device_identity asked;
  if (!r.identity) asked = identify(r.device);
  const device_identity& id = r.identity ? *r.identity : asked;

  // The disk cache first: a binary another process built for this very device,
  // driver, source, options and included files.
  auto& cache = binary_cache::process();
  const auto lookup = std::chrono::steady_clock::now();
  std::string not_cached;  // why the disk cache did not give the program
  bool on_disk = false;
  sha256::digest key{};
  if (!cache.enabled()) {
    not_cached = cache.why_disabled();
  } else if (std::string driver_side = why_not_on_disk(id); !driver_side.empty()) {
    not_cached = std::move(driver_side);
  } else if (include_closure inc = find_includes(r.source, out.options, r.prelude);
             !inc.unresolved.empty()) {
    not_cached = inc.unresolved;
  } else {
    on_disk = true;
    key = binary_key{id.platform_name,
                     id.name,
                     id.version,
                     id.driver_version,
                     out.options,
                     std::string(r.key_text.empty() ? r.source : r.key_text),
                     std::move(inc.contents)}
              .digest();
    const double key_ms = ms_since(lookup);
    disk_load d = program_from_disk(r.context, r.device, key, out.options, r.source_name);
    if (d.program) {
      out.program = std::move(d.program);
      out.from_disk = true;
      ++loaded_from_disk;
      log(log_level::info, "loaded ", r.source_name, " [", r.options, "] for ", id.name,
          " from the disk cache in ", ms_since(lookup), " ms (key ", key_ms, ", read ", d.read_ms,
          ", verify ", d.verify_ms, ", driver ", d.driver_ms, ")");
      return out;
    }
    not_cached = d.miss;
  }

  const auto start = std::chrono::steady_clock::now();
  ++built_from_source;
  cl_int err = CL_SUCCESS;
  const char* text = r.source.data();
  const std::size_t length = r.source.size();
  out.program =
      basic_cl_handle<cl_program>(clCreateProgramWithSource(r.context, 1, &text, &length, &err));
  if (err != CL_SUCCESS) {
    out.program.reset();
    out.error = err;
    out.failed_call = "clCreateProgramWithSource";
    return out;
  }
  err = clBuildProgram(out.program.get(), 1, &r.device, out.options.c_str(), nullptr, nullptr);
  out.log = build_log(out.program.get(), r.device);
  log(log_level::info, "built ", r.source_name, " [", r.options, "] for ", id.name, " in ",
      ms_since(start), " ms (not from the disk cache: ", not_cached, ")");
  if (err != CL_SUCCESS) {
    out.program.reset();
    out.error = err;
    out.failed_call = "clBuildProgram";
    log(log_level::debug, "building ", r.source_name, " failed with ", cl_error_name(err));
  } else if (on_disk) {
    program_to_disk(r.device, id.name, key, out.program.get());  // failures are never stored
  }
  return out;
}

program_build_counts program_builds() {
  return {built_from_source.load(), loaded_from_disk.load()};
}

}  // namespace ampcl::detail
