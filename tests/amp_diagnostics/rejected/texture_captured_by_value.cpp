#include <amp_graphics.h>
using namespace concurrency;
using namespace concurrency::graphics;
int main() {
  texture<float, 1> t(16);
  array_view<float, 1> out(16);
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) { out[i] = t[i]; });  // error: the lambda captures 't' by value, a concurrency::graphics::texture: a texture cannot be copied into restrict(amp) code
}
