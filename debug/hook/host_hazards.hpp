// Host/device hazards of one checked launch: the host memory behind its buffer
// arguments (the user's container, the owned host copy) is page-guarded while the
// launch runs (host_guard.hpp): read-only if the kernel only reads it, no access
// if the kernel may write it. The bytes no guard covers (partial pages at the
// ends, or all when mprotect is refused) of read-only arguments are hashed at
// enqueue and at completion instead, as before page guards.
//
// A hash difference says nothing of where, so it must be certain before it is a
// report: the kernel only reads the memory, and no other command of the queue
// may write it between the two hashes. Memory the device itself uses in place
// (an array's zero-copy allocation, CL_MEM_USE_HOST_PTR: never page-guarded) is
// written by commands of the queue: earlier ones may still be running when the
// launch is enqueued (the kernel that filled a tile-sums array, a copy between
// arrays), so its hash at launch waits for them (a marker enqueued before the
// kernel); a later launch that may write it is enqueued only once the hash at
// completion is taken (writes_hashed_memory). Where the earlier work cannot be
// waited for, a difference is reported as not checked (host-device-unknown),
// not as a race.
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
  // The device uses this memory in place (CL_MEM_USE_HOST_PTR): commands of the
  // queue may write it while it is hashed. Set at launch, never changed.
  bool in_place = false;
  // Read-only arguments: hash of the bytes outside `guarded`. `compared` is set
  // at launch and never changed (unlike `hashed`, cleared once compared).
  bool compared = false;
  bool hashed = false;
  std::uint64_t hash_at_launch = 0;
  // The hash at launch was taken while earlier commands of the queue, which may
  // write in-place memory, could still be running: a difference is not certain.
  bool launch_hash_uncertain = false;
  bool changed = false;
};

// True when a hash of this launch covers memory the device uses in place: the
// caller enqueues a marker before the kernel (it completes once the queue's
// earlier commands are done) and hands it to watch_host_memory.
bool hashes_in_place_memory(const launch_record& launch);

// Call right after the launch is enqueued: guards and hashes its host memory.
// `earlier_work`: the marker enqueued just before the kernel, or null; memory
// the device uses in place is hashed once it completed (this waits for it).
std::vector<host_memory_watch> watch_host_memory(const launch_record& launch,
                                                 cl_event earlier_work);

// True when `next` (a launch not enqueued yet) may write memory that one of
// `watches` compares in place: the launch they watch must be settled before
// `next` is enqueued, or its hash at completion could see `next`'s writes.
bool writes_hashed_memory(const std::vector<host_memory_watch>& watches, const launch_record& next);

// Lifts the guards and records what they caught; `at_completion` (the launch's
// completion callback) also compares the hashes, which later would be wrong.
void settle_host_watches(std::vector<host_memory_watch>& watches, bool at_completion);

std::vector<hazard> host_device_hazards(const launch_record& launch,
                                        const std::vector<host_memory_watch>& watches);

}  // namespace ampcl::debug
