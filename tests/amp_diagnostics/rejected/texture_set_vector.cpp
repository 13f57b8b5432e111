#include <amp_graphics.h>
using namespace concurrency;
using namespace concurrency::graphics;
int main() {
  texture<float_4, 2> image(16, 16);
  parallel_for_each(image.extent, [&image](index<2> i) restrict(amp) {
    image.set(i, image[i] * 2.0f);  // error: texture<T, N>::set: a texture of a 2- or 4-component type cannot be written in place
  });
}
