#include <ampcl.clh>

/* The documents' SamplingExample at any tile size (include/ampcl/tile_average.hpp):
 * averages[i][j] = mean of the TR x TC tile of `matrix` at (i*TR, j*TC).
 *
 * tile_average_strips (GPUs): a work-group covers a strip of TR rows and
 * NT * VW columns. Each work-item sums a VW-wide column chunk down the TR rows
 * (neighbouring work-items read neighbouring addresses: coalesced, TR loads in
 * flight), then the TC / VW work-items of one output fold their sums through
 * tile_static memory. The input is read once, at streaming speed; the naive
 * version (one tile per work-group, one work-item summing) is latency bound.
 *
 * tile_average_direct (CPUs, PoCL): one work-item per output, looping over its
 * tile row by row: contiguous reads that PoCL vectorises, no barrier.
 *
 * The host defines TR, TC, VW (1 or 4, dividing TC), NT (work-items per group, a
 * multiple of TC / VW) and ALIGNED when rows start on 16-byte boundaries. */
#ifndef TR
#define TR 2
#endif
#ifndef TC
#define TC 2
#endif
#ifndef VW
#define VW 1
#endif
#ifndef NT
#define NT 256
#endif
#define PER_OUT (TC / VW) /* work-items per output element */

#if VW == 4
#ifdef ALIGNED
#define LOADV(p) (*(__global const float4*)(p))
#else
#define LOADV(p) vload4(0, (p))
#endif
#define HSUM(v) (((v).s0 + (v).s1) + ((v).s2 + (v).s3))
typedef float4 vec_t;
#else
#define LOADV(p) (*(p))
#define HSUM(v) (v)
typedef float vec_t;
#endif

/* Launched as NT x out_rows work-items (OpenCL order) per column strip. */
__kernel void tile_average_strips(AMPCL_VIEW(const float, matrix), AMPCL_VIEW(float, averages)) {
  __local float sums[NT];
  const int lid = (int)get_local_id(0);
  const int out_row = (int)get_group_id(1);
  const int out_cols = averages_view.extent[1];
  const int first_out = (int)get_group_id(0) * (NT / PER_OUT);
  const int out_col = first_out + lid / PER_OUT;
  const bool active = out_col < out_cols;
  float s = 0.0f;
  if (active) {
    const int col = out_col * TC + (lid % PER_OUT) * VW;
    __global const float* p = matrix + matrix_view.offset + out_row * TR * matrix_view.stride[0] + col;
    vec_t acc = (vec_t)(0.0f);
#pragma unroll
    for (int r = 0; r < TR; ++r) acc += LOADV(p + r * matrix_view.stride[0]);
    s = HSUM(acc);
  }
  if (PER_OUT == 1) {
    if (active) AV2(averages, out_row, out_col) = s * (1.0f / (TR * TC));
    return;
  }
  sums[lid] = s;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (active && lid % PER_OUT == 0) {
    float t = 0.0f;
    for (int k = 0; k < PER_OUT; ++k) t += sums[lid + k];
    AV2(averages, out_row, out_col) = t * (1.0f / (TR * TC));
  }
}

/* One work-item per output; global size (out_cols, out_rows), OpenCL order. */
__kernel void tile_average_direct(AMPCL_VIEW(const float, matrix), AMPCL_VIEW(float, averages)) {
  const int j = (int)get_global_id(0), i = (int)get_global_id(1);
  if (i >= averages_view.extent[0] || j >= averages_view.extent[1]) return;
  __global const float* p = matrix + matrix_view.offset + i * TR * matrix_view.stride[0] + j * TC;
  float s = 0.0f;
  for (int r = 0; r < TR; ++r) {
    float row = 0.0f;
    for (int c = 0; c < TC; ++c) row += p[c];
    s += row;
    p += matrix_view.stride[0];
  }
  AV2(averages, i, j) = s * (1.0f / (TR * TC));
}
