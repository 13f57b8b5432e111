// A launch that repeats the kernel's previous one: the same view, range and
// arguments, and no array or view has changed where its current data lives
// since. It needs no binding, no checks and no clSetKernelArg: the kernel already
// holds the right values. The driver's enqueue evicts the caller's data from the
// caches, so each line a launch touches is a miss; this path touches about half
// the lines of the full binding (bench/launch_cost/run.sh counts them).
#pragma once

#include <ampcl/detail/bound_arg.hpp>
#include <ampcl/ndrange.hpp>
#include <cstdint>
#include <vector>

#include "launch/arg_value.hpp"
#include "memory/storage_epoch.hpp"

namespace ampcl::detail {

struct view_state;

// The kernel's previous launch, kept under its launch state's lock.
class previous_launch {
 public:
  // Whether a launch of `count` arguments repeats the previous one.
  bool repeated_by(const view_state* view, const ndrange& r, const bound_arg* args,
                   std::size_t count) const;
  // Keeps a launch whose memory arguments were all resident for their access
  // when bound; `epoch` is storage_epoch read before binding. Launches it cannot
  // compare (images, samplers, values over 32 bytes) are not kept.
  void keep(std::uint64_t epoch, const view_state* view, const ndrange& r, const bound_arg* args,
            std::size_t count);
  void forget() { valid_ = false; }

 private:
  bool valid_ = false;
  std::uint64_t epoch_ = 0;
  const view_state* view_ = nullptr;
  ndrange range_;
  std::vector<arg_value> args_;  // keeps its capacity
};

}  // namespace ampcl::detail
