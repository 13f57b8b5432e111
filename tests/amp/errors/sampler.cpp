// Only float, norm and unorm textures are sampled (as in C++ AMP).
#include <amp_graphics.h>

using namespace concurrency;
using namespace concurrency::graphics;

int main() {
  texture<int, 2> image(16, 16);
  texture_view<const int, 2> view(image);
  sampler s(filter_point);
  array_view<int, 2> out(16, 16);
  parallel_for_each(
      out.extent, [=](index<2> i) restrict(amp) { out[i] = view.sample(s, float_2(0.5f, 0.5f)); });
}
