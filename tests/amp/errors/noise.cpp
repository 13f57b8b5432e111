// direct3d::noise has no compute-shader meaning (Direct3D offers it to texture
// shaders only): a clear error where a kernel calls it.
#include <ampcl/concurrency/direct3d.h>

float perturb(float x) restrict(amp) {
  return x + concurrency::direct3d::noise(x);
}

int main() {}
