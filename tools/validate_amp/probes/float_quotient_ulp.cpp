// The evidence behind exact-float-quotient (docs/validation_amp.md): float division in
// restrict(amp) code against the host's, over the pairs hcSPARSE's transform test draws
// (rand() % 100 each). OpenCL C allows 2.5 ulp for float x / y unless the program is built
// with -cl-fp32-correctly-rounded-divide-sqrt; PoCL divides as the host does, and NVIDIA's
// OpenCL (H200, driver 580.159.04) gave 2394 of 9900 quotients 1 ulp away, e.g.
// 1 / 33: host 0.0303030312, device 0.0303030293. Build with ampcl-c++ and run:
//   ampcl-c++ -O2 float_quotient_ulp.cpp -o probe && AMPCL_DEVICE=nvidia ./probe
#include <amp.h>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>
using namespace concurrency;
int main() {
  std::vector<float> x, y;
  for (int a = 0; a < 100; ++a)
    for (int b = 1; b < 100; ++b) x.push_back(a), y.push_back(b);
  const int n = static_cast<int>(x.size());
  std::vector<float> r(n, -1.f);
  array_view<const float, 1> xv(n, x), yv(n, y);
  array_view<float, 1> rv(n, r);
  parallel_for_each(rv.extent, [=](index<1> i) restrict(amp) { rv[i] = xv[i] / yv[i]; });
  rv.synchronize();
  int differ = 0, worst = 0;
  for (int i = 0; i < n; ++i) {
    const float h = x[i] / y[i];
    if (h != r[i]) {
      ++differ;
      int hb, rb;
      std::memcpy(&hb, &h, 4);
      std::memcpy(&rb, &r[i], 4);
      worst = std::max(worst, std::abs(hb - rb));
      if (differ <= 3) std::printf("%g / %g: host %.9g device %.9g\n", x[i], y[i], h, r[i]);
    }
  }
  std::printf("%s: %d of %d quotients differ from the host's, at most %d ulp\n",
              accelerator().description.size() ? "device" : "?", differ, n, worst);
  return 0;
}
