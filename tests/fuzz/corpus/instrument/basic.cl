#include <ampcl.clh>

// Small kernels the core tests launch.

__kernel void add_scalar(AMPCL_VIEW(int, x), int v) {
  index1 idx = amp_index1();
  AV1_AT(x, idx.v) += v;
}

__kernel void fill2(AMPCL_VIEW(int, m), int v) {
  index2 idx = amp_index2();
  AV2_AT(m, idx.v) = v;
}

// Writes each element's AMP-order index as row * 1000 + column.
__kernel void record_index2(AMPCL_VIEW(int, m)) {
  index2 idx = amp_index2();
  AV2(m, idx.v[0], idx.v[1]) = idx.v[0] * 1000 + idx.v[1];
}

__kernel void copy_in_to_out(AMPCL_VIEW(const int, in), AMPCL_VIEW(int, out)) {
  index1 idx = amp_index1();
  AV1_AT(out, idx.v) = AV1_AT(in, idx.v);
}

// Plain OpenCL pointers bind too, for whole (unsectioned) arrays and views.
__kernel void scale_plain(__global float* data, float factor) {
  data[get_global_id(0)] *= factor;
}

__kernel void float_sink(AMPCL_VIEW(float, x)) {
  AV1(x, amp_global1()) = 1.0f;
}

// Dynamic tile_static memory from tile_static_memory<T>(n).
__kernel void reverse_in_tile(AMPCL_VIEW(int, x), __local int* scratch) {
  tiled_index1 t = amp_tiled_index1();
  scratch[t.local_[0]] = AV1(x, t.global_[0]);
  tile_barrier_wait();
  AV1(x, t.global_[0]) = scratch[AMPCL_TILE0 - 1 - t.local_[0]];
}
