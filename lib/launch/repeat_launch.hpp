// A launch that repeats the kernel's previous one: the same view, range and
// arguments, and no array or view has changed where its current data lives
// since. It needs no binding, no checks and no clSetKernelArg: the kernel already
// holds the right values. The driver's enqueue evicts the caller's data from the
// caches, so each line a launch touches is a miss; this path touches about half
// the lines of the full binding (bench/launch_cost/run.sh counts them).
#pragma once

#include <ampcl/detail/bound_arg.hpp>
#include <ampcl/detail/view_shape.hpp>
#include <ampcl/ndrange.hpp>
#include <cstdint>
#include <vector>

#include "memory/storage_epoch.hpp"

namespace ampcl::detail {

struct view_state;

// The kernel's last launch, kept under its launch_mutex.
class repeat_memo {
 public:
  // Whether a launch of `count` arguments repeats the remembered one.
  bool matches(const view_state* view, const ndrange& r, const bound_arg* args,
               std::size_t count) const;
  // Remembers a launch whose memory arguments were all resident for their access
  // when bound; `epoch` is storage_epoch read before binding. Launches the memo
  // cannot compare (images, samplers, values over 32 bytes) are not remembered.
  void record(std::uint64_t epoch, const view_state* view, const ndrange& r, const bound_arg* args,
              std::size_t count);
  void forget() { valid_ = false; }

 private:
  struct arg {
    bound_arg::kind what = bound_arg::kind::scalar;
    bool read_only_view = false;
    const char* cl_type = nullptr;
    const void* id = nullptr;      // memory: the storage; raw_buffer: the cl_mem
    std::size_t size = 0;          // memory: element size; scalar, local memory: bytes
    unsigned char bytes[32] = {};  // memory: its view_shape; scalar: its value
  };
  static bool entry_for(const bound_arg& a, arg& m);
  bool valid_ = false;
  std::uint64_t epoch_ = 0;
  const view_state* view_ = nullptr;
  ndrange range_;
  std::vector<arg> args_;  // keeps its capacity
};

}  // namespace ampcl::detail
