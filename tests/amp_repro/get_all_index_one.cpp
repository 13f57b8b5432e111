// Cause hcc-get-all-order (HCC-only): libraries written for HCC take accelerator::get_all()[1]
// as the GPU, because HCC listed its CPU accelerator first. ampcl lists the OpenCL devices
// first and the CPU accelerator last, so [1] is the CPU accelerator, which runs no kernel
// (Visual C++ too lists the hardware first). Fixed: with --hcc, get_all() lists in HCC's
// order, the CPU accelerator first.
// flags: --hcc
// bug: run
#include <amp.h>
#include <vector>
using namespace concurrency;

int main() {
  std::vector<accelerator> all = accelerator::get_all();
  if (all.size() < 2) return 1;
  int data[4] = {};
  array_view<int, 1> v(4, data);
  try {
    parallel_for_each(all[1].create_view(), v.extent, [=](index<1> i) restrict(amp) { v[i] = 1; });
    v.synchronize();
  } catch (const runtime_exception&) {
    return 1;
  }
  return data[0] == 1 ? 0 : 1;
}
