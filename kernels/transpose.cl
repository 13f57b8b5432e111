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

/* CPUs (PoCL), the default there: each work-item transposes a CTR x CTC tile (rows x
 * columns of in) as CB x CB blocks (CB = 16, 8 for 8-byte types: a block row is a
 * 64-byte cache line of floats or doubles), each with CB vloads, a shuffle network in
 * registers and CB stores, so that every line read or written is used whole at once.
 * The loops live inside the work-item on purpose: PoCL vectorizes across neighbouring
 * work-items, which turns per-item rows into gathers and scatters. vload/vstore need
 * only element alignment, so any section works; ragged edges go in 4 x 4 blocks, then
 * element by element. Global size: one item per tile (OpenCL order: column tiles,
 * row tiles). */
#ifndef CTR
#define CTR 128
#endif
#ifndef CTC
#define CTC 64
#endif
#ifndef CB
#define CB 16
#endif
#ifndef CPU_NT
#define CPU_NT 0
#endif
#define AMPCL_CAT4(a, b) AMPCL_CAT4_(a, b)
#define AMPCL_CAT4_(a, b) a##b
#define V4 AMPCL_CAT4(T, 4)
#define VB AMPCL_CAT4(T, CB)
#define VLOADB AMPCL_CAT4(vload, CB)
#define VSTOREB AMPCL_CAT4(vstore, CB)
/* Interleave the low (high) halves of a and b. log2(CB) rounds of interleaving rows i
 * and i + CB / 2 into rows 2i and 2i + 1 transpose a CB x CB block. */
#if CB == 16
#define ZLO(a, b)                                                                                \
  (VB)(a.s0, b.s0, a.s1, b.s1, a.s2, b.s2, a.s3, b.s3, a.s4, b.s4, a.s5, b.s5, a.s6, b.s6, a.s7, \
       b.s7)
#define ZHI(a, b)                                                                                \
  (VB)(a.s8, b.s8, a.s9, b.s9, a.sa, b.sa, a.sb, b.sb, a.sc, b.sc, a.sd, b.sd, a.se, b.se, a.sf, \
       b.sf)
#define CB_LOG2 4
#elif CB == 8
#define ZLO(a, b) (VB)(a.s0, b.s0, a.s1, b.s1, a.s2, b.s2, a.s3, b.s3)
#define ZHI(a, b) (VB)(a.s4, b.s4, a.s5, b.s5, a.s6, b.s6, a.s7, b.s7)
#define CB_LOG2 3
#else
#error "CB must be 8 or 16"
#endif
/* CPU_NT: non-temporal stores (Clang's builtin, which PoCL has). A block row fills
 * whole lines, so they need not be read into the cache first, as a plain store does
 * (3 bytes of memory traffic per byte moved instead of 2). */
#if CPU_NT && defined(__has_builtin)
#if __has_builtin(__builtin_nontemporal_store)
#define AMPCL_NT_STORE 1
#if __has_builtin(__builtin_ia32_sfence)
/* x86 streaming stores are weakly ordered: drain them before the item ends. */
#define AMPCL_NT_FENCE() __builtin_ia32_sfence()
#endif
#endif
#endif
#ifndef AMPCL_NT_FENCE
#define AMPCL_NT_FENCE() (void)0
#endif
/* WALK_ROWS 1 (for an in read from memory): blocks in the order of in's rows, so each
 * row of a block is a stream, prefetched PF_AHEAD elements ahead; 0: down in's
 * columns, so each output row is written in one run (better while in is cached). */
#ifndef WALK_ROWS
#define WALK_ROWS 0
#endif
#define PF_AHEAD (WALK_ROWS ? 4 * CB : CB)
/* PoCL's Clang takes a __global pointer there; NVIDIA's refuses its address space. */
#if defined(POCL_DEVICE_ADDRESS_BITS) && defined(__has_builtin)
#if __has_builtin(__builtin_prefetch)
#define AMPCL_PREFETCH(p) __builtin_prefetch(p)
#endif
#endif
#ifndef AMPCL_PREFETCH
#define AMPCL_PREFETCH(p) (void)0
#endif

/* out[c..c+3][r..r+3] = transpose(in[r..r+3][c..c+3]) */
inline void transpose_4x4(__global const T* in, int ldi, __global T* out, int ldo, int r, int c) {
  const V4 a = vload4(0, in + r * ldi + c), b = vload4(0, in + (r + 1) * ldi + c),
           d = vload4(0, in + (r + 2) * ldi + c), e = vload4(0, in + (r + 3) * ldi + c);
  vstore4((V4)(a.s0, b.s0, d.s0, e.s0), 0, out + c * ldo + r);
  vstore4((V4)(a.s1, b.s1, d.s1, e.s1), 0, out + (c + 1) * ldo + r);
  vstore4((V4)(a.s2, b.s2, d.s2, e.s2), 0, out + (c + 2) * ldo + r);
  vstore4((V4)(a.s3, b.s3, d.s3, e.s3), 0, out + (c + 3) * ldo + r);
}

/* out[c..c+CB-1][r..r+CB-1] = transpose(in[r..r+CB-1][c..c+CB-1]); nt: the output
 * rows are aligned to a whole VB. */
inline void transpose_block(__global const T* in, int ldi, __global T* out, int ldo, int r, int c,
                            int nt) {
  VB x[CB], y[CB];
#pragma unroll
  for (int i = 0; i < CB; ++i) x[i] = VLOADB(0, in + (r + i) * ldi + c);
#pragma unroll
  for (int s = 0; s < CB_LOG2; ++s) {
#pragma unroll
    for (int i = 0; i < CB / 2; ++i) {
      y[2 * i] = ZLO(x[i], x[i + CB / 2]);
      y[2 * i + 1] = ZHI(x[i], x[i + CB / 2]);
    }
#pragma unroll
    for (int i = 0; i < CB; ++i) x[i] = y[i];
  }
#ifdef AMPCL_NT_STORE
  if (nt) {
#pragma unroll
    for (int i = 0; i < CB; ++i)
      __builtin_nontemporal_store(x[i], (__global VB*)(out + (c + i) * ldo + r));
    return;
  }
#endif
#pragma unroll
  for (int i = 0; i < CB; ++i) VSTOREB(x[i], 0, out + (c + i) * ldo + r);
}

/* Rows r0..rend-1, columns c0..cend-1 in 4 x 4 blocks, then element by element. */
inline void transpose_edge(__global const T* in, int ldi, __global T* out, int ldo, int r0,
                           int rend, int c0, int cend) {
  const int r4 = r0 + (rend - r0) / 4 * 4, c4 = c0 + (cend - c0) / 4 * 4;
  for (int c = c0; c < c4; c += 4)
    for (int r = r0; r < r4; r += 4) transpose_4x4(in, ldi, out, ldo, r, c);
  for (int r = r4; r < rend; ++r)
    for (int c = c0; c < cend; ++c) out[c * ldo + r] = in[r * ldi + c];
  for (int r = r0; r < r4; ++r)
    for (int c = c4; c < cend; ++c) out[c * ldo + r] = in[r * ldi + c];
}

__kernel void transpose_lines(AMPCL_VIEW(const T, in), AMPCL_VIEW(T, out)) {
  const int rows = in_view.extent[0], cols = in_view.extent[1];
  const int c0 = (int)get_global_id(0) * CTC, r0 = (int)get_global_id(1) * CTR;
  if (r0 >= rows || c0 >= cols) return;
  __global const T* pin = in + in_view.offset;
  __global T* pout = out + out_view.offset;
  const int ldi = in_view.stride[0], ldo = out_view.stride[0];
  const int rend = min(r0 + CTR, rows), cend = min(c0 + CTC, cols);
  /* Block rows start at multiples of CB past pout (CTR is a multiple of CB). */
  const int nt = (size_t)pout % sizeof(VB) == 0 && ldo % CB == 0;
  const int rb = r0 + (rend - r0) / CB * CB, cb = c0 + (cend - c0) / CB * CB;
#if WALK_ROWS
  for (int r = r0; r < rb; r += CB)
    for (int c = c0; c < cb; c += CB) {
#else
  for (int c = c0; c < cb; c += CB)
    for (int r = r0; r < rb; r += CB) {
#endif
      /* Past the tile too: the next group along the rows is usually this thread's. */
#pragma unroll
      for (int i = 0; i < CB; ++i) AMPCL_PREFETCH(pin + (r + i) * ldi + c + PF_AHEAD);
      transpose_block(pin, ldi, pout, ldo, r, c, nt);
    }
  transpose_edge(pin, ldi, pout, ldo, r0, rend, cb, cend);
  transpose_edge(pin, ldi, pout, ldo, rb, rend, c0, cb);
  if (nt) AMPCL_NT_FENCE();
}
