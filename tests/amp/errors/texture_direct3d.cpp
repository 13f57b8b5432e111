// Direct3D texture interoperation has no OpenCL meaning.
#include <amp_graphics.h>

using namespace concurrency;
using namespace concurrency::graphics;

int main() {
  texture<float, 2> image(16, 16);
  concurrency::graphics::direct3d::get_texture(image);
}
