#include <ampcl.clh>

/* Element-wise maps over contiguous views (include/ampcl/transform.hpp).
 * The host defines T (element type), AMPCL_MAP(x) / AMPCL_MAP2(a, b) (the
 * operation, valid for T and its 4-vector) and ALIGNED when both views start on a
 * 16-byte boundary. Each work-item handles one 4-vector: the widest load NVIDIA
 * and PoCL both turn into single instructions. */
#ifndef T
#define T float
#endif
#define AMPCL_CAT(a, b) a##b
#define AMPCL_VEC4(t) AMPCL_CAT(t, 4)
#define T4 AMPCL_VEC4(T)
#ifndef AMPCL_MAP
#define AMPCL_MAP(x) (x)
#endif
#ifndef AMPCL_MAP2
#define AMPCL_MAP2(a, b) ((a) + (b))
#endif

#ifdef ALIGNED
#define LOAD4(p, i) (((__global const T4*)(p))[i])
#define STORE4(v, p, i) (((__global T4*)(p))[i] = (v))
#else
#define LOAD4(p, i) vload4((i), (p))
#define STORE4(v, p, i) vstore4((v), (i), (p))
#endif

/* out[i] = AMPCL_MAP(in[i]) for i < n; the last n % 4 elements by the first work-items. */
__kernel void transform_unary(AMPCL_VIEW(const T, in), AMPCL_VIEW(T, out), int n) {
  __global const T* src = in + in_view.offset;
  __global T* dst = out + out_view.offset;
  const int i = (int)get_global_id(0);
  const int nv = n >> 2;
  if (i < nv) {
    const T4 x = LOAD4(src, i);
    STORE4(AMPCL_MAP(x), dst, i);
  }
  if (i < (n & 3)) {
    const int j = (nv << 2) + i;
    const T x = src[j];
    dst[j] = AMPCL_MAP(x);
  }
}

/* out[i] = AMPCL_MAP2(a[i], b[i]). */
__kernel void transform_binary(AMPCL_VIEW(const T, a), AMPCL_VIEW(const T, b), AMPCL_VIEW(T, out),
                               int n) {
  __global const T* pa = a + a_view.offset;
  __global const T* pb = b + b_view.offset;
  __global T* dst = out + out_view.offset;
  const int i = (int)get_global_id(0);
  const int nv = n >> 2;
  if (i < nv) {
    const T4 x = LOAD4(pa, i);
    const T4 y = LOAD4(pb, i);
    STORE4(AMPCL_MAP2(x, y), dst, i);
  }
  if (i < (n & 3)) {
    const int j = (nv << 2) + i;
    const T x = pa[j];
    const T y = pb[j];
    dst[j] = AMPCL_MAP2(x, y);
  }
}
