// The compile step of a launch: the kernel object's compiled variants (one per
// device and launch shape, found without a lock once seen), else the program
// cache, which builds or loads it. A build that fails for want of double
// precision is reported as the missing device feature it is.
#pragma once

#include <ampcl/errors.hpp>
#include <ampcl/kernel.hpp>
#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "devices/device_state.hpp"
#include "launch/kernel_state.hpp"

namespace ampcl::detail {

// One compiled variant of a kernel object.
struct kernel_variant {
  const device_state* dev;
  int rank;  // 0: launch_ndrange, whose options are the kernel's own
  int tile[3];
  kernel_launch_state* state;  // the compiled kernel and its launch state
  std::string options;         // the build options, -DAMPCL_RANK and tiles included
  // The build a launch hook's rewritten kernel last ran as (launch.cpp), found by
  // the text object the hook hands back: a repeat launch reads no text.
  mutable std::mutex hooked_m;
  mutable std::shared_ptr<const std::string> hooked_source;
  mutable std::string hooked_options;
  mutable kernel_launch_state* hooked_state = nullptr;
};

// The variants one `kernel` object (and its copies) has launched.
struct kernel_variants {
  std::atomic<const kernel_variant*> last{nullptr};  // the latest found: no lock to check it
  std::mutex m;
  std::vector<std::unique_ptr<kernel_variant>> all;  // only ever grows
};

// The variant of `k` for a launch of `rank` (0: an NDRange launch) in tiles of
// `tile` (AMP order; null when untiled) on `dev`, compiled on first use. Counts
// a program cache hit when the variant was there.
const kernel_variant& variant_for(device_state& dev, const kernel& k, int rank, const int* tile);

// The same variant when it is the latest `k` found (no lock, no count: a launch
// counts the hit in the variant's launch state), else null.
inline const kernel_variant* latest_variant(const device_state& dev, const kernel& k, int rank,
                                            const int* tile) {
  const kernel_variant* last = k.variants().last.load(std::memory_order_acquire);
  if (!last || last->dev != &dev || last->rank != rank) return nullptr;
  // Element by element: std::equal would call memcmp.
  if (!tile) return last->tile[0] == 0 && last->tile[1] == 0 && last->tile[2] == 0 ? last : nullptr;
  return last->tile[0] == (rank > 0 ? tile[0] : 0) && last->tile[1] == (rank > 1 ? tile[1] : 0) &&
                 last->tile[2] == (rank > 2 ? tile[2] : 0)
             ? last
             : nullptr;
}

// Whether a build log blames double precision ("double", "fp64"), as compilers
// do when a kernel uses doubles on a device without cl_khr_fp64.
bool build_log_blames_fp64(const std::string& log);

// The kernel compiled for `dev` (cached). A build that fails on a device
// without fp64 because of doubles throws unsupported_feature (with the build
// log) instead of build_error: the fix is another device or float, not the
// kernel's syntax.
std::shared_ptr<compiled_kernel> compile_for_device(device_state& dev, const kernel& k,
                                                    const std::string& options);

}  // namespace ampcl::detail
