#include <ampcl.clh>

// AddArrays' lambda: [=](index<1> idx) restrict(amp) { sum[idx] = a[idx] + b[idx]; }
// The inputs are const: the kernel only reads them, so a launch never copies
// them back, and array_view<const int> binds to them too.
__kernel void add_arrays(AMPCL_VIEW(const int, a), AMPCL_VIEW(const int, b), AMPCL_VIEW(int, sum)) {
  index1 idx = amp_index1();
  AV1_AT(sum, idx.v) = AV1_AT(a, idx.v) + AV1_AT(b, idx.v);
}
