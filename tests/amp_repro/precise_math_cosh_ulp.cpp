// Cause precise-math-ulp (runtime): precise_math::cosh/sinh on float are OpenCL C's cosh/sinh,
// which may be 4 ulp off (PoCL: 2 ulp); the host's libm is within 1 ulp. HCC's unit tests
// amp_math_{cosh,coshf,sinh,...}_precise_math sum |device - host| over 1024 random floats in
// [-pi, pi] and want < 1e-4, which only results within about 0.1 ulp of the host's meet.
// This exits 1 when a device result is more than 1 ulp from the correctly rounded value.
// bug: run
#include <amp.h>
#include <amp_math.h>
#include <cmath>
#include <cstdio>
#include <cstring>
using namespace concurrency;

static int ulps(float a, float b) {
  int ia, ib;
  std::memcpy(&ia, &a, sizeof ia);
  std::memcpy(&ib, &b, sizeof ib);
  return ia > ib ? ia - ib : ib - ia;
}

int main() {
  const int n = 2048;
  static float x[n], y[n];
  for (int i = 0; i < n; ++i) x[i] = -3.14159f + 6.28318f * float(i) / n;
  array_view<const float, 1> xv(n, x);
  array_view<float, 1> yv(n, y);
  parallel_for_each(yv.extent, [=](index<1> i) restrict(amp) { yv[i] = precise_math::cosh(xv[i]); });
  yv.synchronize();
  int worst = 0;
  for (int i = 0; i < n; ++i) {
    int u = ulps(y[i], float(std::cosh(double(x[i]))));
    if (u > worst) worst = u;
  }
  std::printf("precise_math::cosh(float) on the device: up to %d ulp from the correctly rounded value\n", worst);
  return worst > 1 ? 1 : 0;
}
