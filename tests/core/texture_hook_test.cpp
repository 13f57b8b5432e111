// Launch hooks (race checking) see images and samplers as their own kinds, never
// as buffers to shadow, and a rewritten launch still binds them.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "texture_test_support.hpp"

using namespace ampcl;
using namespace ampcl::graphics;
using ampcl_test::kernel_path;
using ampcl_test::poison_float;

namespace {

// Records the argument kinds and relaunches the same source as "instrumented".
struct recording_hook : launch_hook {
  std::vector<launch_argument::kind> kinds;
  std::optional<instrumented_launch> before_launch(const accelerator_view&,
                                                   const launch_record& launch) override {
    for (const auto& a : launch.args) kinds.push_back(a.what);
    instrumented_launch same;
    same.source = launch.source;
    same.options = launch.options;
    return same;
  }
  void after_launch(const accelerator_view&, const launch_record&, instrumented_launch&,
                    cl_event) override {}
};

}  // namespace

TEST(TextureHook, LaunchHookSeesImagesAndSamplersAsTheirOwnKinds) {
  accelerator_view view = accelerator().create_view();
  auto hook = std::make_shared<recording_hook>();
  view.set_launch_hook(hook);
  const std::vector<float> texels{1.f, 2.f, 3.f, 4.f};
  texture<float, 1> t(extent<1>(4), texels.begin(), texels.end(), view);
  std::vector<float> xs{0.125f, 0.375f, 0.625f, 0.875f};  // texel centres
  std::vector<float_4> got(4, float_4(poison_float));
  array_view<const float, 1> xv(4, xs);
  array_view<float_4, 1> out(4, got);
  parallel_for_each(view, out.get_extent(),
                    kernel::from_file(kernel_path("texture_sample.cl"), "sample1"),
                    texture_view<const float, 1>(t), sampler(filter_point), xv, out);
  out.synchronize();
  using k = launch_argument::kind;
  EXPECT_EQ(hook->kinds, (std::vector<k>{k::image, k::sampler, k::buffer, k::view_shape, k::buffer,
                                         k::view_shape}));
  for (int i = 0; i < 4; ++i) EXPECT_EQ(got[i].x, texels[i]) << "texel " << i;
}
