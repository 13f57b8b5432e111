#include <gtest/gtest.h>

#include <ampcl/transform.hpp>
#include <cmath>

#include "algo_test_support.hpp"

using namespace ampcl;
using ampcl_test::poisoned;
using ampcl_test::random_floats;

TEST(AlgoTransform, UnaryMatchesDoubleReferenceIncludingTail) {
  for (int n : {1, 7, 1024, 4099}) {
    auto in = random_floats(n, 1 + n);
    auto out = poisoned(n);
    array_view<const float, 1> vin(n, in);
    array_view<float, 1> vout(n, out);
    transform(vin, vout, "x * 2.0f + 1.0f");
    vout.synchronize();
    for (int i = 0; i < n; ++i)
      ASSERT_NEAR(out[i], 2.0 * double(in[i]) + 1.0, 1e-6) << "n=" << n << " i=" << i;
  }
}

TEST(AlgoTransform, BinaryWithBuiltinsOnUnalignedSections) {
  const int n = 1000;
  auto a = random_floats(n + 3, 2), b = random_floats(n + 1, 3);
  auto out = poisoned(n);
  array_view<const float, 1> va(n + 3, a), vb(n + 1, b);
  array_view<float, 1> vout(n, out);
  // Offsets 3 and 1: not 16-byte aligned, so the kernel takes vload4.
  transform(va.section(3, n), vb.section(1, n), vout, "fma(a, b, 0.5f)");
  vout.synchronize();
  for (int i = 0; i < n; ++i) ASSERT_NEAR(out[i], double(a[i + 3]) * b[i + 1] + 0.5, 1e-6) << i;
}

TEST(AlgoTransform, CopyElementsOfRank2) {
  auto in = random_floats(64 * 33, 4);
  auto out = poisoned(in.size());
  array_view<float, 2> vin(64, 33, in), vout(64, 33, out);
  copy_elements(vin, vout);
  vout.synchronize();
  EXPECT_EQ(in, out);
}
