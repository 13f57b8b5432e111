// EXPECT: race-free
// Every work-item tries to claim the tile's owner word with atomic_cmpxchg; the
// winner then reads it with a plain load while the others' cmpxchg fail. A failed
// atomic_cmpxchg writes nothing: it only read, and atomically.
#include <ampcl.clh>

__kernel void cas_loser_fixed(__global int* out) {
  tile_static int owner;
  tiled_index1 t = amp_tiled_index1();
  const int me = t.local_[0];
  if (me == 0) owner = 0;
  tile_barrier_wait();
  int got = -1;
  if (atomic_cmpxchg(&owner, 0, me + 1) == 0) {
    got = owner;
  }
  out[t.global_[0]] = got;
}
