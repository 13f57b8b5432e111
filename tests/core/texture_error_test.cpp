// What a texture port gets wrong gets an error that names the parameter and the
// fix; devices without images (faked on PoCL, as math_fp64_test fakes fp64) and
// formats OpenCL lacks are unsupported_feature.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "../../lib/devices/device_state.hpp"
#include "texture_test_support.hpp"

using namespace ampcl;
using namespace ampcl::graphics;
using ampcl_test::kernel_path;
using ampcl_texture_test::texels_of;

namespace {

kernel access_kernel(const char* name) {
  return kernel::from_file(kernel_path("texture_access.cl"), name);
}

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

template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const argument_error& e) {
    return e.what();
  }
  ADD_FAILURE() << "no argument_error";
  return {};
}

}  // namespace

TEST(TextureErrors, ReadOnlyViewToWriteOnlyParameterNamesParameterAndFix) {
  texture<float, 2> t(3, 4);
  const std::string what = error_of([&] {
    parallel_for_each(t.get_extent(), access_kernel("write2f"), texture_view<const float, 2>(t));
  });
  EXPECT_NE(what.find("texture_view<const float, 2>"), std::string::npos) << what;
  EXPECT_NE(what.find("image2d_t t"), std::string::npos) << what;  // the parameter
  EXPECT_NE(what.find("__write_only"), std::string::npos) << what;
  EXPECT_NE(what.find("pass a texture_view<T, 2>"), std::string::npos) << what;
}

TEST(TextureErrors, WriteonlyViewToReadOnlyParameterIsRejected) {
  texture<float, 2> t(3, 4);
  std::vector<float_4> out(12);
  array_view<float_4, 2> ov(3, 4, out);
  const std::string what = error_of([&] {
    parallel_for_each(t.get_extent(), access_kernel("read2f"), writeonly_texture_view<float, 2>(t),
                      ov);
  });
  EXPECT_NE(what.find("write-only"), std::string::npos) << what;
  EXPECT_NE(what.find("__read_only"), std::string::npos) << what;
}

TEST(TextureErrors, TextureToPointerParameterAndArrayToImageParameter) {
  texture<float, 1> t(4);
  std::string what =
      error_of([&] { parallel_for_each(t.get_extent(), access_kernel("plain_pointer"), t); });
  EXPECT_NE(what.find("float* p"), std::string::npos) << what;
  EXPECT_NE(what.find("is an image"), std::string::npos) << what;

  std::vector<float> v(4);
  array_view<float, 1> av(4, v);
  what = error_of([&] { parallel_for_each(av.get_extent(), access_kernel("write1f"), av); });
  EXPECT_NE(what.find("pass a texture or a texture_view"), std::string::npos) << what;
}

TEST(TextureErrors, WrongRankAndSamplerMismatches) {
  texture<float, 1> t1(4);
  std::vector<float_4> out(4);
  array_view<float_4, 2> ov(2, 2, out);
  std::string what = error_of([&] {
    parallel_for_each(extent<2>(2, 2), access_kernel("read2f"), texture_view<const float, 1>(t1),
                      ov);
  });
  EXPECT_NE(what.find("image1d_t"), std::string::npos) << what;

  texture<float, 2> t2(2, 2);
  std::vector<float_2> coords(4);
  array_view<const float_2, 1> cv(4, coords);
  array_view<float_4, 1> o1(4, out);
  const kernel sample2 = kernel::from_file(kernel_path("texture_sample.cl"), "sample2");
  what = error_of([&] {
    parallel_for_each(o1.get_extent(), sample2, texture_view<const float, 2>(t2), 1.0f, cv, o1);
  });
  EXPECT_NE(what.find("pass a graphics::sampler"), std::string::npos) << what;
  what =
      error_of([&] { parallel_for_each(o1.get_extent(), sample2, sampler(), sampler(), cv, o1); });
  EXPECT_NE(what.find("image2d_t"), std::string::npos) << what;
}

TEST(TextureErrors, ImagelessDeviceIsUnsupportedFeature) {
  texture<float, 2> made_before(2, 2);
  without_images no_images;
  EXPECT_FALSE(accelerator().get_supports_images());
  try {
    texture<float, 2> t(2, 2);
    FAIL() << "a texture was created on a device without images";
  } catch (const unsupported_feature& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("texture<float, 2>"), std::string::npos) << what;
    EXPECT_NE(what.find("CL_DEVICE_IMAGE_SUPPORT"), std::string::npos) << what;
    EXPECT_NE(what.find("array<T, N>"), std::string::npos) << what;
  }
  EXPECT_THROW(parallel_for_each(made_before.get_extent(), access_kernel("write2f"),
                                 writeonly_texture_view<float, 2>(made_before)),
               unsupported_feature);
}

TEST(TextureErrors, FormatsOpenCLLacksAreUnsupportedFeature) {
  EXPECT_THROW((texture<float, 1>(extent<1>(4), 8u)), unsupported_feature);
  EXPECT_THROW((texture<unorm, 1>(extent<1>(4), 32u)), unsupported_feature);
  EXPECT_THROW((texture<int, 2>(extent<2>(2, 2), 12u)), unsupported_feature);
  EXPECT_THROW(sampler(filter_point, address_border, float_4(1.f, 0.f, 0.f, 1.f)),
               unsupported_feature);
  EXPECT_THROW(with_unnormalized_coordinates(sampler(filter_point, address_wrap)),
               unsupported_feature);
  EXPECT_THROW(sampler(static_cast<filter_mode>(7)), unsupported_feature);
}

TEST(TextureErrors, TextureOnAnotherViewIsRejected) {
  const accelerator_view other = accelerator().create_view();
  texture<float, 1> t(extent<1>(4), other);
  const std::string what = error_of([&] {
    parallel_for_each(accelerator().get_default_view(), t.get_extent(), access_kernel("write1f"),
                      writeonly_texture_view<float, 1>(t));
  });
  EXPECT_NE(what.find("another accelerator_view"), std::string::npos) << what;
  // Without an explicit view the launch runs on the texture's.
  parallel_for_each(t.get_extent(), access_kernel("write1f"), writeonly_texture_view<float, 1>(t));
  EXPECT_EQ(texels_of(t), (std::vector<float>{0, 1, 2, 3}));
}
