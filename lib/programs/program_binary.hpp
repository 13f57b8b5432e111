// The OpenCL side of the disk cache: programs created from stored binaries, and
// binaries fetched from programs built from source.
#pragma once

#include <ampcl/cl.hpp>
#include <ampcl/detail/cl_handle.hpp>
#include <string>

#include "programs/sha256.hpp"

namespace ampcl::detail {

// A program from the disk cache, or why there is none.
struct disk_load {
  basic_cl_handle<cl_program> program;  // empty on a miss
  std::string miss;                     // why not, for AMPCL_LOG=info
  double read_ms = 0, verify_ms = 0, driver_ms = 0;
};

// The program for `device` in `context` built from the disk cache's entry for
// `key` with the full build `options`. A binary the driver rejects is removed
// (the caller builds from source and stores anew).
disk_load program_from_disk(cl_context context, cl_device_id device, const sha256::digest& key,
                            const std::string& options, const std::string& source_name);

// Stores the binary of `program`, just built from source for `device` (named
// `device_name` in the log), under `key`.
void program_to_disk(cl_device_id device, const std::string& device_name, const sha256::digest& key,
                     cl_program program);

}  // namespace ampcl::detail
