#include <ampcl.clh>

/* SGEMM, row-major: C = alpha * A * B + beta * C, A M x K, B K x N, C M x N,
 * as rank-2 views (include/ampcl/gemm.hpp). Parameters (host-defined, picked per
 * device from lib/algorithms/gemm.cpp):
 *   BM, BN, BK  block tile of C and depth of one K step
 *   TM, TN      per-work-item micro-tile (multiples of 4)
 *   PAD         extra floats per row of the transposed A tile (multiple of 4)
 *   WX          0, or work-items per warp along N (8): each 32-wide warp then
 *               covers a (32 / WX) x WX patch of the work-item grid instead of
 *               two rows of it, which halves tile_static traffic per FMA
 *   EDGES       M, N or K not multiples of the block: guard loads and stores
 * Work-groups are (BN / TN) x (BM / TM) work-items, OpenCL order.
 *
 * Why it is fast: each work-item keeps TM x TN accumulators in registers and,
 * per k, reads TM + TN floats from tile_static memory as float4s, for TM * TN
 * fused multiply-adds. A work-item's rows are TM / 4 groups of 4 spaced BM / (TM
 * / 4) apart (columns likewise), so a warp's float4 reads are contiguous. Global
 * loads are float4s, the next K step is fetched into registers while the current
 * one is computed, and tile_static memory is double-buffered so one barrier per
 * K step suffices. The host guarantees 16-byte alignment of rows (offsets and
 * leading dimensions multiples of 4, N and K multiples of 4). */
#ifndef BM
#define BM 64
#endif
#ifndef BN
#define BN 64
#endif
#ifndef BK
#define BK 16
#endif
#ifndef TM
#define TM 4
#endif
#ifndef TN
#define TN 4
#endif
#ifndef PAD
#define PAD 4
#endif
#ifndef WX
#define WX 0
#endif

#define NTX (BN / TN)
#define NTY (BM / TM)
#define NT (NTX * NTY)
#define A_LOADS (BM * BK / 4 / NT) /* float4s of A per work-item per K step */
#define B_LOADS (BK * BN / 4 / NT)
#define AS_ROW (BM + PAD)

#if (BM * BK / 4) % NT != 0 || (BK * BN / 4) % NT != 0 || TM % 4 != 0 || TN % 4 != 0
#error "gemm.cl: tile parameters must split evenly over the work-group"
#endif
#if WX && (32 % WX != 0 || NTX % WX != 0 || NTY % (32 / WX) != 0 || NT % 32 != 0)
#error "gemm.cl: WX must tile the work-item grid with 32-wide warps"
#endif

typedef struct {
  float4 a[A_LOADS];
  float4 b[B_LOADS];
} staged_tiles;

static inline void fetch(staged_tiles* s, __global const float* A, int lda, __global const float* B,
                         int ldb, int M, int N, int K, int bm, int bn, int k0, int lid) {
#pragma unroll
  for (int t = 0; t < A_LOADS; ++t) {
    const int idx = lid + t * NT;
    const int row = bm + idx / (BK / 4), k = k0 + (idx % (BK / 4)) * 4;
#ifdef EDGES
    s->a[t] = (row < M && k < K) ? *(__global const float4*)(A + row * lda + k) : (float4)(0.0f);
#else
    s->a[t] = *(__global const float4*)(A + row * lda + k);
#endif
  }
#pragma unroll
  for (int t = 0; t < B_LOADS; ++t) {
    const int idx = lid + t * NT;
    const int k = k0 + idx / (BN / 4), col = bn + (idx % (BN / 4)) * 4;
#ifdef EDGES
    s->b[t] = (k < K && col < N) ? *(__global const float4*)(B + k * ldb + col) : (float4)(0.0f);
#else
    s->b[t] = *(__global const float4*)(B + k * ldb + col);
#endif
  }
}

/* A is stored transposed (As[k][m]) so the compute loop reads it as float4 along m. */
static inline void stage(const staged_tiles* s, __local float* As, __local float* Bs, int lid) {
#pragma unroll
  for (int t = 0; t < A_LOADS; ++t) {
    const int idx = lid + t * NT;
    const int m = idx / (BK / 4), k = (idx % (BK / 4)) * 4;
    As[(k + 0) * AS_ROW + m] = s->a[t].x;
    As[(k + 1) * AS_ROW + m] = s->a[t].y;
    As[(k + 2) * AS_ROW + m] = s->a[t].z;
    As[(k + 3) * AS_ROW + m] = s->a[t].w;
  }
#pragma unroll
  for (int t = 0; t < B_LOADS; ++t) {
    const int idx = lid + t * NT;
    const int k = idx / (BN / 4), n = (idx % (BN / 4)) * 4;
    *(__local float4*)(Bs + k * BN + n) = s->b[t];
  }
}

__kernel __attribute__((reqd_work_group_size(NTX, NTY, 1))) void gemm_tiled(
    AMPCL_VIEW(const float, A), AMPCL_VIEW(const float, B), AMPCL_VIEW(float, C), float alpha,
    float beta) {
  /* Declared as float4 so that the float4 accesses below are aligned: a float
   * array only promises 4 bytes, and NVIDIA faults on misaligned vector access. */
  __local float4 As4[2][BK * AS_ROW / 4];
  __local float4 Bs4[2][BK * BN / 4];
#define AS(i) ((__local float*)As4[i])
#define BS(i) ((__local float*)Bs4[i])
  const int M = C_view.extent[0], N = C_view.extent[1], K = A_view.extent[1];
  const int lda = A_view.stride[0], ldb = B_view.stride[0], ldc = C_view.stride[0];
  __global const float* pa = A + A_view.offset;
  __global const float* pb = B + B_view.offset;
  const int lid = (int)get_local_id(1) * NTX + (int)get_local_id(0);
#if WX
  /* Compute position: warp w owns a (32 / WX) x WX patch of the NTY x NTX grid. */
  const int warp = lid / 32, lane = lid % 32;
  const int tx = (warp % (NTX / WX)) * WX + lane % WX;
  const int ty = (warp / (NTX / WX)) * (32 / WX) + lane / WX;
#else
  const int tx = (int)get_local_id(0), ty = (int)get_local_id(1);
#endif
  const int bm = (int)get_group_id(1) * BM, bn = (int)get_group_id(0) * BN;

  float4 acc[TM][TN / 4];
#pragma unroll
  for (int i = 0; i < TM; ++i)
#pragma unroll
    for (int j = 0; j < TN / 4; ++j) acc[i][j] = (float4)(0.0f);

  staged_tiles s;
  fetch(&s, pa, lda, pb, ldb, M, N, K, bm, bn, 0, lid);
  stage(&s, AS(0), BS(0), lid);
  barrier(CLK_LOCAL_MEM_FENCE);

  const int steps = (K + BK - 1) / BK;
  for (int step = 0; step < steps; ++step) {
    const int cur = step & 1;
    const bool more = step + 1 < steps;
    if (more) fetch(&s, pa, lda, pb, ldb, M, N, K, bm, bn, (step + 1) * BK, lid);
    __local const float* as = AS(cur);
    __local const float* bs = BS(cur);
#pragma unroll
    for (int k = 0; k < BK; ++k) {
      float4 a4[TM / 4], b4[TN / 4];
#pragma unroll
      for (int i = 0; i < TM / 4; ++i)
        a4[i] = *(__local const float4*)(as + k * AS_ROW + i * (NTY * 4) + ty * 4);
#pragma unroll
      for (int j = 0; j < TN / 4; ++j)
        b4[j] = *(__local const float4*)(bs + k * BN + j * (NTX * 4) + tx * 4);
#pragma unroll
      for (int i = 0; i < TM / 4; ++i)
#pragma unroll
        for (int j = 0; j < TN / 4; ++j) {
          acc[4 * i + 0][j] = mad((float4)(a4[i].x), b4[j], acc[4 * i + 0][j]);
          acc[4 * i + 1][j] = mad((float4)(a4[i].y), b4[j], acc[4 * i + 1][j]);
          acc[4 * i + 2][j] = mad((float4)(a4[i].z), b4[j], acc[4 * i + 2][j]);
          acc[4 * i + 3][j] = mad((float4)(a4[i].w), b4[j], acc[4 * i + 3][j]);
        }
    }
    if (more) stage(&s, AS(cur ^ 1), BS(cur ^ 1), lid);
    barrier(CLK_LOCAL_MEM_FENCE);
  }

  __global float* pc = C + C_view.offset;
#pragma unroll
  for (int i = 0; i < TM; ++i) {
    const int row = bm + (i / 4) * (NTY * 4) + ty * 4 + (i % 4);
#pragma unroll
    for (int j = 0; j < TN / 4; ++j) {
      const int col = bn + j * (NTX * 4) + tx * 4;
#ifdef EDGES
      if (row >= M || col >= N) continue;
#endif
      __global float4* out = (__global float4*)(pc + row * ldc + col);
      float4 v = alpha * acc[i][j];
      if (beta != 0.0f) v = mad((float4)(beta), *out, v);
      *out = v;
    }
  }
}

/* Any shape and alignment: one output per work-item, 16 x 16 tiles through
 * tile_static memory. Used when gemm_tiled's alignment rules do not hold. */
__kernel __attribute__((reqd_work_group_size(16, 16, 1))) void gemm_simple(
    AMPCL_VIEW(const float, A), AMPCL_VIEW(const float, B), AMPCL_VIEW(float, C), float alpha,
    float beta) {
  __local float as[16][16], bs[16][16];
  const int M = C_view.extent[0], N = C_view.extent[1], K = A_view.extent[1];
  const int tx = (int)get_local_id(0), ty = (int)get_local_id(1);
  const int row = (int)get_group_id(1) * 16 + ty, col = (int)get_group_id(0) * 16 + tx;
  float sum = 0.0f;
  for (int k0 = 0; k0 < K; k0 += 16) {
    as[ty][tx] = (row < M && k0 + tx < K) ? AV2(A, row, k0 + tx) : 0.0f;
    bs[ty][tx] = (k0 + ty < K && col < N) ? AV2(B, k0 + ty, col) : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < 16; ++k) sum = mad(as[ty][k], bs[k][tx], sum);
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (row < M && col < N) {
    float v = alpha * sum;
    if (beta != 0.0f) v = mad(beta, AV2(C, row, col), v);
    AV2(C, row, col) = v;
  }
}
