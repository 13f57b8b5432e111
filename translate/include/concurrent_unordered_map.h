// <concurrent_unordered_map.h>: Concurrency::concurrent_unordered_map and
// concurrent_unordered_multimap, hash maps that threads insert into, find in and
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
#include <oneapi/tbb/concurrent_unordered_map.h>
#include <ampcl/concurrency/ppl/tbb_pop.h>
// clang-format on

#include <functional>
#include <memory>
#include <utility>

namespace Concurrency {

template <class Key, class T, class Hash = std::hash<Key>, class KeyEqual = std::equal_to<Key>,
          class Allocator = std::allocator<std::pair<const Key, T>>>
class concurrent_unordered_map
    : public tbb::concurrent_unordered_map<Key, T, Hash, KeyEqual, Allocator> {
 public:
  using tbb::concurrent_unordered_map<Key, T, Hash, KeyEqual, Allocator>::concurrent_unordered_map;
  concurrent_unordered_map() = default;
};

template <class Key, class T, class Hash = std::hash<Key>, class KeyEqual = std::equal_to<Key>,
          class Allocator = std::allocator<std::pair<const Key, T>>>
class concurrent_unordered_multimap
    : public tbb::concurrent_unordered_multimap<Key, T, Hash, KeyEqual, Allocator> {
 public:
  using tbb::concurrent_unordered_multimap<Key, T, Hash, KeyEqual,
                                           Allocator>::concurrent_unordered_multimap;
  concurrent_unordered_multimap() = default;
};

}  // namespace Concurrency

#include <ampcl/concurrency/macros_pop.h>
