// The one place ampcl builds OpenCL programs: the runtime's program cache, the
// race checker's engine (debug/hook) and its ICD layer (debug/layer) all build
// here, with the options composed once (full_build_options) and through the
// disk cache (binary_cache.hpp), so that a second process, or a second CI run
// with the same AMPCL_CACHE_DIR, builds no program from source, instrumented
// ones included.
//
// It needs OpenCL, the disk cache and AMPCL_LOG only, not libampcl: the layer,
// which is loaded into programs that never link libampcl and calls the driver
// below it, links it as the static library ampcl_program_builder.
#pragma once

#include <ampcl/cl.hpp>
#include <ampcl/detail/cl_handle.hpp>
#include <cstdint>
#include <string>
#include <string_view>

namespace ampcl::detail {

// What the disk cache's key holds of a device: its compiler is the driver's.
struct device_identity {
  std::string platform_name, name, version, driver_version;
};
// Asked of the driver once per device.
device_identity identify(cl_device_id device);

struct program_request {
  cl_context context = nullptr;
  cl_device_id device = nullptr;
  std::string_view source;               // OpenCL C
  std::string options;                   // the caller's; full_build_options() adds ampcl's
  std::string source_name = "<string>";  // for the log
  // What the key hashes for the source: the source itself when empty, else what
  // the source was expanded from (kernel_source::key_text).
  std::string_view key_text;
  // A prelude the source has pasted in, which the scan for #includes skips.
  std::string_view prelude;
  const device_identity* identity = nullptr;  // identify(device) when null
};

struct built_program {
  basic_cl_handle<cl_program> program;  // null when it could not be made
  cl_int error = CL_SUCCESS;            // the failing call's code
  const char* failed_call = nullptr;    // "clCreateProgramWithSource", "clBuildProgram"
  std::string log;                      // the driver's build log, as it gave it
  std::string options;                  // the full options
  bool from_disk = false;
};

// Loads the program from the disk cache, else builds it from source (and stores
// it). A failed build is never stored: every process reports it with its log.
built_program build_program(const program_request& request);

// Programs made by build_program in this process: from source (failures
// included) and from the disk cache. Tests read it.
struct program_build_counts {
  std::uint64_t from_source = 0, from_disk = 0;
};
program_build_counts program_builds();

}  // namespace ampcl::detail
