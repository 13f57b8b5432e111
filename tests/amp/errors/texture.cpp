// A texture's texels are int, unsigned int, float, norm, unorm or their 2- and
// 4-component short vectors: OpenCL images have no double (or struct) formats.
#include <amp_graphics.h>

int main() {
  concurrency::graphics::texture<double, 2> image(16, 16);
  (void)image;
}
