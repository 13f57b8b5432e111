// <concurrent_queue.h>: Concurrency::concurrent_queue, a FIFO queue that threads
// push to and try_pop from at once (unsafe_size, unsafe_begin/end and clear are not
// safe alongside them): oneTBB's concurrent_queue, whose interface is the same,
// with the C++ library's allocator by default as in Visual C++
// (docs/companion_headers.md). Programs link oneTBB (-ltbb).
#pragma once

// The order matters: the macros are set aside around oneTBB's headers.
// clang-format off
#include <ampcl/concurrency/macros_push.h>
#include <concrt.h>  // as Visual C++'s has it: critical_section and friends come along
#include <ampcl/concurrency/namespace.h>
#include <ampcl/concurrency/ppl/tbb_push.h>
#include <oneapi/tbb/concurrent_queue.h>
#include <ampcl/concurrency/ppl/tbb_pop.h>
// clang-format on

#include <memory>

namespace Concurrency {

template <class T, class Allocator = std::allocator<T>>
class concurrent_queue : public tbb::concurrent_queue<T, Allocator> {
 public:
  using tbb::concurrent_queue<T, Allocator>::concurrent_queue;
  concurrent_queue() = default;
};

}  // namespace Concurrency

#include <ampcl/concurrency/macros_pop.h>
