// Direct3D interoperation has no OpenCL meaning: a clear error naming the function.
#include <ampcl/concurrency/accelerator.h>
#include <ampcl/concurrency/direct3d.h>

int main() {
  concurrency::accelerator_view v = concurrency::accelerator().default_view;
  concurrency::direct3d::get_device(v);
}
