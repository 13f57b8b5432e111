// Textures are not translated yet: a clear error, not a silent misbehaviour.
#include <amp_graphics.h>

int main() {
  concurrency::graphics::texture<float, 2> image(16, 16);
  (void)image;
}
