#include <amp_graphics.h>
using namespace concurrency;
using namespace concurrency::graphics;
void f() restrict(amp) {
  tile_static writeonly_texture_view<int_2, 2> views[2];  // error: a tile_static variable cannot be initialized, nor have a type whose constructor does work
}
int main() {}
