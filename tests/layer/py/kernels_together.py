"""A pyopencl script (no ampcl) whose one program holds three kernels, launched
one after another: `scale` (three buffers), `tile_copy` (__local memory) and
`last_writer`. The checker instruments the kernels without __local memory
together and builds them once, so `last_writer`'s launch runs the program
built for `scale`'s. `kernels_together.py racy`: every work-item of
`last_writer` stores its own value into one element (the checker must report
the marked line); `kernels_together.py fixed`: one work-item stores it."""
import sys

import numpy as np
import pyopencl as cl

COMMON = """
__kernel void scale(__global const int* a, __global const int* b, __global int* out) {
  const size_t i = get_global_id(0);
  out[i] = a[i] * b[i];
}

__kernel void tile_copy(__global const int* in, __global int* out, __local int* tile) {
  const size_t l = get_local_id(0), n = get_local_size(0);
  tile[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tile[n - 1 - l];
}
"""

RACY = COMMON + """
__kernel void last_writer(__global const int* in, __global int* out) {
  out[0] = in[get_global_id(0)]; /* racy store */
}
"""

FIXED = COMMON + """
__kernel void last_writer(__global const int* in, __global int* out) {
  if (get_global_id(0) == 0) out[0] = in[0];
}
"""


def main():
    if len(sys.argv) != 2 or sys.argv[1] not in ("racy", "fixed"):
        sys.exit("usage: kernels_together.py racy|fixed")
    mode = sys.argv[1]
    context = cl.create_some_context(interactive=False)
    queue = cl.CommandQueue(context)
    program = cl.Program(context, RACY if mode == "racy" else FIXED).build()
    n, group = 1024, 64
    a = np.arange(n, dtype=np.int32) % 31
    b = np.arange(n, dtype=np.int32) % 7 + 1
    mf = cl.mem_flags
    a_buf = cl.Buffer(context, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
    b_buf = cl.Buffer(context, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=b)
    scaled_buf = cl.Buffer(context, mf.READ_WRITE, a.nbytes)
    reversed_buf = cl.Buffer(context, mf.READ_WRITE, a.nbytes)
    last_buf = cl.Buffer(context, mf.READ_WRITE, 4)
    program.scale(queue, (n,), (group,), a_buf, b_buf, scaled_buf)
    program.tile_copy(queue, (n,), (group,), scaled_buf, reversed_buf, cl.LocalMemory(4 * group))
    program.last_writer(queue, (n,), (group,), reversed_buf, last_buf)
    scaled = np.empty(n, dtype=np.int32)
    reversed_ = np.empty(n, dtype=np.int32)
    last = np.empty(1, dtype=np.int32)
    cl.enqueue_copy(queue, scaled, scaled_buf)
    cl.enqueue_copy(queue, reversed_, reversed_buf)
    cl.enqueue_copy(queue, last, last_buf)
    want = a * b
    if not np.array_equal(scaled, want):
        sys.exit("scale: wrong result")
    if not np.array_equal(reversed_, want.reshape(-1, group)[:, ::-1].reshape(-1)):
        sys.exit("tile_copy: wrong result")
    # The racy kernel's stored value depends on the order the driver runs
    # work-items in (which the checker changes): only the fixed one's is printed.
    if mode == "fixed":
        print(f"kernels_together fixed: last={last[0]}")
    else:
        print("kernels_together racy: ran three kernels")


if __name__ == "__main__":
    main()
