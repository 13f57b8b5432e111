#include <ampcl.clh>

// Line 5 has a type error on purpose: the build log must point here.
__kernel void broken(AMPCL_VIEW(int, x)) {
  int y = undeclared_variable + 1;
  AV1(x, amp_global1()) = y;
}
