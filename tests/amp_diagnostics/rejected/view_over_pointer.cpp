// C++ AMP lets restrict(amp) code make an array_view over a pointer; ampcl's views
// hold global memory only (OpenCL C 1.2 has no generic address space).
#include <amp.h>
struct holder {
  holder(concurrency::extent<1> e, float* p) restrict(cpu, amp)
      : view(e, p) {}  // error: an array_view over a pointer or container ('Concurrency::array_view<float, 1>') cannot be made in restrict(amp) code
  concurrency::array_view<float, 1> view;
};
int main() { return 0; }
