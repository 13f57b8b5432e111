// The counters behind ampcl::get_statistics(), bumped where the work happens.
#pragma once

#include <ampcl/stats.hpp>
#include <atomic>
#include <cstdint>

namespace ampcl::detail {

// Launches, repeat launches and the cache hits of launches that find their
// compiled variant at once count in their kernel's launch state instead
// (lib/launch/kernel_state.hpp), with no locked instruction.
struct alignas(64) counters {
  std::atomic<std::uint64_t> program_cache_hits{0};
  std::atomic<std::uint64_t> queue_flushes{0};
  std::atomic<std::uint64_t> programs_built{0};
  std::atomic<std::uint64_t> programs_loaded_from_disk{0};
  std::atomic<std::uint64_t> host_to_device_copies{0};
  std::atomic<std::uint64_t> device_to_host_copies{0};
  std::atomic<std::uint64_t> bytes_to_device{0};
  std::atomic<std::uint64_t> bytes_to_host{0};
  std::atomic<std::uint64_t> host_registrations{0};
};

counters& global_counters();
// References to OpenCL objects ampcl holds (cl_handle, storage's buffer): the
// statistics' live_cl_objects, for leak checks.
std::atomic<std::int64_t>& live_cl_objects();

}  // namespace ampcl::detail
