// A process-wide count of changes to any storage's lock-free launch path (its
// resident buffer and the views it is current on). A launch bound at epoch E is
// bound the same way while the epoch is still E (launch/repeat_launch.hpp).
#pragma once

#include <atomic>
#include <cstdint>

namespace ampcl::detail {

extern std::atomic<std::uint64_t> storage_epoch;

}  // namespace ampcl::detail
