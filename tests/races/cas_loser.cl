// EXPECT-ONE: read-after-write @ 16, 15
// EXPECT-ONE: write-after-read @ 15, 16
// As cas_loser_fixed, but the compare value is what the word holds and the new
// value too (0): every work-item's atomic_cmpxchg succeeds, so each writes the
// word (atomically) while the others read it with plain loads.
#include <ampcl.clh>

__kernel void cas_loser(__global int* out) {
  tile_static int owner;
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  if (me == 0) owner = 0;
  tile_barrier_wait();
  int got = -1;
  if (atomic_cmpxchg(&owner, 0, 0) == 0) {
    got = owner;
  }
  out[t.global_[0]] = got;
}
