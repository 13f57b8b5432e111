// Double precision on a device without cl_khr_fp64 is unsupported_feature, both
// for double arguments and for doubles used only inside the kernel. PoCL has
// fp64, so these tests take it away: the device record says "no fp64", and the
// kernels that use doubles fail to build with the message clang gives on such a
// device (an #error under SIMULATE_NO_FP64, since PoCL accepts no option that
// removes the extension from its compiler).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "../../lib/devices/device_state.hpp"
#include "../../lib/launch/compile.hpp"
#include "math_support.hpp"

using namespace ampcl;

namespace {

// Makes the default device report no fp64 while alive.
class without_fp64 {
 public:
  without_fp64() : state_(accelerator().state()), saved_(state_->info.fp64) {
    state_->info.fp64 = false;
  }
  ~without_fp64() { state_->info.fp64 = saved_; }
  without_fp64(const without_fp64&) = delete;
  without_fp64& operator=(const without_fp64&) = delete;

 private:
  std::shared_ptr<detail::device_state> state_;
  bool saved_;
};

const char* const double_inside =
    "#ifdef SIMULATE_NO_FP64\n"
    "#error use of type 'double' requires cl_khr_fp64 support\n"
    "#endif\n"
    "__kernel void halve(__global float* v) {\n"
    "  double d = v[get_global_id(0)];\n"
    "  v[get_global_id(0)] = (float)(d * 0.5);\n"
    "}\n";

}  // namespace

TEST(MathFp64, BuildLogBlamingDoublesIsRecognized) {
  EXPECT_TRUE(
      detail::build_log_blames_fp64("error: use of type 'double' requires cl_khr_fp64 support"));
  EXPECT_TRUE(detail::build_log_blames_fp64("FP64 is not supported on this device"));
  EXPECT_FALSE(detail::build_log_blames_fp64("error: use of undeclared identifier 'x'"));
}

TEST(MathFp64, DoubleUsedInsideKernelIsUnsupportedFeatureWithoutFp64) {
  const kernel k =
      kernel::from_source(double_inside, "halve", "double_inside.cl").define("SIMULATE_NO_FP64");
  std::vector<float> v{2.f, 4.f};
  array_view<float, 1> vv(2, v);
  without_fp64 no_fp64;
  try {
    parallel_for_each(vv.get_extent(), k, vv);
    FAIL() << "a kernel using double ran on a device without fp64";
  } catch (const unsupported_feature& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("halve"), std::string::npos) << what;
    EXPECT_NE(what.find("cl_khr_fp64"), std::string::npos) << what;
    EXPECT_NE(what.find("use float"), std::string::npos) << what;
  }
}

TEST(MathFp64, PreciseMathDoubleArgumentsAreUnsupportedFeatureWithoutFp64) {
  const kernel k = ampcl_math_test::math_kernel<double>("precise_math_sin");
  std::vector<double> x(4), y(4);
  array_view<const double, 1> xv(4, x);
  array_view<double, 1> yv(4, y);
  without_fp64 no_fp64;
  EXPECT_THROW(parallel_for_each(yv.get_extent(), k, xv, yv), unsupported_feature);
}

TEST(MathFp64, DoubleVectorArgumentIsUnsupportedFeatureWithoutFp64) {
  const kernel k =
      kernel::from_file(ampcl_test::kernel_path("short_vectors_fp64.cl"), "scale_double2");
  std::vector<graphics::double_2> v(3);
  array_view<graphics::double_2, 1> vv(3, v);
  without_fp64 no_fp64;
  EXPECT_THROW(parallel_for_each(vv.get_extent(), k, graphics::double_2(2.0), vv),
               unsupported_feature);
}

TEST(MathFp64, FloatKernelsStillBuildAndRunWithoutFp64) {
  const kernel k = ampcl_math_test::math_kernel<float>("precise_math_sqrtf");
  std::vector<float> x{4.f, 9.f}, y(2, ampcl_test::poison_float);
  array_view<const float, 1> xv(2, x);
  array_view<float, 1> yv(2, y);
  without_fp64 no_fp64;
  parallel_for_each(yv.get_extent(), k, xv, yv);
  yv.synchronize();
  EXPECT_EQ(y, (std::vector<float>{2.f, 3.f}));
}

TEST(MathFp64, OtherBuildErrorsStayBuildErrors) {
  const kernel k = kernel::from_source("__kernel void broken(__global float* v) { v[0] = x; }",
                                       "broken", "broken_float.cl");
  std::vector<float> v(1);
  array_view<float, 1> vv(1, v);
  without_fp64 no_fp64;
  EXPECT_THROW(parallel_for_each(vv.get_extent(), k, vv), build_error);
}
