#include <ampcl.clh>

// The document's separate kernel function:
//   void AddElements(index<1> idx, array_view<int, 1> sum, array_view<int, 1> a,
//                    array_view<int, 1> b) restrict(amp) { sum[idx] = a[idx] + b[idx]; }
// AMPCL_VIEW works for helper parameters too: each view travels as its pointer
// and its shape, so a call passes both (sum, sum_view).
void AddElements(index1 idx, AMPCL_VIEW(int, sum), AMPCL_VIEW(int, a), AMPCL_VIEW(int, b)) {
  AV1_AT(sum, idx.v) = AV1_AT(a, idx.v) + AV1_AT(b, idx.v);
}

// The lambda: [=](index<1> idx) restrict(amp) { AddElements(idx, sum, a, b); }
__kernel void add_arrays_with_function(AMPCL_VIEW(int, sum), AMPCL_VIEW(int, a),
                                       AMPCL_VIEW(int, b)) {
  index1 idx = amp_index1();
  AddElements(idx, sum, sum_view, a, a_view, b, b_view);
}
