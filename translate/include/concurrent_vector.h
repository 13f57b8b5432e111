// <concurrent_vector.h>: Concurrency::concurrent_vector, a vector that threads grow
// at once (push_back, grow_by, grow_to_at_least return iterators to what they
// added, and elements never move): oneTBB's concurrent_vector, whose interface is
// the same, with the C++ library's allocator by default as in Visual C++
// (docs/companion_headers.md). Programs link oneTBB (-ltbb).
#pragma once

// The order matters: the macros are set aside around oneTBB's headers.
// clang-format off
#include <ampcl/concurrency/macros_push.h>
#include <concrt.h>  // as Visual C++'s has it: critical_section and friends come along
#include <ampcl/concurrency/namespace.h>
#include <ampcl/concurrency/ppl/tbb_push.h>
#include <oneapi/tbb/concurrent_vector.h>
#include <ampcl/concurrency/ppl/tbb_pop.h>
// clang-format on

#include <memory>

namespace Concurrency {

template <class T, class Allocator = std::allocator<T>>
class concurrent_vector : public tbb::concurrent_vector<T, Allocator> {
 public:
  using tbb::concurrent_vector<T, Allocator>::concurrent_vector;
  concurrent_vector() = default;
};

}  // namespace Concurrency

#include <ampcl/concurrency/macros_pop.h>
