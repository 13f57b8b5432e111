// Serial stand-in for the few names of Microsoft's Parallel Patterns Library
// (ppl.h, a CPU library that is not part of C++ AMP) that the samples call on
// the host.  On the -I path of scripts/validate_amp.sh only.
#pragma once
#include <functional>
#include <numeric>
#include <utility>
namespace Concurrency {
template <typename It, typename T, typename Op>
T parallel_reduce(It first, It last, const T& identity, const Op& op) {
  T acc = identity;
  for (; first != last; ++first) acc = op(acc, *first);
  return acc;
}
template <typename I, typename F>
void parallel_for(I first, I last, const F& f) { for (I i = first; i < last; ++i) f(i); }
template <typename I, typename F>
void parallel_for(I first, I last, I step, const F& f) { for (I i = first; i < last; i += step) f(i); }
template <typename It, typename F>
void parallel_for_each(It first, It last, const F& f) { for (; first != last; ++first) f(*first); }
template <typename... F>
void parallel_invoke(const F&... f) { (f(), ...); }
}  // namespace Concurrency
namespace concurrency = Concurrency;
