// What launches of one compiled kernel share, beside its cl_kernel: the lock that
// makes setting arguments and enqueueing one step, the value each parameter holds
// (an unchanged argument is not set again), the previous launch (for repeats),
// and per parameter the host type that last passed its checks. programs/ compiles
// the kernel; this is launch/'s own state about it.
#pragma once

#include <ampcl/cl.hpp>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "launch/arg_value.hpp"
#include "launch/repeat_launch.hpp"
#include "programs/program_cache.hpp"

namespace ampcl::detail {

// The host type spelling (a static string) of the last argument that passed every
// check against a parameter, as an array/view or as a value: a later launch
// compares one pointer instead of the strings. A stale value only costs the
// checks; relaxed atomics, as hooked launches bind without the lock.
struct passed_types {
  std::atomic<const char*> as_memory{nullptr};
  std::atomic<const char*> as_value{nullptr};
};

// A count bumped under a kernel's lock, so one writer at a time: a plain load and
// store (no locked read-modify-write, which waits for every store before it), on
// the line the launch takes the lock in; get_statistics() reads it from any thread.
class launch_count {
 public:
  void bump() { n_.store(n_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed); }
  std::uint64_t get() const { return n_.load(std::memory_order_relaxed); }

 private:
  std::atomic<std::uint64_t> n_{0};
};

struct alignas(64) kernel_launch_state {
  explicit kernel_launch_state(std::shared_ptr<const compiled_kernel> k);

  // What a repeat launch reads, side by side.
  const cl_kernel kernel;  // the compiled kernel's handle
  std::mutex m;            // setting arguments and the enqueue are one step
  // This kernel's share of get_statistics()'s launches and repeat_launches, and of
  // program_cache_hits the launches that found their variant at once; under m.
  launch_count launches, repeat_launches, cache_hits;
  previous_launch previous;  // under m
  const std::shared_ptr<const compiled_kernel> compiled;
  std::vector<arg_value> held;  // under m: what each parameter holds
  const std::unique_ptr<passed_types[]> passed;

  // Set parameter `index` unless it already holds the value. Call with m held.
  void hold_buffer(cl_uint index, cl_mem mem);  // a buffer or an image
  void hold_sampler(cl_uint index, cl_sampler sampler);
  void hold_bytes(cl_uint index, const void* data, std::size_t size);
  void hold_local(cl_uint index, std::size_t size);

 private:
  // clSetKernelArg(index, size, value) unless `kept` (known) is what it holds.
  void set(cl_uint index, const arg_value& kept, std::size_t size, const void* value);
};

// The launch state of a compiled kernel, made at its first launch; lives as long
// as the process, like the program cache's kernels.
kernel_launch_state& launch_state_of(const std::shared_ptr<const compiled_kernel>& k);

// The launch states' counts together, less those at the latest reset.
struct launch_counts {
  std::uint64_t launches = 0, repeat_launches = 0, cache_hits = 0;
};
launch_counts counted_launches();
void reset_counted_launches();

}  // namespace ampcl::detail
