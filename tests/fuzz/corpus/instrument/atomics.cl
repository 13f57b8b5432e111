// C++ AMP's atomic_fetch_* under contention, on global and tile_static memory.
#include <ampcl.clh>

#ifndef NBINS
#define NBINS 16 /* histogram_tiled's bin count; set with .define("NBINS", n) */
#endif

// Histogram straight into global memory: every work-item hits one of few bins.
__kernel void histogram_global(__global const int* values, __global int* bins, int nbins) {
  const int i = amp_global1();
  atomic_fetch_add(&bins[values[i] % nbins], 1);
}

// Histogram per tile in tile_static memory, merged into global memory.
__kernel void histogram_tiled(__global const uint* values, __global uint* bins) {
  tile_static uint local_bins[NBINS];
  const tiled_index1 t = amp_tiled_index1();
  for (int b = t.local_[0]; b < NBINS; b += AMPCL_TILE0) local_bins[b] = 0u;
  tile_barrier_wait();
  atomic_fetch_inc(&local_bins[values[t.global_[0]] % NBINS]);
  tile_barrier_wait();
  for (int b = t.local_[0]; b < NBINS; b += AMPCL_TILE0)
    atomic_fetch_add(&bins[b], local_bins[b]);
}

// All work-items on one counter; each records the old value it saw.
__kernel void fetch_ops(__global int* counters, __global int* add_old, __global uint* bits) {
  const int i = amp_global1();
  add_old[i] = atomic_fetch_add(&counters[0], 2);
  atomic_fetch_sub(&counters[1], 3);
  atomic_fetch_inc(&counters[2]);
  atomic_fetch_dec(&counters[3]);
  atomic_fetch_max(&counters[4], (i * 7919) % 10007);
  atomic_fetch_min(&counters[5], -((i * 7919) % 10007));
  atomic_fetch_or(&bits[0], 1u << (i % 32));
  atomic_fetch_and(&bits[1], ~(1u << (i % 31)));
  atomic_fetch_xor(&bits[2], (uint)i);
  atomic_fetch_max(&bits[3], (uint)i * 3u);
  atomic_fetch_min(&bits[4], 0xFFFFFFFFu - (uint)i);
}

// Each work-item swaps its id into one slot; the old values form a chain.
__kernel void exchange_chain(__global int* slot, __global int* old, __global float* fslot,
                             __global float* fold) {
  const int i = amp_global1();
  old[i] = atomic_exchange(&slot[0], i);
  fold[i] = atomic_exchange(&fslot[0], (float)i + 0.5f);
}

// A lock-free maximum with a compare_exchange loop (global memory).
__kernel void cas_max_global(__global const int* values, __global int* result) {
  const int v = values[amp_global1()];
  int expected = result[0];
  while (expected < v && !atomic_compare_exchange(&result[0], &expected, v)) {
  }
}

// The same in tile_static memory, one result per tile; uint values.
__kernel void cas_max_tiled(__global const uint* values, __global uint* tile_max) {
  tile_static uint best;
  const tiled_index1 t = amp_tiled_index1();
  if (t.local_[0] == 0) best = 0u;
  tile_barrier_wait();
  const uint v = values[t.global_[0]];
  uint expected = best;
  while (expected < v && !atomic_compare_exchange(&best, &expected, v)) {
  }
  tile_barrier_wait();
  if (t.local_[0] == 0) tile_max[t.tile[0]] = best;
}

// compare_exchange's result and *expected on success and failure.
__kernel void cas_semantics(__global int* cell, __global int* out) {
  int expected = 5;
  const bool ok1 = atomic_compare_exchange(&cell[0], &expected, 9);  // 5 -> 9
  out[0] = ok1;
  out[1] = expected;  // unchanged on success
  expected = 5;
  const bool ok2 = atomic_compare_exchange(&cell[0], &expected, 1);  // fails: cell is 9
  out[2] = ok2;
  out[3] = expected;  // now 9
}
