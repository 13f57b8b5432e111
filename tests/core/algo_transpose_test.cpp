#include <gtest/gtest.h>

#include <ampcl/transpose.hpp>
#include <cstdlib>
#include <string>
#include <tuple>
#include <vector>

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

// A rows x cols section at (r0, c0) of an in_rows x in_cols matrix of T into a
// section at (or0, oc0) of an out_rows x out_cols one; every output element checked,
// those outside the section against the poison.
template <class T>
void expect_section_transpose(int in_rows, int in_cols, int r0, int c0, int rows, int cols,
                              int out_rows, int out_cols, int or0, int oc0) {
  const T poison = static_cast<T>(-3);
  std::vector<T> in(std::size_t(in_rows) * in_cols), out(std::size_t(out_rows) * out_cols, poison);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<T>(i % 101 + 1);
  array_view<const T, 2> vin(in_rows, in_cols, in);
  array_view<T, 2> vout(out_rows, out_cols, out);
  transpose(vin.section(r0, c0, rows, cols), vout.section(or0, oc0, cols, rows));
  vout.synchronize();
  for (int r = 0; r < out_rows; ++r)
    for (int c = 0; c < out_cols; ++c) {
      const bool inside = r >= or0 && r < or0 + cols && c >= oc0 && c < oc0 + rows;
      const T want = inside ? in[std::size_t(r0 + c - oc0) * in_cols + c0 + r - or0] : poison;
      ASSERT_EQ(out[std::size_t(r) * out_cols + c], want) << r << "," << c;
    }
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

// The kernel the library picks by itself (on CPUs: transpose_lines, 128 x 64 tiles in
// 16 x 16 blocks, ragged edges in 4 x 4 blocks) at sizes that are no multiple of 4 or
// 16, on sections at odd offsets, for float and int; every element against the host.
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

// The CPU kernel's whole blocks with non-temporal stores (AMPCL_TRANSPOSE_CPU's NT 1:
// at any size; by default only past half the cache) where the output's rows are
// 16-aligned (row stride 176, section at (16, 32)), plain stores otherwise (row stride
// 150, section at (1, 3), or NT 0); both loop orders (WALK 1: along in's rows); both
// next to ragged edges (131 x 145: whole tiles and part of one each way), for 1-, 4-
// and 8-byte types (8 x 8 blocks for the last). 16-row tiles in groups of 8 rows leave
// work-items past the matrix.
TEST(AlgoTranspose, DefaultKernelAlignedAndUnalignedOutputRows) {
  unsetenv("AMPCL_TRANSPOSE_PARAMS");
  for (const char* cpu : {"128,64,1,4,1,0", "64,64,1,8,1,1", "16,32,1,8,1,1", "32,48,2,2,0,0"}) {
    setenv("AMPCL_TRANSPOSE_CPU", cpu, 1);
    for (auto [stride, or0, oc0] : {std::tuple{176, 16, 32}, {150, 1, 3}}) {
      SCOPED_TRACE(std::string(cpu) + " stride " + std::to_string(stride));
      expect_section_transpose<float>(150, 170, 2, 3, 131, 145, 180, stride, or0, oc0);
      expect_section_transpose<double>(150, 170, 2, 3, 131, 145, 180, stride, or0, oc0);
      expect_section_transpose<signed char>(150, 170, 2, 3, 131, 145, 180, stride, or0, oc0);
      expect_section_transpose<int>(150, 170, 0, 0, 128, 160, 180, stride, or0, oc0);
    }
  }
  unsetenv("AMPCL_TRANSPOSE_CPU");
}
