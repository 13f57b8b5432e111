#include <ampcl.clh>

__kernel void square(AMPCL_VIEW(const float, in), AMPCL_VIEW(float, out)) {
  int i = amp_global1();
  AV1(out, i) = AV1(in, i) * AV1(in, i);
}
