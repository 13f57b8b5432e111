// Race-check walkthrough, step 0: the kernel as first written. Three hazards:
// a neighbour's tile_static slot read with no barrier after its write (twice),
// and every tile adding to total[0] with a plain +=.
// docs/racecheck-walkthrough.md shows each step's report.
#include <ampcl.clh>

// out[i] = in[i] + in[i + 1] (the right-hand neighbour in the tile, wrapping);
// total[0] = the sum of all of out.
__kernel void pair_sums(__global const int* in, __global int* out, __global int* total) {
  tiled_index1 t_idx = amp_tiled_index1();
  const int lid = t_idx.local_[0];
  tile_static int vals[16];  // the tile size (.sim launches define no AMPCL_TILE0)
  vals[lid] = in[t_idx.global_[0]];
  out[t_idx.global_[0]] = vals[lid] + vals[(lid + 1) % 16];
  if (lid == 0) {
    int sum = 0;
    for (int k = 0; k < 16; ++k) sum += 2 * vals[k];  // each value is in two pairs
    total[0] += sum;
  }
}
