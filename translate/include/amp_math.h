// <amp_math.h>: Concurrency::fast_math and Concurrency::precise_math, every
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

#include <ampcl_amp/macros_push.h>
// (what follows is read without <windows.h>'s min and max macros)

#include <ampcl_amp/math_special.h>
#include <ampcl_amp/namespace.h>

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

// ---- fast_math: float only, relaxed precision -------------------------------------

namespace fast_math {

#define __AMPCL_FAST_1(name, cl)                                \
  float name(float x) restrict(amp) __AMPCL_BUILTIN(cl "($0)"); \
  float name##f(float x) restrict(amp) __AMPCL_BUILTIN(cl "($0)");
#define __AMPCL_FAST_2(name, cl)                                             \
  float name(float x, float y) restrict(amp) __AMPCL_BUILTIN(cl "($0, $1)"); \
  float name##f(float x, float y) restrict(amp) __AMPCL_BUILTIN(cl "($0, $1)");

__AMPCL_FAST_1(acos, "acos")
__AMPCL_FAST_1(asin, "asin")
__AMPCL_FAST_1(atan, "atan")
__AMPCL_FAST_1(ceil, "ceil")
__AMPCL_FAST_1(cos, "native_cos")
__AMPCL_FAST_1(cosh, "cosh")
__AMPCL_FAST_1(exp, "native_exp")
__AMPCL_FAST_1(exp2, "native_exp2")
__AMPCL_FAST_1(fabs, "fabs")
__AMPCL_FAST_1(floor, "floor")
__AMPCL_FAST_1(log, "native_log")
__AMPCL_FAST_1(log10, "native_log10")
__AMPCL_FAST_1(log2, "native_log2")
__AMPCL_FAST_1(round, "round")
__AMPCL_FAST_1(rsqrt, "native_rsqrt")
__AMPCL_FAST_1(sin, "native_sin")
__AMPCL_FAST_1(sinh, "sinh")
__AMPCL_FAST_1(sqrt, "native_sqrt")
__AMPCL_FAST_1(tan, "native_tan")
__AMPCL_FAST_1(tanh, "tanh")
__AMPCL_FAST_1(trunc, "trunc")
__AMPCL_FAST_2(atan2, "atan2")
__AMPCL_FAST_2(fmax, "fmax")
__AMPCL_FAST_2(fmin, "fmin")
__AMPCL_FAST_2(fmod, "fmod")
// Needs x >= 0 (native_powr), as Direct3D's pow, which C++ AMP's fast pow is.
__AMPCL_FAST_2(pow, "native_powr")
#undef __AMPCL_FAST_1
#undef __AMPCL_FAST_2

int isfinite(float x) restrict(amp) __AMPCL_BUILTIN("isfinite($0)");
int isinf(float x) restrict(amp) __AMPCL_BUILTIN("isinf($0)");
int isnan(float x) restrict(amp) __AMPCL_BUILTIN("isnan($0)");
int signbit(float x) restrict(amp) __AMPCL_BUILTIN("signbit($0)");
int signbitf(float x) restrict(amp) __AMPCL_BUILTIN("signbit($0)");
float ldexp(float x, int exp) restrict(amp) __AMPCL_BUILTIN("ldexp($0, $1)");
float ldexpf(float x, int exp) restrict(amp) __AMPCL_BUILTIN("ldexp($0, $1)");

// Output pointers may point to private, tile_static or global memory: OpenCL 1.2's
// builtins take each. sincos: OpenCL's returns the sine, C++ AMP's stores it.
float frexp(float x, int* exp) restrict(amp) __AMPCL_BUILTIN("frexp($0, $1)");
float frexpf(float x, int* exp) restrict(amp) __AMPCL_BUILTIN("frexp($0, $1)");
float modf(float x, float* integral) restrict(amp) __AMPCL_BUILTIN("modf($0, $1)");
float modff(float x, float* integral) restrict(amp) __AMPCL_BUILTIN("modf($0, $1)");
void sincos(float x, float* s, float* c) restrict(amp) __AMPCL_BUILTIN("(*($1) = sincos($0, $2))");
void sincosf(float x, float* s, float* c) restrict(amp) __AMPCL_BUILTIN("(*($1) = sincos($0, $2))");

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

#define __AMPCL_PRECISE_1(name, pattern)                         \
  float name##f(float x) restrict(amp) __AMPCL_BUILTIN(pattern); \
  float name(float x) restrict(amp) __AMPCL_BUILTIN(pattern);    \
  double name(double x) restrict(amp) __AMPCL_BUILTIN(pattern);
#define __AMPCL_PRECISE_2(name, pattern)                                  \
  float name##f(float x, float y) restrict(amp) __AMPCL_BUILTIN(pattern); \
  float name(float x, float y) restrict(amp) __AMPCL_BUILTIN(pattern);    \
  double name(double x, double y) restrict(amp) __AMPCL_BUILTIN(pattern);
// Where OpenCL C's float bound is loose (cosh: 4 ulp; PoCL's is 2) and precise_math
// promises the host's precision, the float overloads compute in double where the
// device has it (the kernel's program defines __ampcl_via_double: kernel.cpp), as
// Direct3D's precise_math needed double support.
#define __AMPCL_PRECISE_1_VIA_DOUBLE(name)                                              \
  float name##f(float x) restrict(amp) __AMPCL_BUILTIN("__ampcl_via_double(" #name ", $0)"); \
  float name(float x) restrict(amp) __AMPCL_BUILTIN("__ampcl_via_double(" #name ", $0)");    \
  double name(double x) restrict(amp) __AMPCL_BUILTIN(#name "($0)");
#define __AMPCL_PRECISE_PREDICATE(name, pattern)            \
  int name(float x) restrict(amp) __AMPCL_BUILTIN(pattern); \
  int name(double x) restrict(amp) __AMPCL_BUILTIN(pattern);

__AMPCL_PRECISE_1(acos, "acos($0)")
__AMPCL_PRECISE_1_VIA_DOUBLE(acosh)
__AMPCL_PRECISE_1(asin, "asin($0)")
__AMPCL_PRECISE_1_VIA_DOUBLE(asinh)
__AMPCL_PRECISE_1(atan, "atan($0)")
__AMPCL_PRECISE_1_VIA_DOUBLE(atanh)
__AMPCL_PRECISE_1(cbrt, "cbrt($0)")
__AMPCL_PRECISE_1(ceil, "ceil($0)")
__AMPCL_PRECISE_1(cos, "cos($0)")
__AMPCL_PRECISE_1_VIA_DOUBLE(cosh)
__AMPCL_PRECISE_1(cospi, "cospi($0)")
__AMPCL_PRECISE_1(erf, "erf($0)")
__AMPCL_PRECISE_1(erfc, "erfc($0)")
__AMPCL_PRECISE_1(exp, "exp($0)")
__AMPCL_PRECISE_1(exp10, "exp10($0)")
__AMPCL_PRECISE_1(exp2, "exp2($0)")
__AMPCL_PRECISE_1(expm1, "expm1($0)")
__AMPCL_PRECISE_1(fabs, "fabs($0)")
__AMPCL_PRECISE_1(floor, "floor($0)")
__AMPCL_PRECISE_1(log, "log($0)")
__AMPCL_PRECISE_1(log10, "log10($0)")
__AMPCL_PRECISE_1(log1p, "log1p($0)")
__AMPCL_PRECISE_1(log2, "log2($0)")
__AMPCL_PRECISE_1(logb, "logb($0)")
// nearbyint rounds in the current mode, which OpenCL fixes to nearest-even: rint.
__AMPCL_PRECISE_1(nearbyint, "rint($0)")
// rcbrt = 1 / cbrt: one rounding beyond cbrt's bound.
__AMPCL_PRECISE_1(rcbrt, "(1 / cbrt($0))")
__AMPCL_PRECISE_1(round, "round($0)")
__AMPCL_PRECISE_1(rsqrt, "rsqrt($0)")
__AMPCL_PRECISE_1(sin, "sin($0)")
__AMPCL_PRECISE_1_VIA_DOUBLE(sinh)
__AMPCL_PRECISE_1(sinpi, "sinpi($0)")
__AMPCL_PRECISE_1(sqrt, "sqrt($0)")
__AMPCL_PRECISE_1(tan, "tan($0)")
__AMPCL_PRECISE_1_VIA_DOUBLE(tanh)
__AMPCL_PRECISE_1(tanpi, "tanpi($0)")
__AMPCL_PRECISE_1(tgamma, "tgamma($0)")
__AMPCL_PRECISE_1(trunc, "trunc($0)")
__AMPCL_PRECISE_2(atan2, "atan2($0, $1)")
__AMPCL_PRECISE_2(copysign, "copysign($0, $1)")
__AMPCL_PRECISE_2(fdim, "fdim($0, $1)")
__AMPCL_PRECISE_2(fmax, "fmax($0, $1)")
__AMPCL_PRECISE_2(fmin, "fmin($0, $1)")
__AMPCL_PRECISE_2(fmod, "fmod($0, $1)")
__AMPCL_PRECISE_2(hypot, "hypot($0, $1)")
__AMPCL_PRECISE_2(nextafter, "nextafter($0, $1)")
__AMPCL_PRECISE_2(pow, "pow($0, $1)")
__AMPCL_PRECISE_2(remainder, "remainder($0, $1)")
// scalb(x, y) = x * 2^y for integral y.
__AMPCL_PRECISE_2(scalb, "ldexp($0, (int)($1))")
__AMPCL_PRECISE_PREDICATE(isfinite, "isfinite($0)")
__AMPCL_PRECISE_PREDICATE(isinf, "isinf($0)")
__AMPCL_PRECISE_PREDICATE(isnan, "isnan($0)")
__AMPCL_PRECISE_PREDICATE(isnormal, "isnormal($0)")
__AMPCL_PRECISE_PREDICATE(signbit, "signbit($0)")
__AMPCL_PRECISE_PREDICATE(ilogb, "ilogb($0)")
#undef __AMPCL_PRECISE_1
#undef __AMPCL_PRECISE_2
#undef __AMPCL_PRECISE_PREDICATE
#undef __AMPCL_PRECISE_1_VIA_DOUBLE

int signbitf(float x) restrict(amp) __AMPCL_BUILTIN("signbit($0)");
int ilogbf(float x) restrict(amp) __AMPCL_BUILTIN("ilogb($0)");
float fmaf(float x, float y, float z) restrict(amp) __AMPCL_BUILTIN("fma($0, $1, $2)");
float fma(float x, float y, float z) restrict(amp) __AMPCL_BUILTIN("fma($0, $1, $2)");
double fma(double x, double y, double z) restrict(amp) __AMPCL_BUILTIN("fma($0, $1, $2)");
float ldexpf(float x, int exp) restrict(amp) __AMPCL_BUILTIN("ldexp($0, $1)");
float ldexp(float x, int exp) restrict(amp) __AMPCL_BUILTIN("ldexp($0, $1)");
double ldexp(double x, int exp) restrict(amp) __AMPCL_BUILTIN("ldexp($0, $1)");
float scalbnf(float x, int exp) restrict(amp) __AMPCL_BUILTIN("ldexp($0, $1)");
float scalbn(float x, int exp) restrict(amp) __AMPCL_BUILTIN("ldexp($0, $1)");
double scalbn(double x, int exp) restrict(amp) __AMPCL_BUILTIN("ldexp($0, $1)");
// A quiet NaN with `tag` in its significand.
float nanf(int tag) restrict(amp) __AMPCL_BUILTIN("nan((uint)($0))");
double nan(int tag) restrict(amp) __AMPCL_BUILTIN("nan((ulong)($0))");
// lgamma without the sign, as C's.
float lgammaf(float x) restrict(amp) __AMPCL_BUILTIN("lgamma($0)");
float lgamma(float x) restrict(amp) __AMPCL_BUILTIN("lgamma($0)");
double lgamma(double x) restrict(amp) __AMPCL_BUILTIN("lgamma($0)");
// phi(x) = 0.5 erfc(-x / sqrt(2)), the standard normal distribution. In float,
// 1/sqrt(2) is split in two floats (as ampcl.clh does) to keep its precision.
float phif(float x) restrict(amp)
    __AMPCL_BUILTIN("(0.5f * erfc(-($0) * 7.071067691e-01f - ($0) * 1.210161749e-08f))");
float phi(float x) restrict(amp)
    __AMPCL_BUILTIN("(0.5f * erfc(-($0) * 7.071067691e-01f - ($0) * 1.210161749e-08f))");
double phi(double x) restrict(amp) __AMPCL_BUILTIN("(0.5 * erfc(-($0) * 0.70710678118654752440))");

// The functions with output pointers (private, tile_static or global memory: OpenCL
// 1.2's builtins take each). lgamma(x, sign): log|gamma(x)|, and gamma(x)'s sign
// (+1 or -1) in *sign. sincos: OpenCL's returns the sine, C++ AMP's stores it.
float frexpf(float x, int* exp) restrict(amp) __AMPCL_BUILTIN("frexp($0, $1)");
float frexp(float x, int* exp) restrict(amp) __AMPCL_BUILTIN("frexp($0, $1)");
double frexp(double x, int* exp) restrict(amp) __AMPCL_BUILTIN("frexp($0, $1)");
float modff(float x, float* integral) restrict(amp) __AMPCL_BUILTIN("modf($0, $1)");
float modf(float x, float* integral) restrict(amp) __AMPCL_BUILTIN("modf($0, $1)");
double modf(double x, double* integral) restrict(amp) __AMPCL_BUILTIN("modf($0, $1)");
float remquof(float x, float y, int* quo) restrict(amp) __AMPCL_BUILTIN("remquo($0, $1, $2)");
float remquo(float x, float y, int* quo) restrict(amp) __AMPCL_BUILTIN("remquo($0, $1, $2)");
double remquo(double x, double y, int* quo) restrict(amp) __AMPCL_BUILTIN("remquo($0, $1, $2)");
void sincosf(float x, float* s, float* c) restrict(amp) __AMPCL_BUILTIN("(*($1) = sincos($0, $2))");
void sincos(float x, float* s, float* c) restrict(amp) __AMPCL_BUILTIN("(*($1) = sincos($0, $2))");
void sincos(double x, double* s, double* c) restrict(amp)
    __AMPCL_BUILTIN("(*($1) = sincos($0, $2))");
float lgammaf(float x, int* sign) restrict(amp) __AMPCL_BUILTIN("lgamma_r($0, $1)");
float lgamma(float x, int* sign) restrict(amp) __AMPCL_BUILTIN("lgamma_r($0, $1)");
double lgamma(double x, int* sign) restrict(amp) __AMPCL_BUILTIN("lgamma_r($0, $1)");
// What OpenCL has no builtin for (ampcl_amp/math_special.h).
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
#include <ampcl_amp/macros_pop.h>
