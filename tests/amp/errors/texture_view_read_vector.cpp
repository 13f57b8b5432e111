// A writable texture_view of a 2- or 4-component texture cannot be read: OpenCL 1.2
// images are read-only or write-only in a kernel (C++ AMP reads only 1-component
// textures through it).
#include <amp_graphics.h>

using namespace concurrency;
using namespace concurrency::graphics;

int main() {
  texture<int_2, 1> image(16);
  texture_view<int_2, 1> view(image);
  parallel_for_each(
      view.extent, [=](index<1> i) restrict(amp) { view.set(i, view[i]); });
}
