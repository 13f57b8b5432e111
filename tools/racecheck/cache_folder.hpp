// --cache-dir: one folder that keeps every compile a checked run pays for, so a
// CI job that saves and restores it between runs (actions/cache, GitLab's cache:)
// starts warm. The instrumenter's results and ampcl's program binaries go to
// DIR/ampcl (AMPCL_CACHE_DIR), PoCL's kernel builds to DIR/pocl (POCL_CACHE_DIR),
// NVIDIA's machine code for the PTX it is given to DIR/nvidia (CUDA_CACHE_PATH).
// Entries are keyed by the driver's version, so a cache restored on a machine
// with another driver is ignored, not trusted.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace ampcl::racecheck {

// NVIDIA's compute cache keeps at most this many bytes (CUDA_CACHE_MAXSIZE takes
// no more); its default, 256 MiB on older drivers, is a few dozen instrumented
// programs, after which it evicts what the next run needs.
inline constexpr const char* nvidia_cache_max_bytes = "4294967296";

// Makes DIR and its three folders (0700: ampcl trusts a cache folder only when
// nobody else can write it) and returns the variables that point the drivers
// and ampcl at them. Throws std::runtime_error naming the folder that could not
// be made and why.
std::vector<std::pair<std::string, std::string>> cache_environment(const std::string& dir);

}  // namespace ampcl::racecheck
