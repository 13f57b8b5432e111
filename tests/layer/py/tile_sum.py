"""A pyopencl script (no ampcl): each work-group sums its slice by a tree
reduction in __local memory. `tile_sum.py racy` leaves out the barrier inside
the reduction loop (the checker must report the marked line); `tile_sum.py
fixed` has it."""
import sys

import numpy as np
import pyopencl as cl

RACY = """
__kernel void tile_sum(__global const int* in, __global int* sums, __local int* part) {
  const uint l = get_local_id(0);
  part[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = get_local_size(0) / 2; s > 0; s /= 2) {
    if (l < s) part[l] += part[l + s]; /* racy update */
  }
  if (l == 0) sums[get_group_id(0)] = part[0];
}
"""

FIXED = """
__kernel void tile_sum(__global const int* in, __global int* sums, __local int* part) {
  const uint l = get_local_id(0);
  part[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = get_local_size(0) / 2; s > 0; s /= 2) {
    if (l < s) part[l] += part[l + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0) sums[get_group_id(0)] = part[0];
}
"""


def main():
    if len(sys.argv) != 2 or sys.argv[1] not in ("racy", "fixed"):
        sys.exit("usage: tile_sum.py racy|fixed")
    mode = sys.argv[1]
    context = cl.create_some_context(interactive=False)
    queue = cl.CommandQueue(context)
    program = cl.Program(context, RACY if mode == "racy" else FIXED).build()
    n, group = 2048, 64
    data = np.arange(n, dtype=np.int32) % 97
    mf = cl.mem_flags
    in_buf = cl.Buffer(context, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=data)
    sums = np.zeros(n // group, dtype=np.int32)
    sums_buf = cl.Buffer(context, mf.WRITE_ONLY, sums.nbytes)
    program.tile_sum(queue, (n,), (group,), in_buf, sums_buf, cl.LocalMemory(4 * group))
    cl.enqueue_copy(queue, sums, sums_buf)
    # The racy kernel's results depend on the order the driver runs work-items
    # in (which the checker changes): only the fixed one's are printed.
    if mode == "fixed":
        print(f"tile_sum fixed: sums[0]={sums[0]} sums[-1]={sums[-1]} total={int(sums.sum())}")
    else:
        print(f"tile_sum racy: ran {n} work-items")


if __name__ == "__main__":
    main()
