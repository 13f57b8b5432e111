#include <ampcl.clh>

// The array example's lambda: a[idx] = a[idx] * 10.
__kernel void multiply_by_ten(AMPCL_VIEW(int, a)) {
  index1 idx = amp_index1();
  AV1_AT(a, idx.v) = AV1_AT(a, idx.v) * 10;
}
