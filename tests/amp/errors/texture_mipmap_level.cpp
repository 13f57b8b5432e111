// OpenCL 1.2 images have one mipmap level: reading another is an error.
#include <amp_graphics.h>

using namespace concurrency;
using namespace concurrency::graphics;

int main() {
  texture<float, 2> image(16, 16);
  texture_view<const float, 2> view(image);
  array_view<float, 2> out(16, 16);
  parallel_for_each(
      out.extent, [=](index<2> i) restrict(amp) { out[i] = view.get(i, 1u); });
}
