// Squares 1000 floats on the default accelerator; exits non-zero on any mismatch.
#include <ampcl/ampcl.hpp>

#include <cstdio>
#include <vector>

int main() {
  const int n = 1000;
  std::vector<float> in(n), out(n, -1.0f);
  for (int i = 0; i < n; ++i) in[i] = 0.5f * static_cast<float>(i) - 100.0f;
  ampcl::array_view<const float, 1> inv(n, in);
  ampcl::array_view<float, 1> outv(n, out);
  outv.discard_data();
  ampcl::parallel_for_each(outv.get_extent(), ampcl::kernel::from_file(KERNEL_FILE, "square"), inv,
                           outv);
  outv.synchronize();
  for (int i = 0; i < n; ++i) {
    const double expect = static_cast<double>(in[i]) * in[i];
    if (out[i] != static_cast<float>(expect)) {
      std::printf("mismatch at %d: %g, expected %g\n", i, out[i], expect);
      return 1;
    }
  }
  std::printf("consumer: %d squares correct on %s\n", n,
              ampcl::accelerator().get_description().c_str());
  return 0;
}
