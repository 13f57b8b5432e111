// Samplers come with textures: a clear error until then.
#include <amp_graphics.h>

int main() {
  concurrency::graphics::sampler s;
}
