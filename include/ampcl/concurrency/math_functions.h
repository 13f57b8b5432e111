// Concurrency::fast_math and Concurrency::precise_math (<amp_math.h>), every
// function of C++ AMP's math library.
//
// On the device (restrict(amp)) each function is an OpenCL C builtin
// (__AMPCL_BUILTIN: the translator replaces the call by the pattern), or C++ here
// where OpenCL has none. The mapping is ampcl's prelude's (kernels/ampcl.clh):
// fast_math uses OpenCL's native_* functions where they exist (relaxed precision,
// float only, as C++ AMP's fast_math), precise_math the full-precision builtins in
// float and double (double needs an fp64 device, as in C++ AMP).
//
// On the host (restrict(cpu)) the names are the C library's, as in Microsoft's
// header, which imports <cmath> into both namespaces: `using namespace
// concurrency::precise_math;` and std's or the global sqrt name the same function,
// so host calls are never ambiguous. The functions C has no counterpart for
// (erfinv, cospi, rsqrt, ...) have host versions here as well, so that
// restrict(cpu, amp) code can call every function.
//
// Functions with pointer arguments (frexp, modf, remquo, sincos, lgamma's sign) take
// any pointer, private, tile_static or global, as OpenCL 1.2's builtins do.
#pragma once

#include <ampcl/concurrency/macros_push.h>
// (what follows is read without <windows.h>'s min and max macros)

#include <ampcl/concurrency/math_special.h>
#include <ampcl/concurrency/namespace.h>
#include <ampcl/concurrency/restrict_macros.h>  // again, after any of ampcl's API headers

#include <cmath>
#include <string>

namespace Concurrency {
namespace __ampcl {

// Host versions of what the C library lacks. Both namespaces import them from here,
// so that a program using both namespaces finds one function, not two.
namespace host {
// sin(pi x) and cos(pi x), from x reduced exactly into [0, 1/4] (every step below is
// exact), so that sinpi(1) and cospi(0.5) are 0 and no digit is lost near the zeros.
template <class T>
T sin_pi(T x) restrict(cpu) {
  const T pi = prim::real<T>::pi();
  T t = std::fmod(std::fabs(x), T(2));
  T sign = x < 0 ? T(-1) : T(1);
  if (t >= 1) {  // sin(pi (t + 1)) = -sin(pi t)
    t -= 1;
    sign = -sign;
  }
  if (t > T(0.5f)) t = 1 - t;  // sin(pi (1 - t)) = sin(pi t)
  return sign * (t <= T(0.25f) ? std::sin(pi * t) : std::cos(pi * (T(0.5f) - t)));
}
template <class T>
T cos_pi(T x) restrict(cpu) {
  const T pi = prim::real<T>::pi();
  T t = std::fmod(std::fabs(x), T(2));
  T sign = 1;
  if (t > 1) t = 2 - t;  // cos(pi (2 - t)) = cos(pi t)
  if (t > T(0.5f)) {     // cos(pi (1 - t)) = -cos(pi t)
    t = 1 - t;
    sign = -sign;
  }
  return sign * (t <= T(0.25f) ? std::cos(pi * t) : std::sin(pi * (T(0.5f) - t)));
}

// Each in float (computed in double, then rounded once) and double.
#define __AMPCL_HOST_BY_ALGORITHM(name, expr_of_x) \
  inline double name(double x) restrict(cpu) {     \
    return expr_of_x;                              \
  }                                                \
  inline float name(float x) restrict(cpu) {       \
    return static_cast<float>(name(double(x)));    \
  }                                                \
  inline float name##f(float x) restrict(cpu) {    \
    return name(x);                                \
  }
__AMPCL_HOST_BY_ALGORITHM(cospi, cos_pi(x))
__AMPCL_HOST_BY_ALGORITHM(sinpi, sin_pi(x))
__AMPCL_HOST_BY_ALGORITHM(tanpi, sin_pi(x) / cos_pi(x))
// In long double, so that one rounding to double is the only error.
__AMPCL_HOST_BY_ALGORITHM(rsqrt, static_cast<double>(1 / std::sqrt(static_cast<long double>(x))))
__AMPCL_HOST_BY_ALGORITHM(rcbrt, static_cast<double>(1 / std::cbrt(static_cast<long double>(x))))
__AMPCL_HOST_BY_ALGORITHM(
    phi, static_cast<double>(std::erfc(-x / 1.41421356237309504880168872420969808L) / 2))
#undef __AMPCL_HOST_BY_ALGORITHM
// The inverse error functions are accurate in either type (math_special.h).
#define __AMPCL_HOST_INVERSE(name)              \
  inline double name(double x) restrict(cpu) {  \
    return __ampcl::name(x);                    \
  }                                             \
  inline float name(float x) restrict(cpu) {    \
    return __ampcl::name(x);                    \
  }                                             \
  inline float name##f(float x) restrict(cpu) { \
    return __ampcl::name(x);                    \
  }
__AMPCL_HOST_INVERSE(erfinv)
__AMPCL_HOST_INVERSE(erfcinv)
__AMPCL_HOST_INVERSE(probit)
#undef __AMPCL_HOST_INVERSE

inline int signbitf(float x) restrict(cpu) {
  return std::signbit(x);
}
inline float lgammaf(float x, int* sign) restrict(cpu) {
  return ::lgammaf_r(x, sign);
}
inline float lgamma(float x, int* sign) restrict(cpu) {
  return ::lgammaf_r(x, sign);
}
inline double lgamma(double x, int* sign) restrict(cpu) {
  return ::lgamma_r(x, sign);
}
// A quiet NaN with `tag` in its significand, as C's nan("tag").
inline float nanf(int tag) restrict(cpu) {
  return std::nanf(std::to_string(tag).c_str());
}
inline double nan(int tag) restrict(cpu) {
  return std::nan(std::to_string(tag).c_str());
}
}  // namespace host

}  // namespace __ampcl

// ---- the device overloads: one per row of ampcl/concurrency/device_functions.def ----------
// Each shape's float overloads (both namespaces) and double ones (precise_math
// only); a row reopens its namespace.
#if __AMPCL_DEVICE_ONLY
#define __AMPCL_DECL(ret, name, params, pattern) \
  ret name params restrict(amp) __AMPCL_BUILTIN(pattern);
#define __AMPCL_FLOAT_F1(name, pattern)         \
  __AMPCL_DECL(float, name, (float x), pattern) \
  __AMPCL_DECL(float, name##f, (float x), pattern)
#define __AMPCL_FLOAT_F1_FLOAT __AMPCL_FLOAT_F1
// Where OpenCL C's float bound is loose (cosh: 4 ulp; PoCL's is 2) and precise_math
// promises the host's precision, the float overloads compute in double where the
// device has it (the kernel's program defines __ampcl_via_double: kernel.cpp), as
// Direct3D's precise_math needed double support.
#define __AMPCL_FLOAT_F1_VIA_DOUBLE(name, pattern) \
  __AMPCL_FLOAT_F1(name, "__ampcl_via_double(" #name ", $0)")
#define __AMPCL_FLOAT_F1_DOUBLE(name, pattern)
#define __AMPCL_FLOAT_F2(name, pattern)                  \
  __AMPCL_DECL(float, name, (float x, float y), pattern) \
  __AMPCL_DECL(float, name##f, (float x, float y), pattern)
#define __AMPCL_FLOAT_F3(name, pattern)                           \
  __AMPCL_DECL(float, name, (float x, float y, float z), pattern) \
  __AMPCL_DECL(float, name##f, (float x, float y, float z), pattern)
#define __AMPCL_FLOAT_PRED(name, pattern) __AMPCL_DECL(int, name, (float x), pattern)
#define __AMPCL_FLOAT_PRED_F __AMPCL_FLOAT_PRED
#define __AMPCL_FLOAT_FI(name, pattern)                \
  __AMPCL_DECL(float, name, (float x, int n), pattern) \
  __AMPCL_DECL(float, name##f, (float x, int n), pattern)
#define __AMPCL_FLOAT_F_PI(name, pattern)               \
  __AMPCL_DECL(float, name, (float x, int* p), pattern) \
  __AMPCL_DECL(float, name##f, (float x, int* p), pattern)
#define __AMPCL_FLOAT_F_PF(name, pattern)                 \
  __AMPCL_DECL(float, name, (float x, float* p), pattern) \
  __AMPCL_DECL(float, name##f, (float x, float* p), pattern)
#define __AMPCL_FLOAT_FF_PI(name, pattern)                       \
  __AMPCL_DECL(float, name, (float x, float y, int* p), pattern) \
  __AMPCL_DECL(float, name##f, (float x, float y, int* p), pattern)
#define __AMPCL_FLOAT_SINCOS(name, pattern)                        \
  __AMPCL_DECL(void, name, (float x, float* s, float* c), pattern) \
  __AMPCL_DECL(void, name##f, (float x, float* s, float* c), pattern)
#define __AMPCL_FLOAT_TAG_FLOAT(name, pattern) __AMPCL_DECL(float, name, (int tag), pattern)
#define __AMPCL_FLOAT_TAG_DOUBLE(name, pattern)
#define __AMPCL_DOUBLE_F1(name, pattern) __AMPCL_DECL(double, name, (double x), pattern)
#define __AMPCL_DOUBLE_F1_VIA_DOUBLE __AMPCL_DOUBLE_F1
#define __AMPCL_DOUBLE_F1_DOUBLE __AMPCL_DOUBLE_F1
#define __AMPCL_DOUBLE_F1_FLOAT(name, pattern)
#define __AMPCL_DOUBLE_F2(name, pattern) __AMPCL_DECL(double, name, (double x, double y), pattern)
#define __AMPCL_DOUBLE_F3(name, pattern) \
  __AMPCL_DECL(double, name, (double x, double y, double z), pattern)
#define __AMPCL_DOUBLE_PRED(name, pattern) __AMPCL_DECL(int, name, (double x), pattern)
#define __AMPCL_DOUBLE_PRED_F(name, pattern)
#define __AMPCL_DOUBLE_FI(name, pattern) __AMPCL_DECL(double, name, (double x, int n), pattern)
#define __AMPCL_DOUBLE_F_PI(name, pattern) __AMPCL_DECL(double, name, (double x, int* p), pattern)
#define __AMPCL_DOUBLE_F_PF(name, pattern) \
  __AMPCL_DECL(double, name, (double x, double* p), pattern)
#define __AMPCL_DOUBLE_FF_PI(name, pattern) \
  __AMPCL_DECL(double, name, (double x, double y, int* p), pattern)
#define __AMPCL_DOUBLE_SINCOS(name, pattern) \
  __AMPCL_DECL(void, name, (double x, double* s, double* c), pattern)
#define __AMPCL_DOUBLE_TAG_FLOAT(name, pattern)
#define __AMPCL_DOUBLE_TAG_DOUBLE(name, pattern) __AMPCL_DECL(double, name, (int tag), pattern)
#define __AMPCL_DOUBLES_fast(shape, name, pattern)
#define __AMPCL_DOUBLES_precise(shape, name, pattern) __AMPCL_DOUBLE_##shape(name, pattern)
#define AMPCL_MATH(ns, name, shape, pattern)                                        \
  namespace ns##_math {                                                             \
    __AMPCL_FLOAT_##shape(name, pattern) __AMPCL_DOUBLES_##ns(shape, name, pattern) \
  }
#define AMPCL_ATOMIC(name, shape, pattern)
#include <ampcl/concurrency/device_functions.def>
#undef AMPCL_MATH
#undef AMPCL_ATOMIC
#endif  // __AMPCL_DEVICE_ONLY

// ---- fast_math: float only, relaxed precision -------------------------------------

namespace fast_math {


// Host: the C library's functions (float and double), as Microsoft's header.
using ::acosf;
using ::asinf;
using ::atan2f;
using ::atanf;
using ::ceilf;
using ::cosf;
using ::coshf;
using ::exp2f;
using ::expf;
using ::fabsf;
using ::floorf;
using ::fmaxf;
using ::fminf;
using ::fmodf;
using ::frexpf;
using ::ldexpf;
using ::log10f;
using ::log2f;
using ::logf;
using ::modff;
using ::powf;
using ::roundf;
using ::sincos;
using ::sincosf;
using ::sinf;
using ::sinhf;
using ::sqrtf;
using ::tanf;
using ::tanhf;
using ::truncf;
using __ampcl::host::rsqrt;
using __ampcl::host::rsqrtf;
using __ampcl::host::signbitf;
using std::acos;
using std::asin;
using std::atan;
using std::atan2;
using std::ceil;
using std::cos;
using std::cosh;
using std::exp;
using std::exp2;
using std::fabs;
using std::floor;
using std::fmax;
using std::fmin;
using std::fmod;
using std::frexp;
using std::isfinite;
using std::isinf;
using std::isnan;
using std::ldexp;
using std::log;
using std::log10;
using std::log2;
using std::modf;
using std::pow;
using std::round;
using std::signbit;
using std::sin;
using std::sinh;
using std::sqrt;
using std::tan;
using std::tanh;
using std::trunc;

}  // namespace fast_math

// ---- precise_math: float and double, full precision ---------------------------------

namespace precise_math {

#if __AMPCL_DEVICE_ONLY
// What OpenCL has no builtin for (ampcl/concurrency/math_special.h).
#define __AMPCL_PRECISE_ALGORITHM(name)         \
  inline float name##f(float x) restrict(amp) { \
    return __ampcl::name(x);                    \
  }                                             \
  inline float name(float x) restrict(amp) {    \
    return __ampcl::name(x);                    \
  }                                             \
  inline double name(double x) restrict(amp) {  \
    return __ampcl::name(x);                    \
  }
__AMPCL_PRECISE_ALGORITHM(erfinv)
__AMPCL_PRECISE_ALGORITHM(erfcinv)
__AMPCL_PRECISE_ALGORITHM(probit)
#undef __AMPCL_PRECISE_ALGORITHM
inline int fpclassify(float x) restrict(amp) {
  return __ampcl::fpclassify(x);
}
inline int fpclassify(double x) restrict(amp) {
  return __ampcl::fpclassify(x);
}
#endif  // __AMPCL_DEVICE_ONLY

// Host: the C library's functions, as Microsoft's header, and ampcl's versions of
// the rest.
using ::acosf;
using ::acoshf;
using ::asinf;
using ::asinhf;
using ::atan2f;
using ::atanf;
using ::atanhf;
using ::cbrtf;
using ::ceilf;
using ::copysignf;
using ::cosf;
using ::coshf;
using ::erfcf;
using ::erff;
using ::exp10;
using ::exp10f;
using ::exp2f;
using ::expf;
using ::expm1f;
using ::fabsf;
using ::fdimf;
using ::floorf;
using ::fmaf;
using ::fmaxf;
using ::fminf;
using ::fmodf;
using ::frexpf;
using ::hypotf;
using ::ilogbf;
using ::ldexpf;
using ::lgammaf;
using ::log10f;
using ::log1pf;
using ::log2f;
using ::logbf;
using ::logf;
using ::modff;
using ::nearbyintf;
using ::nextafterf;
using ::powf;
using ::remainderf;
using ::remquof;
using ::roundf;
using ::scalb;
using ::scalbf;
using ::scalbnf;
using ::sincos;
using ::sincosf;
using ::sinf;
using ::sinhf;
using ::sqrtf;
using ::tanf;
using ::tanhf;
using ::tgammaf;
using ::truncf;
using __ampcl::host::cospi;
using __ampcl::host::cospif;
using __ampcl::host::erfcinv;
using __ampcl::host::erfcinvf;
using __ampcl::host::erfinv;
using __ampcl::host::erfinvf;
using __ampcl::host::lgamma;
using __ampcl::host::lgammaf;
using __ampcl::host::nan;
using __ampcl::host::nanf;
using __ampcl::host::phi;
using __ampcl::host::phif;
using __ampcl::host::probit;
using __ampcl::host::probitf;
using __ampcl::host::rcbrt;
using __ampcl::host::rcbrtf;
using __ampcl::host::rsqrt;
using __ampcl::host::rsqrtf;
using __ampcl::host::signbitf;
using __ampcl::host::sinpi;
using __ampcl::host::sinpif;
using __ampcl::host::tanpi;
using __ampcl::host::tanpif;
using std::acos;
using std::acosh;
using std::asin;
using std::asinh;
using std::atan;
using std::atan2;
using std::atanh;
using std::cbrt;
using std::ceil;
using std::copysign;
using std::cos;
using std::cosh;
using std::erf;
using std::erfc;
using std::exp;
using std::exp2;
using std::expm1;
using std::fabs;
using std::fdim;
using std::floor;
using std::fma;
using std::fmax;
using std::fmin;
using std::fmod;
using std::fpclassify;
using std::frexp;
using std::hypot;
using std::ilogb;
using std::isfinite;
using std::isinf;
using std::isnan;
using std::isnormal;
using std::ldexp;
using std::lgamma;
using std::log;
using std::log10;
using std::log1p;
using std::log2;
using std::logb;
using std::modf;
using std::nearbyint;
using std::nextafter;
using std::pow;
using std::remainder;
using std::remquo;
using std::round;
using std::scalbn;
using std::signbit;
using std::sin;
using std::sinh;
using std::sqrt;
using std::tan;
using std::tanh;
using std::tgamma;
using std::trunc;

}  // namespace precise_math
}  // namespace Concurrency

// min and max as they were before this header
#include <ampcl/concurrency/macros_pop.h>
