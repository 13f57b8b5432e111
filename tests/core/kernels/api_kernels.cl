#include <ampcl.clh>

// Kernels of the host-API tests (tests/core/api_*_test.cpp).

// pad(): the work-items past the data are launched, so the kernel guards every
// access with the view's extent. Each launched work-item bumps `launched`;
// covered elements get their index + 1.
__kernel void api_pad_mark1(AMPCL_VIEW(int, out), __global int* launched) {
  tiled_index1 t = amp_tiled_index1();
  atomic_inc(launched);
  if (t.global_[0] < AV_EXTENT(out, 0)) AV1(out, t.global_[0]) = t.global_[0] + 1;
}

__kernel void api_pad_mark2(AMPCL_VIEW(int, out), __global int* launched) {
  tiled_index2 t = amp_tiled_index2();
  atomic_inc(launched);
  if (t.global_[0] < AV_EXTENT(out, 0) && t.global_[1] < AV_EXTENT(out, 1))
    AV2(out, t.global_[0], t.global_[1]) = t.global_[0] * 100 + t.global_[1] + 1;
}

// Adds v to each 32-bit word (views made by reinterpret_as / view_as).
__kernel void api_add_uint(AMPCL_VIEW(uint, x), uint v) {
  AV1(x, amp_global1()) += v;
}
