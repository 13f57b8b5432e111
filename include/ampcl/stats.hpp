// Counters of what the runtime did: compiles, cache hits, transfers. For tests
// and for performance debugging (AMPCL_LOG prints the same events).
#pragma once

#include <cstdint>

namespace ampcl {

struct statistics {
  std::uint64_t programs_built = 0;             // clBuildProgram calls that compiled source
  std::uint64_t program_cache_hits = 0;         // launches served by an already built program
  std::uint64_t programs_loaded_from_disk = 0;  // programs built from a binary in AMPCL_CACHE_DIR
  std::uint64_t host_to_device_copies = 0;
  std::uint64_t device_to_host_copies = 0;
  std::uint64_t bytes_to_device = 0;
  std::uint64_t bytes_to_host = 0;
  // Host memory ranges registered with the driver, so that their copies need no
  // staging (AMPCL_REGISTER_AFTER; lib/memory/host_registration.hpp).
  std::uint64_t host_registrations = 0;
  std::uint64_t launches = 0;
  // Launches that repeated their kernel's previous one (same view, range and
  // arguments, no data moved since): enqueued without binding or setting arguments.
  std::uint64_t repeat_launches = 0;
  std::uint64_t queue_flushes = 0;  // clFlush calls made for immediate accelerator_views
  // OpenCL object references ampcl holds right now (contexts, queues, buffers,
  // programs, kernels, events). Not reset: a count that keeps growing over repeated
  // work that caches nothing new is a leak.
  std::uint64_t live_cl_objects = 0;
};

// A snapshot of the process-wide counters.
statistics get_statistics();
void reset_statistics();

}  // namespace ampcl
