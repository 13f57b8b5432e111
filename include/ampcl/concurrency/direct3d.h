// Concurrency::direct3d: the HLSL intrinsics C++ AMP exposes, restrict(amp) as in
// the specification, each an OpenCL C builtin or C++ with HLSL's meaning. The
// Direct3D interoperation functions (ID3D11 devices and buffers, the D3D access
// lock, GPU timeouts) have no OpenCL meaning: using one is a compile error that
// names it and says what to do instead.
#pragma once

#include <ampcl/concurrency/namespace.h>

namespace Concurrency {
namespace __ampcl {

template <class... T>
constexpr bool direct3d_unavailable = false;

namespace prim {
unsigned int clz(unsigned int x) restrict(amp) __AMPCL_BUILTIN("clz($0)");
inline unsigned int clz(unsigned int x) restrict(cpu) {
  return x == 0 ? 32u : static_cast<unsigned int>(__builtin_clz(x));
}
}  // namespace prim

// HLSL's bit intrinsics, where OpenCL C 1.2 has no builtin. Bit positions count
// from the least significant bit; -1 means no such bit.
// firstbithigh: the highest bit that differs from the sign bit.
inline int first_bit_high(int x) restrict(cpu, amp) {
  const unsigned int magnitude_bits = static_cast<unsigned int>(x < 0 ? ~x : x);
  return magnitude_bits == 0 ? -1 : 31 - static_cast<int>(prim::clz(magnitude_bits));
}
inline int first_bit_low(int x) restrict(cpu, amp) {
  const unsigned int u = static_cast<unsigned int>(x);
  return u == 0 ? -1 : 31 - static_cast<int>(prim::clz(u & (0u - u)));
}
inline unsigned int reverse_bits(unsigned int x) restrict(cpu, amp) {
  x = (x >> 1 & 0x55555555u) | (x & 0x55555555u) << 1;
  x = (x >> 2 & 0x33333333u) | (x & 0x33333333u) << 2;
  x = (x >> 4 & 0x0F0F0F0Fu) | (x & 0x0F0F0F0Fu) << 4;
  x = (x >> 8 & 0x00FF00FFu) | (x & 0x00FF00FFu) << 8;
  return x >> 16 | x << 16;
}
}  // namespace __ampcl

namespace direct3d {

// OpenCL's abs(int) returns uint; C++ AMP's returns int (abs(INT_MIN) is INT_MIN).
int abs(int x) restrict(amp) __AMPCL_BUILTIN("((int)abs($0))");
// min(max(x, lo), hi), as HLSL: NaN gives lo.
float clamp(float x, float lo, float hi) restrict(amp) __AMPCL_BUILTIN("fmin(fmax($0, $1), $2)");
int clamp(int x, int lo, int hi) restrict(amp) __AMPCL_BUILTIN("min(max($0, $1), $2)");
unsigned int countbits(unsigned int x) restrict(amp) __AMPCL_BUILTIN("popcount($0)");
inline int firstbithigh(int x) restrict(amp) {
  return __ampcl::first_bit_high(x);
}
inline int firstbitlow(int x) restrict(amp) {
  return __ampcl::first_bit_low(x);
}
int imax(int x, int y) restrict(amp) __AMPCL_BUILTIN("max($0, $1)");
int imin(int x, int y) restrict(amp) __AMPCL_BUILTIN("min($0, $1)");
unsigned int umax(unsigned int x, unsigned int y) restrict(amp) __AMPCL_BUILTIN("max($0, $1)");
unsigned int umin(unsigned int x, unsigned int y) restrict(amp) __AMPCL_BUILTIN("min($0, $1)");
float mad(float x, float y, float z) restrict(amp) __AMPCL_BUILTIN("mad($0, $1, $2)");
double mad(double x, double y, double z) restrict(amp) __AMPCL_BUILTIN("mad($0, $1, $2)");
// Wrapping, as the hardware does (signed overflow is undefined in C and C++).
int mad(int x, int y, int z) restrict(amp)
    __AMPCL_BUILTIN("((int)((uint)($0) * (uint)($1) + (uint)($2)))");
unsigned int mad(unsigned int x, unsigned int y, unsigned int z) restrict(amp)
    __AMPCL_BUILTIN("($0 * $1 + $2)");
float radians(float degrees) restrict(amp) __AMPCL_BUILTIN("radians($0)");
// A fast approximation, as HLSL's rcp.
float rcp(float x) restrict(amp) __AMPCL_BUILTIN("native_recip($0)");
double rcp(double x) restrict(amp) __AMPCL_BUILTIN("(1.0 / ($0))");
inline unsigned int reversebits(unsigned int x) restrict(amp) {
  return __ampcl::reverse_bits(x);
}
// Clamps to [0, 1]; NaN gives 0, as HLSL.
float saturate(float x) restrict(amp) __AMPCL_BUILTIN("clamp($0, 0.0f, 1.0f)");
// -1, 0 or 1 (OpenCL's sign is for floating types only).
int sign(int x) restrict(amp) __AMPCL_BUILTIN("clamp($0, -1, 1)");
// 0 below lo, 1 above hi, Hermite interpolation between (HLSL's argument order).
float smoothstep(float lo, float hi, float x) restrict(amp)
    __AMPCL_BUILTIN("smoothstep($0, $1, $2)");
// 1 where x >= y, else 0 (HLSL's argument order).
float step(float y, float x) restrict(amp) __AMPCL_BUILTIN("step($0, $1)");

// Direct3D has noise() only in texture shaders (tx_1_0), so no C++ AMP kernel could
// use it either.
template <class Unused = void>
float noise(float x) restrict(amp) {
  static_assert(__ampcl::direct3d_unavailable<Unused>,
                "direct3d::noise: Direct3D offers noise() only to texture shaders, not to "
                "compute kernels; use a hash-based generator (e.g. a few rounds of an integer "
                "hash of the index) instead");
  return x;
}

// Direct3D interoperation: no OpenCL meaning.
#define __AMPCL_NO_DIRECT3D(name, advice)                                \
  template <class... Args>                                               \
  void name(Args&&...) {                                                 \
    static_assert(__ampcl::direct3d_unavailable<Args...>,                \
                  "direct3d::" #name                                     \
                  " works on Direct3D 11 objects, which ampcl (OpenCL) " \
                  "does not have: " advice);                             \
  }
__AMPCL_NO_DIRECT3D(create_accelerator_view,
                    "create views with accelerator::create_view(queuing_mode)")
__AMPCL_NO_DIRECT3D(
    get_device,
    "reach the OpenCL device through ampcl (accelerator::device(), accelerator_view::queue())")
__AMPCL_NO_DIRECT3D(get_buffer, "reach the OpenCL buffer through ampcl")
__AMPCL_NO_DIRECT3D(is_timeout_disabled,
                    "OpenCL has no per-view GPU timeout; ampcl's watchdog is "
                    "ampcl::accelerator_view::wait(timeout)")
__AMPCL_NO_DIRECT3D(d3d_access_lock, "remove it: ampcl's views synchronize themselves")
__AMPCL_NO_DIRECT3D(d3d_access_try_lock, "remove it: ampcl's views synchronize themselves")
__AMPCL_NO_DIRECT3D(d3d_access_unlock, "remove it: ampcl's views synchronize themselves")
#undef __AMPCL_NO_DIRECT3D

template <class T, int N, class... Args>
void make_array(Args&&...) {
  static_assert(__ampcl::direct3d_unavailable<T, Args...>,
                "direct3d::make_array wraps a Direct3D 11 buffer, which ampcl (OpenCL) does not "
                "have: create the array from host data or an iterator range");
}

struct adopt_d3d_access_lock_t {};
class scoped_d3d_access_lock {
 public:
  template <class... Args>
  explicit scoped_d3d_access_lock(Args&&...) {
    static_assert(__ampcl::direct3d_unavailable<Args...>,
                  "direct3d::scoped_d3d_access_lock locks a Direct3D 11 device, which ampcl "
                  "(OpenCL) does not have: remove it (ampcl's views synchronize themselves)");
  }
};

}  // namespace direct3d
}  // namespace Concurrency
