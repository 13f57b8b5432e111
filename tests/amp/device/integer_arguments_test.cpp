// Math functions called with integer arguments in kernels, as C++ AMP code writes
// them: fast_math::sqrt(i) (the float function, fast_math having no other),
// precise_math::pow(x, 2) (the float function: int converts to float as well as to
// double, and float is x's own type). In C++ AMP std's functions are not
// restrict(amp), so these resolve among <amp_math.h>'s; Clang's CUDA mode makes
// std's constexpr functions callable on the device too, and would pick them.
#include <amp.h>
#include <amp_math.h>

#include <cmath>
#include <vector>

#include "device_check.h"

using namespace concurrency;

int main() {
  const int n = 64;
  std::vector<float> x = device_check::spread<float>(0.5, 8.0, n);
  std::vector<float> out(2 * n, device_check::poison<float>());
  array_view<const float, 1> xv(n, x);
  array_view<float, 1> ov(2 * n, out);
  parallel_for_each(
      xv.extent, [=](index<1> i) restrict(amp) {
        ov[2 * i[0]] = fast_math::sqrt(i[0] + 1);
        ov[2 * i[0] + 1] = precise_math::pow(xv[i], 2);
      });
  ov.synchronize();
  for (int i = 0; i < n; ++i) {
    AMP_CHECK(std::fabs(out[2 * i] - std::sqrt(float(i + 1))) <= std::sqrt(float(i + 1)) / 2048);
    AMP_CHECK(amp_check::ulp_error<float>(out[2 * i + 1], static_cast<long double>(x[i]) * x[i]) <=
              16);
  }
  return amp_check::finish("integer_arguments_test");
}
