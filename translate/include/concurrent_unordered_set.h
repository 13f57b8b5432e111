// <concurrent_unordered_set.h>: Concurrency::concurrent_unordered_set and
// concurrent_unordered_multiset, hash sets that threads insert into, find in and
// iterate at once (erasing is unsafe_erase, not safe alongside them): oneTBB's
// containers of those names, whose interface is the same, with the C++ library's
// allocator by default as in Visual C++ (docs/companion_headers.md). Programs link
// oneTBB (-ltbb).
#pragma once

// The order matters: the macros are set aside around oneTBB's headers.
// clang-format off
#include <ampcl/concurrency/macros_push.h>
#include <concrt.h>  // as Visual C++'s has it: critical_section and friends come along
#include <ampcl/concurrency/namespace.h>
#include <ampcl/concurrency/ppl/tbb_push.h>
#include <oneapi/tbb/concurrent_unordered_set.h>
#include <ampcl/concurrency/ppl/tbb_pop.h>
// clang-format on

#include <functional>
#include <memory>

namespace Concurrency {

template <class Key, class Hash = std::hash<Key>, class KeyEqual = std::equal_to<Key>,
          class Allocator = std::allocator<Key>>
class concurrent_unordered_set
    : public tbb::concurrent_unordered_set<Key, Hash, KeyEqual, Allocator> {
 public:
  using tbb::concurrent_unordered_set<Key, Hash, KeyEqual, Allocator>::concurrent_unordered_set;
  concurrent_unordered_set() = default;
};

template <class Key, class Hash = std::hash<Key>, class KeyEqual = std::equal_to<Key>,
          class Allocator = std::allocator<Key>>
class concurrent_unordered_multiset
    : public tbb::concurrent_unordered_multiset<Key, Hash, KeyEqual, Allocator> {
 public:
  using tbb::concurrent_unordered_multiset<Key, Hash, KeyEqual,
                                           Allocator>::concurrent_unordered_multiset;
  concurrent_unordered_multiset() = default;
};

}  // namespace Concurrency

#include <ampcl/concurrency/macros_pop.h>
