// The device builtins the core headers stand on: thread ids, barriers and fences,
// atomics. Each is a declaration whose calls the translator replaces by the
// OpenCL C expression in __AMPCL_BUILTIN; everything above them is C++.
#pragma once

#include <ampcl/concurrency/namespace.h>

namespace Concurrency {

template <int N>
class index;

namespace __ampcl {

// Passed to the constructors that only a kernel entry may call.
struct thread_tag {};

// OpenCL's ids, in OpenCL's dimension order (0 varies fastest).
int cl_global_id(int dim) restrict(amp) __AMPCL_BUILTIN("(int)get_global_id($0)");
int cl_local_id(int dim) restrict(amp) __AMPCL_BUILTIN("(int)get_local_id($0)");
int cl_group_id(int dim) restrict(amp) __AMPCL_BUILTIN("(int)get_group_id($0)");

// The barriers are tile_barrier's members (index.h), builtins themselves.
void fence_all() restrict(amp)
    __AMPCL_BUILTIN("mem_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)");
void fence_global() restrict(amp) __AMPCL_BUILTIN("mem_fence(CLK_GLOBAL_MEM_FENCE)");
void fence_local() restrict(amp) __AMPCL_BUILTIN("mem_fence(CLK_LOCAL_MEM_FENCE)");

// AMP dimension d of a rank-N launch is OpenCL dimension N-1-d (ranks above 3
// run as one OpenCL dimension and are recovered from the extent; see
// parallel_for_each.h).
template <int N>
index<N> global_index(thread_tag) restrict(amp) {
  index<N> i;
  for (int d = 0; d < N; ++d) i[d] = cl_global_id(N - 1 - d);
  return i;
}
template <int N>
index<N> local_index(thread_tag) restrict(amp) {
  index<N> i;
  for (int d = 0; d < N; ++d) i[d] = cl_local_id(N - 1 - d);
  return i;
}
template <int N>
index<N> tile_index(thread_tag) restrict(amp) {
  index<N> i;
  for (int d = 0; d < N; ++d) i[d] = cl_group_id(N - 1 - d);
  return i;
}

}  // namespace __ampcl

// Fences without a barrier.
inline void all_memory_fence(const class tile_barrier&) restrict(amp) {
  __ampcl::fence_all();
}
inline void global_memory_fence(const class tile_barrier&) restrict(amp) {
  __ampcl::fence_global();
}
inline void tile_static_memory_fence(const class tile_barrier&) restrict(amp) {
  __ampcl::fence_local();
}

// Atomics on global or tile_static memory: the translator infers which from the
// pointer, and OpenCL's atomic_* accept both. The table's atomics rows
// (ampcl/concurrency/device_functions.def).
#define __AMPCL_ATOMIC_ONE(name, T, pattern) \
  T name(T* dest, T value) restrict(amp) __AMPCL_BUILTIN(pattern);
#define __AMPCL_ATOMIC_RMW(name, pattern) \
  __AMPCL_ATOMIC_ONE(name, int, pattern)  \
  __AMPCL_ATOMIC_ONE(name, unsigned int, pattern)
#define __AMPCL_ATOMIC_RMW_F(name, pattern) \
  __AMPCL_ATOMIC_RMW(name, pattern)         \
  __AMPCL_ATOMIC_ONE(name, float, pattern)
#define __AMPCL_ATOMIC_UNARY(name, pattern)                   \
  int name(int* dest) restrict(amp) __AMPCL_BUILTIN(pattern); \
  unsigned int name(unsigned int* dest) restrict(amp) __AMPCL_BUILTIN(pattern);
#define AMPCL_MATH(ns, name, shape, pattern)
#define AMPCL_ATOMIC(name, shape, pattern) __AMPCL_ATOMIC_##shape(name, pattern)
#include <ampcl/concurrency/device_functions.def>
#undef AMPCL_MATH
#undef AMPCL_ATOMIC
#undef __AMPCL_ATOMIC_ONE
#undef __AMPCL_ATOMIC_RMW
#undef __AMPCL_ATOMIC_RMW_F
#undef __AMPCL_ATOMIC_UNARY

namespace __ampcl {
int cl_cmpxchg(int* dest, int expected, int desired) restrict(amp)
    __AMPCL_BUILTIN("atomic_cmpxchg($0, $1, $2)");
unsigned int cl_cmpxchg(unsigned int* dest, unsigned int expected,
                        unsigned int desired) restrict(amp)
    __AMPCL_BUILTIN("atomic_cmpxchg($0, $1, $2)");
}  // namespace __ampcl

#if defined(__HCC_AMP__)
// HCC's extension (ampcl-c++ --hcc): atomic add and subtract on float, which C++
// AMP has only for int and unsigned int. A compare-exchange loop on the bits, as
// OpenCL 1.2 has no float atomics; the result is the value before, as for int.
namespace __ampcl {
unsigned int bits_of(float f) restrict(amp) __AMPCL_BUILTIN("as_uint($0)");
float float_of(unsigned int u) restrict(amp) __AMPCL_BUILTIN("as_float($0)");
inline float fetch_add_float(float* dest, float value) restrict(amp) {
  unsigned int* bits = reinterpret_cast<unsigned int*>(dest);
  unsigned int expected = bits_of(*dest);
  for (;;) {
    const unsigned int seen = cl_cmpxchg(bits, expected, bits_of(float_of(expected) + value));
    if (seen == expected) return float_of(expected);
    expected = seen;
  }
}
}  // namespace __ampcl
inline float atomic_fetch_add(float* dest, float value) restrict(amp) {
  return __ampcl::fetch_add_float(dest, value);
}
inline float atomic_fetch_sub(float* dest, float value) restrict(amp) {
  return __ampcl::fetch_add_float(dest, -value);
}
#endif

// True and *dest = desired if *dest was *expected; else false and *expected = *dest.
template <class T>
inline bool __ampcl_compare_exchange(T* dest, T* expected, T desired) restrict(amp) {
  const T want = *expected;
  const T old = __ampcl::cl_cmpxchg(dest, want, desired);
  if (old == want) return true;
  *expected = old;
  return false;
}
inline bool atomic_compare_exchange(int* dest, int* expected, int desired) restrict(amp) {
  return __ampcl_compare_exchange(dest, expected, desired);
}
inline bool atomic_compare_exchange(unsigned int* dest, unsigned int* expected,
                                    unsigned int desired) restrict(amp) {
  return __ampcl_compare_exchange(dest, expected, desired);
}

}  // namespace Concurrency
