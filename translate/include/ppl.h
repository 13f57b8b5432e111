// <ppl.h>: Microsoft's Parallel Patterns Library, as Visual C++ ships it, with
// oneTBB doing the parallel work (docs/companion_headers.md): parallel_for (with a
// step, and the auto/static/simple/affinity partitioners), parallel_for_each,
// parallel_invoke, parallel_reduce, parallel_transform, parallel_sort,
// parallel_buffered_sort, parallel_radixsort, task_group, structured_task_group,
// task_handle/make_task, combinable, cancellation, and <concrt.h>'s
// synchronization. Programs link oneTBB (-ltbb).
//
// parallel_for_each(first, last, f) is an overload beside C++ AMP's
// parallel_for_each(extent, kernel) in namespace Concurrency, as in Visual C++:
// iterators pick the CPU one, an extent the kernel launch.
#pragma once

// The order matters: the macros are set aside around oneTBB's headers.
// clang-format off
#include <ampcl/concurrency/macros_push.h>
#include <ampcl/concurrency/ppl/base.h>
#include <concrt.h>
#include <ampcl/concurrency/ppl/tbb_push.h>
#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/combinable.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/parallel_for_each.h>
#include <oneapi/tbb/parallel_invoke.h>
#include <oneapi/tbb/parallel_reduce.h>
#include <oneapi/tbb/parallel_sort.h>
#include <oneapi/tbb/partitioner.h>
#include <oneapi/tbb/task_arena.h>
#include <oneapi/tbb/task_group.h>
#include <ampcl/concurrency/ppl/tbb_pop.h>
// clang-format on

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <functional>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace Concurrency {

// ---- Partitioners ----------------------------------------------------------------

// Chunks sized by the load (oneTBB's auto_partitioner); the default.
class auto_partitioner {
 public:
  auto_partitioner() {}
};
// One chunk per worker (oneTBB's static_partitioner).
class static_partitioner {
 public:
  static_partitioner() {}
};
// Chunks of at most `chunk_size` iterations (oneTBB's simple_partitioner).
class simple_partitioner {
 public:
  explicit simple_partitioner(std::size_t chunk_size) : _M_chunk(chunk_size) {
    if (chunk_size == 0)
      throw std::invalid_argument("simple_partitioner: the chunk size must be at least 1");
  }
  std::size_t _Chunk() const { return _M_chunk; }

 private:
  std::size_t _M_chunk;
};
// Replays the chunks on the threads that ran them last time, when the same object
// is passed to the same loop again (oneTBB's affinity_partitioner).
class affinity_partitioner {
 public:
  affinity_partitioner() {}
  tbb::affinity_partitioner& _Tbb() { return _M_tbb; }

 private:
  tbb::affinity_partitioner _M_tbb;
};

namespace __ampcl {

// Runs body(blocked_range) over [0, n) with the partitioner asked for.
template <class Body>
void run_range(std::size_t n, const Body& body, const auto_partitioner&) {
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n), body, tbb::auto_partitioner());
}
template <class Body>
void run_range(std::size_t n, const Body& body, const static_partitioner&) {
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n), body, tbb::static_partitioner());
}
template <class Body>
void run_range(std::size_t n, const Body& body, const simple_partitioner& p) {
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, p._Chunk()), body,
                    tbb::simple_partitioner());
}
template <class Body>
void run_range(std::size_t n, const Body& body, affinity_partitioner& p) {
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n), body, p._Tbb());
}

template <class Iterator>
constexpr bool random_access =
    std::is_base_of<std::random_access_iterator_tag,
                    typename std::iterator_traits<Iterator>::iterator_category>::value;
template <class Iterator>
constexpr bool forward =
    std::is_base_of<std::forward_iterator_tag,
                    typename std::iterator_traits<Iterator>::iterator_category>::value;

template <class Index, class Function, class Partitioner>
void for_steps(Index first, Index last, Index step, const Function& f, Partitioner& part) {
  static_assert(std::is_integral<Index>::value && !std::is_same<Index, bool>::value,
                "parallel_for: the index type must be an integer type");
  if (step < Index(1))
    throw std::invalid_argument("parallel_for: _Step must be positive (at least 1)");
  if (!(first < last)) return;
  using U = std::make_unsigned_t<Index>;
  const U span = static_cast<U>(static_cast<U>(last) - static_cast<U>(first));
  const std::size_t n =
      static_cast<std::size_t>(span / static_cast<U>(step)) + (span % static_cast<U>(step) ? 1 : 0);
  run_range(
      n,
      [&](const tbb::blocked_range<std::size_t>& r) {
        for (std::size_t k = r.begin(); k != r.end(); ++k)
          f(static_cast<Index>(static_cast<U>(first) + static_cast<U>(k) * static_cast<U>(step)));
      },
      part);
}

// The starts of about 8 chunks per thread of [first, last) (forward iterators),
// `last` at the end.
template <class Iterator>
std::vector<Iterator> chunk_starts(Iterator first, Iterator last) {
  const std::size_t n = static_cast<std::size_t>(std::distance(first, last));
  const std::size_t want = 8 * static_cast<std::size_t>(tbb::this_task_arena::max_concurrency());
  const std::size_t chunks = std::max<std::size_t>(1, std::min(n, want));
  std::vector<Iterator> starts;
  starts.reserve(chunks + 1);
  for (std::size_t c = 0; c < chunks; ++c) {
    starts.push_back(first);
    std::advance(first, n / chunks + (c < n % chunks ? 1 : 0));
  }
  starts.push_back(last);
  return starts;
}
// interruption_point()'s exception: task groups' wrappers drop it, oneTBB drops it
// in a canceled loop.
struct interruption {};

}  // namespace __ampcl

// ---- parallel_for ------------------------------------------------------------------

// f(i) for i = first, first + step, ... below last, in parallel. step < 1 throws
// std::invalid_argument.
template <class Index, class Function, class Partitioner>
void parallel_for(Index first, Index last, Index step, const Function& f, Partitioner&& part) {
  __ampcl::for_steps(first, last, step, f, part);
}
template <class Index, class Function>
void parallel_for(Index first, Index last, Index step, const Function& f) {
  auto_partitioner part;
  __ampcl::for_steps(first, last, step, f, part);
}
template <class Index, class Function>
void parallel_for(Index first, Index last, const Function& f,
                  const auto_partitioner& part = auto_partitioner()) {
  __ampcl::for_steps(first, last, Index(1), f, part);
}
template <class Index, class Function>
void parallel_for(Index first, Index last, const Function& f, const static_partitioner& part) {
  __ampcl::for_steps(first, last, Index(1), f, part);
}
template <class Index, class Function>
void parallel_for(Index first, Index last, const Function& f, const simple_partitioner& part) {
  __ampcl::for_steps(first, last, Index(1), f, part);
}
template <class Index, class Function>
void parallel_for(Index first, Index last, const Function& f, affinity_partitioner& part) {
  __ampcl::for_steps(first, last, Index(1), f, part);
}

// ---- parallel_for_each -------------------------------------------------------------

// f(*it) for every it in [first, last), in parallel. (C++ AMP's
// parallel_for_each(extent, kernel) is the other overload of this name.)
template <class Iterator, class Function, class Partitioner>
void parallel_for_each(Iterator first, Iterator last, const Function& f, Partitioner&& part) {
  static_assert(__ampcl::random_access<Iterator>,
                "parallel_for_each(first, last, f, partitioner): a partitioner needs "
                "random-access iterators; leave it out for other iterators");
  const auto n = last - first;
  if (n <= 0) return;
  __ampcl::run_range(
      static_cast<std::size_t>(n),
      [&](const tbb::blocked_range<std::size_t>& r) {
        for (std::size_t k = r.begin(); k != r.end(); ++k)
          f(first[static_cast<typename std::iterator_traits<Iterator>::difference_type>(k)]);
      },
      part);
}
template <class Iterator, class Function>
void parallel_for_each(Iterator first, Iterator last, const Function& f) {
  if constexpr (__ampcl::random_access<Iterator>) {
    parallel_for_each(first, last, f, auto_partitioner());
  } else {
    static_assert(__ampcl::forward<Iterator>,
                  "parallel_for_each(first, last, f) needs forward iterators at least");
    tbb::parallel_for_each(first, last, f);
  }
}

// ---- parallel_invoke ---------------------------------------------------------------

// Runs 2 to 10 functions in parallel; returns when all have.
template <class F1, class F2, class... Fs>
void parallel_invoke(const F1& f1, const F2& f2, const Fs&... fs) {
  static_assert(sizeof...(Fs) <= 8, "parallel_invoke takes 2 to 10 functions");
  tbb::parallel_invoke(f1, f2, fs...);
}

// ---- parallel_reduce ---------------------------------------------------------------

// sym_fun over range_fun(chunk_first, chunk_last, identity) of each chunk, in
// order (sym_fun must be associative, need not be commutative).
template <class Reduce, class Iterator, class RangeFunction, class SymFunction>
Reduce parallel_reduce(Iterator first, Iterator last, const Reduce& identity,
                       const RangeFunction& range_fun, const SymFunction& sym_fun) {
  static_assert(__ampcl::forward<Iterator>, "parallel_reduce needs forward iterators at least");
  if constexpr (__ampcl::random_access<Iterator>) {
    const auto n = last - first;
    if (n <= 0) return identity;
    return tbb::parallel_reduce(
        tbb::blocked_range<std::size_t>(0, static_cast<std::size_t>(n)), identity,
        [&](const tbb::blocked_range<std::size_t>& r, Reduce acc) {
          using D = typename std::iterator_traits<Iterator>::difference_type;
          return sym_fun(acc, range_fun(first + static_cast<D>(r.begin()),
                                        first + static_cast<D>(r.end()), identity));
        },
        [&](const Reduce& a, const Reduce& b) { return sym_fun(a, b); });
  } else {
    if (first == last) return identity;
    const std::vector<Iterator> starts = __ampcl::chunk_starts(first, last);
    return tbb::parallel_reduce(
        tbb::blocked_range<std::size_t>(0, starts.size() - 1, 1), identity,
        [&](const tbb::blocked_range<std::size_t>& r, Reduce acc) {
          for (std::size_t c = r.begin(); c != r.end(); ++c)
            acc = sym_fun(acc, range_fun(starts[c], starts[c + 1], identity));
          return acc;
        },
        [&](const Reduce& a, const Reduce& b) { return sym_fun(a, b); });
  }
}
template <class Iterator, class SymFunction>
typename std::iterator_traits<Iterator>::value_type parallel_reduce(
    Iterator first, Iterator last,
    const typename std::iterator_traits<Iterator>::value_type& identity, SymFunction sym_fun) {
  using T = typename std::iterator_traits<Iterator>::value_type;
  return parallel_reduce(
      first, last, identity,
      [&sym_fun](Iterator b, Iterator e, T init) {
        for (; b != e; ++b) init = sym_fun(init, *b);
        return init;
      },
      sym_fun);
}
template <class Iterator>
typename std::iterator_traits<Iterator>::value_type parallel_reduce(
    Iterator first, Iterator last,
    const typename std::iterator_traits<Iterator>::value_type& identity) {
  return parallel_reduce(first, last, identity,
                         std::plus<typename std::iterator_traits<Iterator>::value_type>());
}

// ---- parallel_transform ------------------------------------------------------------

namespace __ampcl {
// result[k] = op(first[k]) or op(first1[k], first2[k]), in parallel; the end of
// the output.
template <class Out, class Partitioner, class Op, class... In>
Out transform(std::size_t n, Out result, Partitioner& part, const Op& op, In... first) {
  static_assert(forward<Out>, "parallel_transform writes through forward iterators at least");
  if constexpr ((random_access<Out> && ... && random_access<In>)) {
    run_range(
        n,
        [&](const tbb::blocked_range<std::size_t>& r) {
          for (std::size_t k = r.begin(); k != r.end(); ++k)
            result[static_cast<std::ptrdiff_t>(k)] = op(first[static_cast<std::ptrdiff_t>(k)]...);
        },
        part);
    return result + static_cast<std::ptrdiff_t>(n);
  } else {
    // About 8 chunks per thread; their starts in each sequence, one walk each.
    std::vector<std::size_t> sizes;
    const std::size_t want = 8 * static_cast<std::size_t>(tbb::this_task_arena::max_concurrency());
    const std::size_t chunks = std::max<std::size_t>(1, std::min(n, want));
    for (std::size_t c = 0; c < chunks; ++c) sizes.push_back(n / chunks + (c < n % chunks));
    auto starts_of = [&](auto it) {
      std::vector<decltype(it)> s = {it};
      for (std::size_t size : sizes) {
        std::advance(it, size);
        s.push_back(it);
      }
      return s;
    };
    const auto out = starts_of(result);
    const auto ins = std::make_tuple(starts_of(first)...);
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, sizes.size(), 1),
                      [&](const tbb::blocked_range<std::size_t>& r) {
                        for (std::size_t c = r.begin(); c != r.end(); ++c) {
                          auto o = out[c];
                          std::apply(
                              [&](const auto&... in) {
                                auto its = std::make_tuple(in[c]...);
                                for (std::size_t k = 0; k < sizes[c]; ++k, ++o) {
                                  std::apply([&](auto&... i) { *o = op(*i...); }, its);
                                  std::apply([](auto&... i) { (++i, ...); }, its);
                                }
                              },
                              ins);
                        }
                      });
    return out.back();
  }
}
template <class Iterator>
std::size_t length(Iterator first, Iterator last) {
  static_assert(forward<Iterator>, "parallel_transform reads forward iterators at least");
  return static_cast<std::size_t>(std::distance(first, last));
}
}  // namespace __ampcl

#define __AMPCL_PARALLEL_TRANSFORM(partitioner_param)                                            \
  template <class InIterator, class OutIterator, class UnaryOperator>                            \
  OutIterator parallel_transform(InIterator first, InIterator last, OutIterator result,          \
                                 const UnaryOperator& op, partitioner_param) {                   \
    return __ampcl::transform(__ampcl::length(first, last), result, part, op, first);            \
  }                                                                                              \
  template <class InIterator1, class InIterator2, class OutIterator, class BinaryOperator>       \
  OutIterator parallel_transform(InIterator1 first1, InIterator1 last1, InIterator2 first2,      \
                                 OutIterator result, const BinaryOperator& op,                   \
                                 partitioner_param) {                                            \
    return __ampcl::transform(__ampcl::length(first1, last1), result, part, op, first1, first2); \
  }
// result[k] = op(first[k]) (or op(first1[k], first2[k])) for each k, in parallel;
// returns the end of the output.
__AMPCL_PARALLEL_TRANSFORM(const auto_partitioner& part = auto_partitioner())
__AMPCL_PARALLEL_TRANSFORM(const static_partitioner& part)
__AMPCL_PARALLEL_TRANSFORM(const simple_partitioner& part)
__AMPCL_PARALLEL_TRANSFORM(affinity_partitioner& part)
#undef __AMPCL_PARALLEL_TRANSFORM

// ---- Sorting -----------------------------------------------------------------------

// Unstable, in place, oneTBB's parallel sort. The chunk size is accepted; oneTBB
// sizes its own.
template <class RandomIterator>
void parallel_sort(const RandomIterator& first, const RandomIterator& last) {
  tbb::parallel_sort(first, last);
}
template <class RandomIterator, class Compare>
void parallel_sort(const RandomIterator& first, const RandomIterator& last, const Compare& comp,
                   const std::size_t chunk_size = 2048) {
  (void)chunk_size;
  tbb::parallel_sort(first, last, comp);
}

// Unstable, as Visual C++'s; sorted here by oneTBB's parallel sort, which needs no
// buffer (the allocator is accepted and not used).
template <class RandomIterator>
void parallel_buffered_sort(const RandomIterator& first, const RandomIterator& last) {
  tbb::parallel_sort(first, last);
}
template <class Allocator, class RandomIterator>
void parallel_buffered_sort(const RandomIterator& first, const RandomIterator& last) {
  tbb::parallel_sort(first, last);
}
template <class Allocator, class RandomIterator>
void parallel_buffered_sort(const Allocator&, const RandomIterator& first,
                            const RandomIterator& last) {
  tbb::parallel_sort(first, last);
}
template <class RandomIterator, class Compare>
void parallel_buffered_sort(const RandomIterator& first, const RandomIterator& last,
                            const Compare& comp, const std::size_t chunk_size = 2048) {
  (void)chunk_size;
  tbb::parallel_sort(first, last, comp);
}
template <class Allocator, class RandomIterator, class Compare>
void parallel_buffered_sort(const RandomIterator& first, const RandomIterator& last,
                            const Compare& comp, const std::size_t chunk_size = 2048) {
  (void)chunk_size;
  tbb::parallel_sort(first, last, comp);
}
template <class Allocator, class RandomIterator, class Compare>
void parallel_buffered_sort(const Allocator&, const RandomIterator& first,
                            const RandomIterator& last, const Compare& comp,
                            const std::size_t chunk_size = 2048) {
  (void)chunk_size;
  tbb::parallel_sort(first, last, comp);
}

namespace __ampcl {

// Without a projection, parallel_radixsort sorts integers by their value as size_t
// (as Visual C++ does: negative values of a signed type sort after the others).
struct radix_key {
  template <class T>
  std::size_t operator()(const T& v) const {
    static_assert(std::is_integral<T>::value,
                  "parallel_radixsort(first, last) sorts integers: for other elements pass a "
                  "projection that maps each to an unsigned integer key (size_t)");
    return static_cast<std::size_t>(v);
  }
};

// One stable counting pass on the byte at `shift`: `counts` holds 256 counters per
// block of `chunk` elements.
template <class Source, class Target, class Projection>
void radix_pass(Source src, Target dst, std::size_t n, std::size_t chunk, unsigned shift,
                const Projection& proj, std::vector<std::size_t>& counts) {
  const std::size_t blocks = (n + chunk - 1) / chunk;
  auto digit = [&](const auto& v) {
    return (static_cast<std::size_t>(proj(v)) >> shift) & std::size_t(255);
  };
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, blocks, 1),
                    [&](const tbb::blocked_range<std::size_t>& r) {
                      for (std::size_t b = r.begin(); b != r.end(); ++b) {
                        std::size_t* c = &counts[b * 256];
                        std::fill(c, c + 256, std::size_t(0));
                        for (std::size_t k = b * chunk; k < std::min(n, (b + 1) * chunk); ++k)
                          ++c[digit(src[static_cast<std::ptrdiff_t>(k)])];
                      }
                    });
  std::size_t sum = 0;  // each block's first slot for each digit: digit-major order
  for (std::size_t d = 0; d < 256; ++d)
    for (std::size_t b = 0; b < blocks; ++b) {
      const std::size_t c = counts[b * 256 + d];
      counts[b * 256 + d] = sum;
      sum += c;
    }
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, blocks, 1),
                    [&](const tbb::blocked_range<std::size_t>& r) {
                      for (std::size_t b = r.begin(); b != r.end(); ++b) {
                        std::size_t* at = &counts[b * 256];
                        for (std::size_t k = b * chunk; k < std::min(n, (b + 1) * chunk); ++k) {
                          auto& v = src[static_cast<std::ptrdiff_t>(k)];
                          dst[static_cast<std::ptrdiff_t>(at[digit(v)]++)] = std::move(v);
                        }
                      }
                    });
}

// Least significant byte first, as many passes as the largest key has bytes.
template <class Allocator, class RandomIterator, class Projection>
void radixsort(const Allocator& alloc, RandomIterator first, RandomIterator last,
               const Projection& proj, std::size_t chunk) {
  static_assert(random_access<RandomIterator>, "parallel_radixsort needs random-access iterators");
  using T = typename std::iterator_traits<RandomIterator>::value_type;
  using A = typename std::allocator_traits<Allocator>::template rebind_alloc<T>;
  const std::size_t n = static_cast<std::size_t>(last - first);
  if (n < 2) return;
  if (chunk == 0) chunk = 256 * 256;
  const std::size_t largest = tbb::parallel_reduce(
      tbb::blocked_range<std::size_t>(0, n), std::size_t(0),
      [&](const tbb::blocked_range<std::size_t>& r, std::size_t m) {
        for (std::size_t k = r.begin(); k != r.end(); ++k)
          m = std::max(m, static_cast<std::size_t>(proj(first[static_cast<std::ptrdiff_t>(k)])));
        return m;
      },
      [](std::size_t a, std::size_t b) { return std::max(a, b); });
  unsigned passes = 0;
  while (passes < sizeof(std::size_t) && (largest >> (8 * passes)) != 0) ++passes;
  if (passes == 0) return;
  std::vector<T, A> buffer(n, A(alloc));
  std::vector<std::size_t> counts(((n + chunk - 1) / chunk) * 256);
  for (unsigned p = 0; p < passes; ++p) {
    if (p % 2 == 0)
      radix_pass(first, buffer.begin(), n, chunk, 8 * p, proj, counts);
    else
      radix_pass(buffer.begin(), first, n, chunk, 8 * p, proj, counts);
  }
  if (passes % 2 == 1)
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n),
                      [&](const tbb::blocked_range<std::size_t>& r) {
                        for (std::size_t k = r.begin(); k != r.end(); ++k)
                          first[static_cast<std::ptrdiff_t>(k)] = std::move(buffer[k]);
                      });
}

}  // namespace __ampcl

// Stable radix sort by an unsigned integer key (the element itself, or `proj`'s
// value), in parallel, with a buffer of the range's size from the allocator.
template <class RandomIterator>
void parallel_radixsort(const RandomIterator& first, const RandomIterator& last) {
  __ampcl::radixsort(std::allocator<char>(), first, last, __ampcl::radix_key(), 256 * 256);
}
template <class Allocator, class RandomIterator>
void parallel_radixsort(const RandomIterator& first, const RandomIterator& last) {
  __ampcl::radixsort(Allocator(), first, last, __ampcl::radix_key(), 256 * 256);
}
template <class Allocator, class RandomIterator>
void parallel_radixsort(const Allocator& alloc, const RandomIterator& first,
                        const RandomIterator& last) {
  __ampcl::radixsort(alloc, first, last, __ampcl::radix_key(), 256 * 256);
}
template <class RandomIterator, class Function>
void parallel_radixsort(const RandomIterator& first, const RandomIterator& last,
                        const Function& proj, const std::size_t chunk_size = 256 * 256) {
  __ampcl::radixsort(std::allocator<char>(), first, last, proj, chunk_size);
}
template <class Allocator, class RandomIterator, class Function>
void parallel_radixsort(const RandomIterator& first, const RandomIterator& last,
                        const Function& proj, const std::size_t chunk_size = 256 * 256) {
  __ampcl::radixsort(Allocator(), first, last, proj, chunk_size);
}
template <class Allocator, class RandomIterator, class Function>
void parallel_radixsort(const Allocator& alloc, const RandomIterator& first,
                        const RandomIterator& last, const Function& proj,
                        const std::size_t chunk_size = 256 * 256) {
  __ampcl::radixsort(alloc, first, last, proj, chunk_size);
}

// ---- Task groups -------------------------------------------------------------------

// A function to run in a task group; make_task(f) makes one.
template <class Function>
class task_handle {
 public:
  task_handle(const Function& f) : _M_function(f) {}
  void operator()() const { _M_function(); }

 private:
  Function _M_function;
};
template <class Function>
task_handle<Function> make_task(const Function& f) {
  return task_handle<Function>(f);
}

// True in work that a canceling task group runs.
inline bool is_current_task_group_canceling() {
  return tbb::is_current_task_group_canceling();
}

// Stops the calling work here when its task group is canceling.
inline void interruption_point() {
  if (tbb::is_current_task_group_canceling()) throw __ampcl::interruption();
}

namespace __ampcl {

// task_group and structured_task_group: oneTBB's task_group, a count of the work
// not yet finished (destroying a group with some is missing_wait), and a token that
// cancels it.
class group_base {
 public:
  group_base() = default;
  explicit group_base(cancellation_token token) : _M_token(token) {
    if (token.is_cancelable()) _M_registration = token.register_callback([this] { cancel(); });
  }
  group_base(const group_base&) = delete;
  group_base& operator=(const group_base&) = delete;
  ~group_base() noexcept(false) {
    _M_token.deregister_callback(_M_registration);
    if (_M_pending.load() == 0) return;
    _M_group.cancel();
    try {
      _M_group.wait();
    } catch (...) {
    }
    if (std::uncaught_exceptions() == 0) throw missing_wait();
  }

  // Waits for the group's work: completed or canceled; the first exception a task
  // threw is rethrown.
  task_group_status wait() { return status(_M_group.wait()); }
  void cancel() { _M_group.cancel(); }
  bool is_canceling() { return _M_context.is_group_execution_cancelled(); }

 protected:
  template <class Function>
  void spawn(const Function& f) {
    _M_pending.fetch_add(1);
    _M_group.run([this, f] { call(f); });
  }
  template <class Function>
  task_group_status run_here_and_wait(const Function& f) {
    _M_pending.fetch_add(1);
    return status(_M_group.run_and_wait([this, &f] { call(f); }));
  }

 private:
  template <class Function>
  void call(const Function& f) {
    struct done {
      std::atomic<long>& pending;
      ~done() { pending.fetch_sub(1); }
    } guard{_M_pending};
    try {
      f();
    } catch (const interruption&) {
    }
  }
  static task_group_status status(tbb::task_group_status s) {
    switch (s) {
      case tbb::complete:
        return completed;
      case tbb::canceled:
        return canceled;
      default:
        return not_complete;
    }
  }
  // The group's context, as oneTBB's task_group makes its own (bound to the
  // context that runs the group's first task, concurrent waits allowed), here to
  // ask it whether the group is canceling.
  tbb::task_group_context _M_context{
      tbb::task_group_context::bound,
      tbb::task_group_context::default_traits | tbb::task_group_context::concurrent_wait};
  tbb::task_group _M_group{_M_context};
  std::atomic<long> _M_pending{0};
  cancellation_token _M_token = cancellation_token::none();
  cancellation_token_registration _M_registration;
};

}  // namespace __ampcl

// Runs functions (copies of them) or task_handles concurrently; wait() for them.
// Destroying it with work not waited for throws missing_wait.
class task_group : public __ampcl::group_base {
 public:
  task_group() = default;
  explicit task_group(cancellation_token token) : group_base(token) {}

  template <class Function>
  void run(const Function& f) {
    spawn(f);
  }
  // `h` must live until the group's wait() returned.
  template <class Function>
  void run(task_handle<Function>& h) {
    task_handle<Function>* p = &h;
    spawn([p] { (*p)(); });
  }
  template <class Function>
  task_group_status run_and_wait(task_handle<Function>& h) {
    return run_here_and_wait(h);
  }
  template <class Function>
  task_group_status run_and_wait(const Function& f) {
    return run_here_and_wait(f);
  }
};

// The same over task_handles only, as in Visual C++ (meant for one scope and one
// thread).
class structured_task_group : public __ampcl::group_base {
 public:
  structured_task_group() = default;
  explicit structured_task_group(cancellation_token token) : group_base(token) {}

  template <class Function>
  void run(task_handle<Function>& h) {
    task_handle<Function>* p = &h;
    spawn([p] { (*p)(); });
  }
  template <class Function>
  task_group_status run_and_wait(task_handle<Function>& h) {
    return run_here_and_wait(h);
  }
  template <class Function>
  task_group_status run_and_wait(const Function& f) {
    return run_here_and_wait(f);
  }
};

// Runs `f` so that canceling `token` cancels the parallel work it starts.
template <class Function>
void run_with_cancellation_token(const Function& f, cancellation_token token) {
  structured_task_group group(token);
  group.run_and_wait(f);
}

// ---- combinable --------------------------------------------------------------------

// A value per thread (local()), combined at the end (combine, combine_each):
// oneTBB's combinable. Default-constructed values are value-initialized (0).
template <class T>
class combinable : public tbb::combinable<T> {
 public:
  using tbb::combinable<T>::combinable;
};

}  // namespace Concurrency

#include <ampcl/concurrency/macros_pop.h>
