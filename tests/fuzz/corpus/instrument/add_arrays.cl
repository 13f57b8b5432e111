#include <ampcl.clh>

// The documents' AddArrays: sum[idx] = a[idx] + b[idx].
__kernel void add_arrays(AMPCL_VIEW(const int, a), AMPCL_VIEW(const int, b),
                         AMPCL_VIEW(int, sum)) {
  index1 idx = amp_index1();
  AV1_AT(sum, idx.v) = AV1_AT(a, idx.v) + AV1_AT(b, idx.v);
}
