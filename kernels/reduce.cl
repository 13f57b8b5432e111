#include <ampcl.clh>

/* Two-pass reduction (include/ampcl/reduce.hpp). Pass one: each work-group
 * walks the input with a grid stride, four 4-vectors in flight per work-item
 * (enough loads outstanding to saturate HBM), folds its tile in tile_static
 * memory and writes one partial. Pass two: one work-group folds the partials.
 * The host defines T, OP (0 sum, 1 min, 2 max), WG (work-group size, a power of
 * two), CONTIGUOUS on CPUs and ALIGNED when the input starts on a 16-byte boundary. */
#ifndef T
#define T float
#endif
#ifndef OP
#define OP 0
#endif
#ifndef WG
#define WG 256
#endif
#define AMPCL_CAT(a, b) a##b
#define AMPCL_VEC4(t) AMPCL_CAT(t, 4)
#define T4 AMPCL_VEC4(T)

#if OP == 0
#define COMBINE(a, b) ((a) + (b))
#define HORIZONTAL(v) (((v).s0 + (v).s1) + ((v).s2 + (v).s3))
#elif OP == 1
#define COMBINE(a, b) min((a), (b))
#define HORIZONTAL(v) min(min((v).s0, (v).s1), min((v).s2, (v).s3))
#else
#define COMBINE(a, b) max((a), (b))
#define HORIZONTAL(v) max(max((v).s0, (v).s1), max((v).s2, (v).s3))
#endif

#ifdef ALIGNED
#define LOAD4(p, i) (((__global const T4*)(p))[i])
#else
#define LOAD4(p, i) vload4((i), (p))
#endif

/* Folds scratch[0..WG) into scratch[0]; every work-item must call it. */
static T fold_tile(__local T* scratch, T v) {
  const int lid = (int)get_local_id(0);
  scratch[lid] = v;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = WG / 2; s > 0; s >>= 1) {
    if (lid < s) scratch[lid] = COMBINE(scratch[lid], scratch[lid + s]);
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  return scratch[0];
}

/* `identity` is the neutral element (0, +inf, -inf); partials[group] = fold of its share. */
__kernel void reduce_partials(AMPCL_VIEW(const T, in), int n, T identity,
                              __global T* partials) {
  __local T scratch[WG];
  __global const T* src = in + in_view.offset;
  const int nv = n >> 2;
  const int gid = (int)get_global_id(0);
  const int stride = (int)get_global_size(0);
  T4 acc0 = (T4)(identity), acc1 = acc0, acc2 = acc0, acc3 = acc0;
#ifdef CONTIGUOUS
  /* CPUs (PoCL run a work-group's items one after another): each work-item folds
   * its own contiguous chunk, so every cache line is used whole by one item. */
  const int chunk = (nv + stride - 1) / stride;
  const int end = min(nv, (gid + 1) * chunk);
  for (int i = gid * chunk; i < end; ++i) acc0 = COMBINE(acc0, LOAD4(src, i));
#else
  int i = gid;
  for (; i + 3 * stride < nv; i += 4 * stride) {
    const T4 x0 = LOAD4(src, i);
    const T4 x1 = LOAD4(src, i + stride);
    const T4 x2 = LOAD4(src, i + 2 * stride);
    const T4 x3 = LOAD4(src, i + 3 * stride);
    acc0 = COMBINE(acc0, x0);
    acc1 = COMBINE(acc1, x1);
    acc2 = COMBINE(acc2, x2);
    acc3 = COMBINE(acc3, x3);
  }
  for (; i < nv; i += stride) acc0 = COMBINE(acc0, LOAD4(src, i));
#endif
  acc0 = COMBINE(COMBINE(acc0, acc1), COMBINE(acc2, acc3));
  T v = HORIZONTAL(acc0);
  if (gid < (n & 3)) v = COMBINE(v, src[(nv << 2) + gid]);
  const T total = fold_tile(scratch, v);
  if (get_local_id(0) == 0) partials[get_group_id(0)] = total;
}

/* One work-group: result[0] = fold of partials[0..count). */
__kernel void reduce_final(__global const T* partials, int count, T identity,
                           AMPCL_VIEW(T, result)) {
  __local T scratch[WG];
  T v = identity;
  for (int i = (int)get_local_id(0); i < count; i += WG) v = COMBINE(v, partials[i]);
  const T total = fold_tile(scratch, v);
  if (get_local_id(0) == 0) AV1(result, 0) = total;
}
