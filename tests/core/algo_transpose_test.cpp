#include <gtest/gtest.h>

#include <ampcl/transpose.hpp>
#include <cstdlib>

#include "algo_test_support.hpp"

using namespace ampcl;
using ampcl_test::poisoned;
using ampcl_test::random_floats;

namespace {

// A whole rows x cols matrix of random floats into a poisoned one, every element
// checked against the host.
void expect_whole_transpose(int rows, int cols, unsigned seed) {
  auto in = random_floats(rows * cols, seed);
  auto out = poisoned(rows * cols);
  array_view<const float, 2> vin(rows, cols, in);
  array_view<float, 2> vout(cols, rows, out);
  transpose(vin, vout);
  vout.synchronize();
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j)
      ASSERT_EQ(out[j * rows + i], in[i * cols + j])
          << rows << "x" << cols << " at " << i << "," << j;
}

}  // namespace

TEST(AlgoTranspose, OddShapesAndSections) {
  for (auto [rows, cols] : {std::pair{1, 1}, {33, 70}, {128, 64}, {5, 200}})
    expect_whole_transpose(rows, cols, rows * 1000 + cols);
  // A section of a larger matrix into a section of a larger output.
  auto in = random_floats(40 * 50, 7);
  auto out = poisoned(60 * 60);
  array_view<const float, 2> vin(40, 50, in);
  array_view<float, 2> vout(60, 60, out);
  transpose(vin.section(3, 5, 30, 40), vout.section(2, 1, 40, 30));
  vout.synchronize();
  for (int i = 0; i < 30; ++i)
    for (int j = 0; j < 40; ++j) ASSERT_EQ(out[(2 + j) * 60 + 1 + i], in[(3 + i) * 50 + 5 + j]);
  EXPECT_EQ(out[0], ampcl_test::poison_float);  // outside the section: untouched
}

// The GPU kernel (tiles through tile_static memory, float4 rows when aligned) on
// whatever device runs the tests: AMPCL_TRANSPOSE_PARAMS forces it on CPUs too.
TEST(AlgoTranspose, TiledKernelVariants) {
  for (const char* params : {"32,8,1", "32,8,4", "64,16,4", "32,32,4"}) {
    setenv("AMPCL_TRANSPOSE_PARAMS", params, 1);
    SCOPED_TRACE(params);
    for (auto [rows, cols] : {std::pair{128, 64}, {36, 200}, {33, 70}, {64, 4}})
      expect_whole_transpose(rows, cols, rows * 1000 + cols);
    // Sections: aligned (float4 path) and not (scalar path).
    for (int shift : {4, 1}) {
      auto in = random_floats(72 * 80, 9), out = poisoned(80 * 80);
      array_view<const float, 2> vin(72, 80, in);
      array_view<float, 2> vout(80, 80, out);
      transpose(vin.section(4, shift, 64, 68), vout.section(8, 4, 68, 64));
      vout.synchronize();
      for (int i = 0; i < 64; ++i)
        for (int j = 0; j < 68; ++j)
          ASSERT_EQ(out[(8 + j) * 80 + 4 + i], in[(4 + i) * 80 + shift + j]) << params;
      EXPECT_EQ(out[0], ampcl_test::poison_float);
    }
  }
  unsetenv("AMPCL_TRANSPOSE_PARAMS");
}

// The kernel the library picks by itself (on CPUs: transpose_blocks4, 32 x 32 tiles
// in 4 x 4 blocks, with ragged edges) at sizes that are no multiple of 4 or 32, on
// sections at odd offsets, for float and int; every element against the host.
TEST(AlgoTranspose, DefaultKernelOnRaggedSizesAndOddSections) {
  unsetenv("AMPCL_TRANSPOSE_PARAMS");
  for (auto [rows, cols] :
       {std::pair{1, 7}, {3, 5}, {37, 70}, {100, 33}, {65, 129}, {257, 130}, {4, 1000}})
    expect_whole_transpose(rows, cols, rows * 31 + cols);
  // int, a 67 x 45 section at (3, 1) of a 75 x 50 matrix into a section at (5, 3) of
  // a 60 x 80 one: offsets and row strides that are no multiple of 4.
  std::vector<int> in(75 * 50), out(60 * 80, ampcl_test::poison_int);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<int>(i * 7 + 1);
  array_view<const int, 2> vin(75, 50, in);
  array_view<int, 2> vout(60, 80, out);
  transpose(vin.section(3, 1, 67, 45), vout.section(5, 3, 45, 67));
  vout.synchronize();
  for (int r = 0; r < 60; ++r)
    for (int c = 0; c < 80; ++c) {
      const bool inside = r >= 5 && r < 50 && c >= 3 && c < 70;
      const int want = inside ? in[(3 + c - 3) * 50 + 1 + r - 5] : ampcl_test::poison_int;
      ASSERT_EQ(out[r * 80 + c], want) << r << "," << c;
    }
}
