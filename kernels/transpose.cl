#include <ampcl.clh>

/* out = transpose(in) for rank-2 views (include/ampcl/transpose.hpp), sections
 * included. A TILE x TILE block goes through tile_static memory so that both the
 * read of `in` and the write of `out` are row-contiguous (coalesced); the +1
 * column keeps the transposed read free of bank conflicts. Work-groups are
 * (TILE / VEC) x ROWS (OpenCL order); each work-item moves TILE / ROWS vectors of
 * VEC elements. VEC = 4 (the host checks that both views' rows are 4-aligned and
 * both extents multiples of 4) keeps more bytes in flight per work-item, which is
 * what a barrier-split read/write kernel needs to approach copy bandwidth. */
#ifndef T
#define T float
#endif
#ifndef TILE
#define TILE 32
#endif
#ifndef ROWS
#define ROWS 8
#endif
#ifndef VEC
#define VEC 1
#endif
#define TW (TILE / VEC)

#if VEC == 4
#define VT AMPCL_CAT(T, 4)
#define AMPCL_CAT(a, b) AMPCL_CAT_(a, b)
#define AMPCL_CAT_(a, b) a##b
#endif

__kernel __attribute__((reqd_work_group_size(TW, ROWS, 1))) void transpose_tiled(
    AMPCL_VIEW(const T, in), AMPCL_VIEW(T, out)) {
  __local T block[TILE][TILE + 1];
  const int rows = in_view.extent[0], cols = in_view.extent[1];
  const int lx = (int)get_local_id(0), ly = (int)get_local_id(1);
  const int col0 = (int)get_group_id(0) * TILE, row0 = (int)get_group_id(1) * TILE;
#if VEC == 4
  __global const T* pin = in + in_view.offset;
  __global T* pout = out + out_view.offset;
  const int ldi = in_view.stride[0], ldo = out_view.stride[0];
  int c = col0 + lx * 4;
  VT v[TILE / ROWS];
#pragma unroll
  for (int t = 0; t < TILE / ROWS; ++t) {
    const int r = ly + t * ROWS;
    v[t] =
        (row0 + r < rows && c < cols) ? *(__global const VT*)(pin + (row0 + r) * ldi + c) : (VT)(0);
  }
#pragma unroll
  for (int t = 0; t < TILE / ROWS; ++t) {
    const int r = ly + t * ROWS;
    block[r][lx * 4 + 0] = v[t].x;
    block[r][lx * 4 + 1] = v[t].y;
    block[r][lx * 4 + 2] = v[t].z;
    block[r][lx * 4 + 3] = v[t].w;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  /* out has extent (cols, rows): its row index is in's column. */
  c = row0 + lx * 4;
#pragma unroll
  for (int t = 0; t < TILE / ROWS; ++t) {
    const int r = ly + t * ROWS;
    const VT w = (VT)(block[lx * 4 + 0][r], block[lx * 4 + 1][r], block[lx * 4 + 2][r],
                      block[lx * 4 + 3][r]);
    if (col0 + r < cols && c < rows) *(__global VT*)(pout + (col0 + r) * ldo + c) = w;
  }
#else
  int c = col0 + lx;
  for (int r = ly; r < TILE; r += ROWS)
    if (row0 + r < rows && c < cols) block[r][lx] = AV2(in, row0 + r, c);
  barrier(CLK_LOCAL_MEM_FENCE);
  /* out has extent (cols, rows): its row index is in's column. */
  c = row0 + lx;
  for (int r = ly; r < TILE; r += ROWS)
    if (col0 + r < cols && c < rows) AV2(out, col0 + r, c) = block[lx][r];
#endif
}

/* CPUs (PoCL): one work-item per TILE x TILE block, no tile_static memory or
 * barrier; the block's rows and columns stay in L1. Global size is the number of
 * blocks (OpenCL order: column blocks, row blocks). */
__kernel void transpose_blocks(AMPCL_VIEW(const T, in), AMPCL_VIEW(T, out)) {
  const int rows = in_view.extent[0], cols = in_view.extent[1];
  const int col0 = (int)get_global_id(0) * TILE, row0 = (int)get_global_id(1) * TILE;
  const int rend = min(row0 + TILE, rows), cend = min(col0 + TILE, cols);
  for (int c = col0; c < cend; ++c)
    for (int r = row0; r < rend; ++r) AV2(out, c, r) = AV2(in, r, c);
}

/* CPUs (PoCL), the default there: each work-item transposes a CT x CT tile as
 * 4 x 4 blocks, each with four vload4s and four vstore4s; no tile_static memory or
 * barrier. The loops live inside the work-item on purpose: PoCL vectorizes across
 * neighbouring work-items, which turns per-item float4 rows into gathers and
 * scatters (a work-item per 4 x 4 block ran at a fifth of copy speed). Both tiles
 * stay in L1; vload4/vstore4 need only element alignment, so any section works.
 * Global size: one item per tile (OpenCL order: column tiles, row tiles). */
#ifndef CT
#define CT 32
#endif
#define V4 AMPCL_CAT4(T, 4)
#define AMPCL_CAT4(a, b) AMPCL_CAT4_(a, b)
#define AMPCL_CAT4_(a, b) a##b

/* out[c..c+3][r..r+3] = transpose(in[r..r+3][c..c+3]) */
inline void transpose_4x4(__global const T* in, int ldi, __global T* out, int ldo, int r, int c) {
  const V4 a = vload4(0, in + r * ldi + c), b = vload4(0, in + (r + 1) * ldi + c),
           d = vload4(0, in + (r + 2) * ldi + c), e = vload4(0, in + (r + 3) * ldi + c);
  vstore4((V4)(a.s0, b.s0, d.s0, e.s0), 0, out + c * ldo + r);
  vstore4((V4)(a.s1, b.s1, d.s1, e.s1), 0, out + (c + 1) * ldo + r);
  vstore4((V4)(a.s2, b.s2, d.s2, e.s2), 0, out + (c + 2) * ldo + r);
  vstore4((V4)(a.s3, b.s3, d.s3, e.s3), 0, out + (c + 3) * ldo + r);
}

__kernel void transpose_blocks4(AMPCL_VIEW(const T, in), AMPCL_VIEW(T, out)) {
  const int rows = in_view.extent[0], cols = in_view.extent[1];
  const int c0 = (int)get_global_id(0) * CT, r0 = (int)get_global_id(1) * CT;
  if (r0 >= rows || c0 >= cols) return;
  __global const T* pin = in + in_view.offset;
  __global T* pout = out + out_view.offset;
  const int ldi = in_view.stride[0], ldo = out_view.stride[0];
  const int rend = min(r0 + CT, rows), cend = min(c0 + CT, cols);
  /* Whole 4 x 4 blocks; the inner loop walks along the output's rows. */
  const int r4 = r0 + (rend - r0) / 4 * 4, c4 = c0 + (cend - c0) / 4 * 4;
  for (int c = c0; c < c4; c += 4)
    for (int r = r0; r < r4; r += 4) transpose_4x4(pin, ldi, pout, ldo, r, c);
  /* The ragged right and bottom edges, element by element. */
  for (int r = r4; r < rend; ++r)
    for (int c = c0; c < cend; ++c) pout[c * ldo + r] = pin[r * ldi + c];
  for (int r = r0; r < r4; ++r)
    for (int c = c4; c < cend; ++c) pout[c * ldo + r] = pin[r * ldi + c];
}
