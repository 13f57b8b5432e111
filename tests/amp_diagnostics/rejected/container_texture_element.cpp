#include <amp_graphics.h>
struct layer {
  concurrency::graphics::texture<float, 2>& image;
  int id;
};
void keep(concurrency::array_view<layer, 1> layers);  // error: the element type 'layer' is or holds a texture ('layer::image')
int main() {}
