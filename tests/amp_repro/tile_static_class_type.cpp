// Cause tile-static-class-type (front end): a tile_static array of a class type whose default
// constructor is a user-written restrict(cpu, amp) one (C++ AMP BLAS's complex numbers in its
// reductions). Visual C++ accepts it and runs no constructor for tile_static objects. ampcl-c++:
// "a tile_static variable cannot be initialized, nor have a type whose constructor does work".
// bug: build
#include <amp.h>
#include <vector>
using namespace concurrency;

struct cplx {
  float re, im;
  cplx() restrict(cpu, amp) : re(0.0f), im(0.0f) {}
};

int main() {
  std::vector<float> out(64);
  array_view<float, 1> o(64, out);
  parallel_for_each(o.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static cplx part[64];
    part[t.local[0]].re = float(t.global[0]);
    t.barrier.wait();
    o[t.global] = part[63 - t.local[0]].re;
  });
  o.synchronize();
  return out[0] == 63.0f ? 0 : 1;
}
