// Host/device hazards of one checked launch: the host memory behind its buffer
// arguments (the user's container, the owned host copy) is page-guarded while the
// launch runs (host_guard.hpp): read-only if the kernel only reads it, no access
// if the kernel may write it. The bytes no guard covers (partial pages at the
// ends, or all when mprotect is refused) of read-only arguments are hashed at
// enqueue and at completion instead, as before page guards.
#pragma once

#include <ampcl/launch_hook.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "hazard.hpp"
#include "host_guard.hpp"

namespace ampcl::debug {

struct host_memory_watch {
  std::string param;
  bool kernel_writes = false;
  const void* data = nullptr;
  std::size_t bytes = 0;
  guard_ticket guard;  // empty: no whole page, or not guardable
  page_span guarded;
  host_touch touch;  // what the guard caught, once lifted
  // Read-only arguments: hash of the bytes outside `guarded`.
  bool hashed = false;
  std::uint64_t hash_at_launch = 0;
  bool changed = false;
};

// Call right after the launch is enqueued: guards and hashes its host memory.
std::vector<host_memory_watch> watch_host_memory(const launch_record& launch);

// Lifts the guards and records what they caught; `at_completion` (the launch's
// completion callback) also compares the hashes, which later would be wrong.
void settle_host_watches(std::vector<host_memory_watch>& watches, bool at_completion);

std::vector<hazard> host_device_hazards(const launch_record& launch,
                                        const std::vector<host_memory_watch>& watches);

}  // namespace ampcl::debug
