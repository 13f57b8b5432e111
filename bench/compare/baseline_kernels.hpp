// OpenCL C of the baselines: what a user writes without the kernel library. The raw
// ones are plain OpenCL (no prelude), the documents' ones go through parallel_for_each.
#pragma once

namespace bench {

inline const char* const raw_kernels_source = R"CL(
__kernel void copy4(__global const float4* in, __global float4* out) {
  const size_t i = get_global_id(0);
  out[i] = in[i];
}

// A hand-written two-pass sum: grid-stride float4 loads, local tree.
__kernel void reduce_raw(__global const float4* in, int n4, __global float* partials,
                         __local float* scratch) {
  float4 a = (float4)(0.0f), b = (float4)(0.0f);
  int i = get_global_id(0);
  const int s = get_global_size(0);
  for (; i + s < n4; i += 2 * s) { a += in[i]; b += in[i + s]; }
  if (i < n4) a += in[i];
  a += b;
  const int lid = get_local_id(0);
  scratch[lid] = (a.x + a.y) + (a.z + a.w);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int k = get_local_size(0) / 2; k > 0; k >>= 1) {
    if (lid < k) scratch[lid] += scratch[lid + k];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) partials[get_group_id(0)] = scratch[0];
}
__kernel void reduce_raw_final(__global const float* partials, int n, __global float* out,
                               __local float* scratch) {
  float v = 0.0f;
  for (int i = get_local_id(0); i < n; i += get_local_size(0)) v += partials[i];
  const int lid = get_local_id(0);
  scratch[lid] = v;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int k = get_local_size(0) / 2; k > 0; k >>= 1) {
    if (lid < k) scratch[lid] += scratch[lid + k];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) out[0] = scratch[0];
}

__kernel void empty1(__global float* a0) {}
__kernel void empty4(__global float* a0, __global float* a1, __global float* a2, __global float* a3) {}
__kernel void empty8(__global float* a0, __global float* a1, __global float* a2, __global float* a3,
                     __global float* a4, __global float* a5, __global float* a6, __global float* a7) {}
__kernel void empty16(__global float* a0, __global float* a1, __global float* a2, __global float* a3,
                      __global float* a4, __global float* a5, __global float* a6, __global float* a7,
                      __global float* a8, __global float* a9, __global float* a10, __global float* a11,
                      __global float* a12, __global float* a13, __global float* a14, __global float* a15) {}
)CL";

// The documents' SamplingExample lambda with SAMPLESIZE x SAMPLESIZE tiles: one
// work-item per tile sums it (examples/kernels/sampling_example.cl, storing instead
// of accumulating so that it can run repeatedly).
inline const char* const documents_sampling_source = R"CL(
#include <ampcl.clh>
__kernel void sampling_average(AMPCL_VIEW(const float, matrix), AMPCL_VIEW(float, averages)) {
  tiled_index2 t_idx = amp_tiled_index2();
  tile_static float tileValues[SAMPLESIZE][SAMPLESIZE];
  tileValues[t_idx.local_[0]][t_idx.local_[1]] = AV2_AT(matrix, t_idx.global_);
  tile_barrier_wait();
  if (t_idx.local_[0] == 0 && t_idx.local_[1] == 0) {
    float sum = 0.0f;
    for (int trow = 0; trow < SAMPLESIZE; trow++)
      for (int tcol = 0; tcol < SAMPLESIZE; tcol++) sum += tileValues[trow][tcol];
    AV2(averages, t_idx.tile[0], t_idx.tile[1]) = sum / (float)(SAMPLESIZE * SAMPLESIZE);
  }
}
)CL";

// The documents' tiled matrix multiply (TS x TS tiles of tile_static memory).
inline const char* const documents_matmul_source = R"CL(
#include <ampcl.clh>
__kernel void matmul_tiled(AMPCL_VIEW(const float, a), AMPCL_VIEW(const float, b),
                           AMPCL_VIEW(float, product)) {
  tiled_index2 t_idx = amp_tiled_index2();
  const int row = t_idx.local_[0], col = t_idx.local_[1];
  const int n = a_view.extent[1];
  float sum = 0.0f;
  tile_static float locA[TS][TS], locB[TS][TS];  // OpenCL: declared at kernel scope
  for (int i = 0; i < n; i += TS) {
    locA[row][col] = AV2(a, t_idx.global_[0], col + i);
    locB[row][col] = AV2(b, row + i, t_idx.global_[1]);
    tile_barrier_wait();
    for (int k = 0; k < TS; k++) sum += locA[row][k] * locB[k][col];
    tile_barrier_wait();
  }
  AV2_AT(product, t_idx.global_) = sum;
}
)CL";

}  // namespace bench
