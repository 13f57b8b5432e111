// texture<T, N>::set writes 1-component textures only (C++ AMP's rule; OpenCL 1.2
// images are read-only or write-only in a kernel): a float_4 texture is written
// through a writeonly_texture_view or texture_view.
#include <amp_graphics.h>

using namespace concurrency;
using namespace concurrency::graphics;

int main() {
  texture<float_4, 2> image(16, 16);
  parallel_for_each(
      image.extent, [&image](index<2> i) restrict(amp) { image.set(i, image[i] * 2.0f); });
}
