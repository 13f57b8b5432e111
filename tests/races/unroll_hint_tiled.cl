// EXPECT-ONE: write-after-read @ 33, 32
// EXPECT-ONE: read-after-write @ 32, 33
// EXPECT-MAYBE: write-after-read @ 33, 32
// EXPECT-MAYBE: read-after-write @ 32, 33
// A tiled multiply whose loops of tile_static reads carry the user's loop hints
// (`#pragma unroll 4`, `__attribute__((opencl_unroll_hint(2)))`). The instrumenter
// emits such a loop twice (a fast copy and a checked one), and each copy must keep
// a hint that still precedes a loop: once, the hint was left in front of the
// copies' block, and the driver refused the instrumented program. After the
// multiply each work-item stores into its neighbour's column of `as` with no wait
// after the row sums that read it.
#include <ampcl.clh>

__kernel void unroll_hint_tiled(__global const int* a, __global const int* b, __global int* c) {
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
  as[ty][(tx + 1) % 16] = total;
  c[row * n + col] = sum + total;
}
