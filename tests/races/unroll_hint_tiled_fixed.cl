// EXPECT: race-free
// unroll_hint_tiled's twin: the loops of tile_static reads carry the user's loop
// hints (`#pragma unroll 4`, `__attribute__((opencl_unroll_hint(2)))`), and both
// are emitted twice by the instrumenter, each copy keeping a hint before its loop;
// the tile waits before the neighbours' columns are stored.
#include <ampcl.clh>

__kernel void unroll_hint_tiled_fixed(__global const int* a, __global const int* b, __global int* c) {
  const int n = 32;
  tile_static int as[16][16];
  tile_static int bs[16][16];
  tiled_index2 t = amp_tiled_index2();
  const int ty = t.local_[0], tx = t.local_[1];
  const int row = t.global_[0], col = t.global_[1];
  int sum = 0;
  for (int k0 = 0; k0 < n; k0 += 16) {
    as[ty][tx] = a[row * n + k0 + tx];
    bs[ty][tx] = b[(k0 + ty) * n + col];
    tile_barrier_wait();
#pragma unroll 4
    for (int k = 0; k < 16; ++k) sum += as[ty][k] * bs[k][tx];
    tile_barrier_wait();
  }
  int total = 0;
  __attribute__((opencl_unroll_hint(2)))
  for (int k = 0; k < 16; ++k) total += as[ty][k];
  tile_barrier_wait();
  as[ty][(tx + 1) % 16] = total;
  tile_barrier_wait();
  c[row * n + col] = sum + total;
}
