#include <ampcl.clh>

/* The benchmark's tiled SGEMM, C = A * B (n x n, row-major): 16 x 16 tiles of A
 * and B through tile_static memory, two barriers per K step (kernels/gemm.cl's
 * gemm_simple with plain pointers, so that a .sim file can launch it). */
__kernel void sgemm_tiled(__global const float* a, __global const float* b, __global float* c,
                          int n) {
  tile_static float as[16][16];
  tile_static float bs[16][16];
  tiled_index2 t = amp_tiled_index2();
  const int ty = t.local_[0], tx = t.local_[1];
  const int row = t.global_[0], col = t.global_[1];
  float sum = 0.0f;
  for (int k0 = 0; k0 < n; k0 += 16) {
    as[ty][tx] = a[row * n + k0 + tx];
    bs[ty][tx] = b[(k0 + ty) * n + col];
    tile_barrier_wait();
    for (int k = 0; k < 16; ++k) sum += as[ty][k] * bs[k][tx];
    tile_barrier_wait();
  }
  c[row * n + col] = sum;
}
