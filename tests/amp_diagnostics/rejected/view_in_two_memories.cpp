// A view's memory is inferred from what it is made from and assigned; OpenCL C 1.2
// has no generic address space, so one view cannot see private memory at one
// time and global memory at another.
#include <amp.h>
using namespace concurrency;
int main() {
  std::vector<int> host(4);
  array_view<int, 1> global_view(4, host);
  parallel_for_each(global_view.extent, [=](index<1> i) restrict(amp) {
    int local[4] = {0, 1, 2, 3};
    array_view<int, 1> v(4, local);  // error: the array_view 'v' views more than one kind of memory
    v = global_view;
    global_view[i] = v[i];
  });
  return 0;
}
