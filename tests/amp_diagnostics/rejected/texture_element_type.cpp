#include <amp_graphics.h>
struct pixel {
  float r, g, b;
};
void f() restrict(cpu) {
  concurrency::graphics::texture<pixel, 1> tex(16);  // error: texture<T, N>: T must be int, unsigned int, float, norm, unorm or a 2- or 4-component short vector
}
int main() {}
