// <concurrent_priority_queue.h>: Concurrency::concurrent_priority_queue (push,
// try_pop of the largest element by Compare, size, empty; clear and swap are not
// safe alongside them): oneTBB's concurrent_priority_queue, whose interface is the
// same, with the C++ library's allocator by default as in Visual C++
// (docs/companion_headers.md). Programs link oneTBB (-ltbb).
#pragma once

// The order matters: the macros are set aside around oneTBB's headers.
// clang-format off
#include <ampcl/concurrency/macros_push.h>
#include <concrt.h>  // as Visual C++'s has it: critical_section and friends come along
#include <ampcl/concurrency/namespace.h>
#include <ampcl/concurrency/ppl/tbb_push.h>
#include <oneapi/tbb/concurrent_priority_queue.h>
#include <ampcl/concurrency/ppl/tbb_pop.h>
// clang-format on

#include <functional>
#include <memory>

namespace Concurrency {

template <class T, class Compare = std::less<T>, class Allocator = std::allocator<T>>
class concurrent_priority_queue : public tbb::concurrent_priority_queue<T, Compare, Allocator> {
 public:
  using tbb::concurrent_priority_queue<T, Compare, Allocator>::concurrent_priority_queue;
  concurrent_priority_queue() = default;
};

}  // namespace Concurrency

#include <ampcl/concurrency/macros_pop.h>
