// One kernel per amp_math.h function: k_<name>(x[, y[, z]]) -> out. REAL is float,
// or double with AMPCL_TEST_FP64 (then the kernels need cl_khr_fp64).
#ifdef AMPCL_TEST_FP64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif
#include <ampcl.clh>

#ifndef REAL
#define REAL float
#endif

#define UNARY(f)                                                          \
  __kernel void k_##f(__global const REAL* x, __global REAL* out) {       \
    const int i = amp_global1();                                          \
    out[i] = f(x[i]);                                                     \
  }
#define BINARY(f)                                                         \
  __kernel void k_##f(__global const REAL* x, __global const REAL* y,     \
                      __global REAL* out) {                               \
    const int i = amp_global1();                                          \
    out[i] = f(x[i], y[i]);                                               \
  }
#define PREDICATE(f)                                                      \
  __kernel void k_##f(__global const REAL* x, __global int* out) {        \
    const int i = amp_global1();                                          \
    out[i] = f(x[i]) != 0;                                                \
  }
#define BOTH(KIND, name) KIND(name) KIND(name##f)

/* precise_math */
BOTH(UNARY, precise_math_acos) BOTH(UNARY, precise_math_acosh) BOTH(UNARY, precise_math_asin)
BOTH(UNARY, precise_math_asinh) BOTH(UNARY, precise_math_atan) BOTH(UNARY, precise_math_atanh)
BOTH(UNARY, precise_math_cbrt) BOTH(UNARY, precise_math_ceil) BOTH(UNARY, precise_math_cos)
BOTH(UNARY, precise_math_cosh) BOTH(UNARY, precise_math_cospi) BOTH(UNARY, precise_math_erf)
BOTH(UNARY, precise_math_erfc) BOTH(UNARY, precise_math_exp) BOTH(UNARY, precise_math_exp10)
BOTH(UNARY, precise_math_exp2) BOTH(UNARY, precise_math_expm1) BOTH(UNARY, precise_math_fabs)
BOTH(UNARY, precise_math_floor) BOTH(UNARY, precise_math_lgamma) BOTH(UNARY, precise_math_log)
BOTH(UNARY, precise_math_log10) BOTH(UNARY, precise_math_log1p) BOTH(UNARY, precise_math_log2)
BOTH(UNARY, precise_math_logb) BOTH(UNARY, precise_math_nearbyint) BOTH(UNARY, precise_math_phi)
BOTH(UNARY, precise_math_rcbrt) BOTH(UNARY, precise_math_round) BOTH(UNARY, precise_math_rsqrt)
BOTH(UNARY, precise_math_sin) BOTH(UNARY, precise_math_sinh) BOTH(UNARY, precise_math_sinpi)
BOTH(UNARY, precise_math_sqrt) BOTH(UNARY, precise_math_tan) BOTH(UNARY, precise_math_tanh)
BOTH(UNARY, precise_math_tanpi) BOTH(UNARY, precise_math_tgamma) BOTH(UNARY, precise_math_trunc)
BOTH(BINARY, precise_math_atan2) BOTH(BINARY, precise_math_copysign)
BOTH(BINARY, precise_math_fdim) BOTH(BINARY, precise_math_fmax) BOTH(BINARY, precise_math_fmin)
BOTH(BINARY, precise_math_fmod) BOTH(BINARY, precise_math_hypot)
BOTH(BINARY, precise_math_nextafter) BOTH(BINARY, precise_math_pow)
BOTH(BINARY, precise_math_remainder)
BOTH(PREDICATE, precise_math_signbit)
PREDICATE(precise_math_isfinite) PREDICATE(precise_math_isinf) PREDICATE(precise_math_isnan)
PREDICATE(precise_math_isnormal)

/* fast_math */
BOTH(UNARY, fast_math_acos) BOTH(UNARY, fast_math_asin) BOTH(UNARY, fast_math_atan)
BOTH(UNARY, fast_math_ceil) BOTH(UNARY, fast_math_cos) BOTH(UNARY, fast_math_cosh)
BOTH(UNARY, fast_math_exp) BOTH(UNARY, fast_math_exp2) BOTH(UNARY, fast_math_fabs)
BOTH(UNARY, fast_math_floor) BOTH(UNARY, fast_math_log) BOTH(UNARY, fast_math_log10)
BOTH(UNARY, fast_math_log2) BOTH(UNARY, fast_math_round) BOTH(UNARY, fast_math_rsqrt)
BOTH(UNARY, fast_math_sin) BOTH(UNARY, fast_math_sinh) BOTH(UNARY, fast_math_sqrt)
BOTH(UNARY, fast_math_tan) BOTH(UNARY, fast_math_tanh) BOTH(UNARY, fast_math_trunc)
BOTH(BINARY, fast_math_atan2) BOTH(BINARY, fast_math_fmax) BOTH(BINARY, fast_math_fmin)
BOTH(BINARY, fast_math_fmod) BOTH(BINARY, fast_math_pow)
BOTH(PREDICATE, fast_math_signbit)
PREDICATE(fast_math_isfinite) PREDICATE(fast_math_isinf) PREDICATE(fast_math_isnan)

/* Functions with out-parameters or int arguments: one kernel per spelling pair. */
#define OUT_PARAMS(ns, sfx)                                                               \
  __kernel void k_##ns##_out_params##sfx(__global const REAL* x, __global const REAL* y,  \
                                         __global REAL* r, __global int* n) {             \
    const int i = amp_global1();                                                          \
    int e;                                                                                \
    REAL ip, s, c;                                                                        \
    r[6 * i + 0] = ns##_frexp##sfx(x[i], &e);                                            \
    n[4 * i + 0] = e;                                                                     \
    r[6 * i + 1] = ns##_modf##sfx(x[i], &ip);                                            \
    r[6 * i + 2] = ip;                                                                    \
    ns##_sincos##sfx(x[i], &s, &c);                                                       \
    r[6 * i + 3] = s;                                                                     \
    r[6 * i + 4] = c;                                                                     \
    r[6 * i + 5] = ns##_ldexp##sfx(x[i], (int)y[i]);                                     \
  }
OUT_PARAMS(precise_math, ) OUT_PARAMS(precise_math, f)
OUT_PARAMS(fast_math, ) OUT_PARAMS(fast_math, f)

__kernel void k_precise_int_results(__global const REAL* x, __global const REAL* y,
                                    __global REAL* r, __global int* n) {
  const int i = amp_global1();
  int q;
  r[4 * i + 0] = precise_math_remquof(x[i], y[i], &q);
  n[4 * i + 0] = q;
  int q2;
  r[4 * i + 1] = precise_math_remquo(x[i], y[i], &q2);
  n[4 * i + 1] = q2;
  r[4 * i + 2] = precise_math_scalbnf(x[i], (int)y[i]) + precise_math_scalbn(x[i], 1);
  r[4 * i + 3] = precise_math_scalbf(x[i], y[i]) - precise_math_scalb(x[i], (REAL)2);
  n[4 * i + 2] = precise_math_ilogbf(x[i]);
  n[4 * i + 3] = precise_math_ilogb(x[i]);
}

__kernel void k_precise_fma(__global const REAL* x, __global const REAL* y, __global REAL* out) {
  const int i = amp_global1();
  out[2 * i] = precise_math_fmaf(x[i], y[i], (REAL)0.25);
  out[2 * i + 1] = precise_math_fma(x[i], y[i], -x[i]);
}

__kernel void k_precise_nan(__global int* out) {
  out[0] = isnan(precise_math_nanf(7u)) ? 1 : 0;
#ifdef AMPCL_TEST_FP64
  out[1] = isnan(precise_math_nan(7u)) ? 1 : 0;
#else
  out[1] = 1;
#endif
}
