// A device without images (CL_DEVICE_IMAGE_SUPPORT false; faked on PoCL, as
// tests/core/texture_error_test does): creating a texture, and launching a kernel
// that uses one made before, throw concurrency::runtime_exception saying so.
#include <amp_graphics.h>

#include <string>

#include "../../lib/devices/device_state.hpp"
#include "check.h"

using namespace concurrency;
using namespace concurrency::graphics;

namespace {

// Makes the default device report no image support while alive.
class without_images {
 public:
  without_images() : state_(accelerator().state()), saved_(state_->info.images) {
    state_->info.images = false;
  }
  ~without_images() { state_->info.images = saved_; }
  without_images(const without_images&) = delete;
  without_images& operator=(const without_images&) = delete;

 private:
  std::shared_ptr<ampcl::detail::device_state> state_;
  bool saved_;
};

bool says_no_images(const runtime_exception& e) {
  return std::string(e.what()).find("CL_DEVICE_IMAGE_SUPPORT") != std::string::npos;
}

}  // namespace

int main() {
  std::vector<float> src(16, 1.5f);
  texture<float, 2> made_before(4, 4, src.begin(), src.end());
  std::vector<float> out(16, static_cast<float>(poison));
  array_view<float, 2> ov(4, 4, out);
  {
    without_images fake;
    int thrown = 0;
    try {
      texture<float, 2> t(4, 4);
      std::printf("a texture was created on a device without images\n");
    } catch (const runtime_exception& e) {
      thrown += says_no_images(e) ? 1 : 0;
      std::printf("texture: %s\n", e.what());
    }
    try {
      parallel_for_each(
          ov.extent, [&made_before, ov ](index<2> i) restrict(amp) { ov[i] = made_before[i]; });
      ov.synchronize();
      std::printf("a kernel read a texture on a device without images\n");
    } catch (const runtime_exception& e) {
      thrown += says_no_images(e) ? 1 : 0;
      std::printf("launch: %s\n", e.what());
    }
    CHECK_EQ(thrown, 2);
  }
  // With images again, the same kernel runs.
  parallel_for_each(
      ov.extent, [&made_before, ov ](index<2> i) restrict(amp) { ov[i] = made_before[i]; });
  ov.synchronize();
  for (int i = 0; i < 16; ++i) CHECK_EQ(out[i], src[i]);
  return report("amp_lowering.textures_without_images");
}
