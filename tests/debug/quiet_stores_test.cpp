// Which plain tile_static stores the instrumenter makes quiet: nothing else touches
// their object in any barrier interval they can run in, and their subscripts are
// work-item coordinates in distinct dimensions (quiet_reads.hpp,
// local_id_subscripts.hpp). Such a store skips every race check where its run-time
// test holds, so a store wrongly called quiet would hide a race. Each case names
// every line with a tile_static store, split into quiet and checked.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "quiet_case.hpp"

using namespace ampcl::debug;

namespace {

// ampcl.clh's tiled index, as the prelude writes it (a helper that fills a struct).
#define TILED_INDEX                                                                           \
  "typedef struct { int global_[2]; int local_[2]; } tiled_index2;\n"                         \
  "tiled_index2 tiled(void) {\n"                                                              \
  "  tiled_index2 r;\n"                                                                       \
  "  do { r.global_[0] = (int)get_global_id(1); r.local_[0] = (int)get_local_id(1); } while " \
  "(0);\n"                                                                                    \
  "  do { r.global_[1] = (int)get_global_id(0); r.local_[1] = (int)get_local_id(0); } while " \
  "(0);\n"                                                                                    \
  "  return r;\n"                                                                             \
  "}\n"

const quiet_case kCases[] = {
    {"tiled_multiply_through_the_prelude_index",  // lines after the 7 of TILED_INDEX
     TILED_INDEX "__kernel void k(__global const float* a, __global float* c, int n) {\n"
                 "  __local float as[16][16], bs[16][16];\n"
                 "  tiled_index2 t = tiled();\n"
                 "  const int ty = t.local_[0], tx = t.local_[1];\n"
                 "  float sum = 0.0f;\n"
                 "  for (int k0 = 0; k0 < n; k0 += 16) {\n"
                 "    as[ty][tx] = a[ty * n + k0 + tx];\n"    // 14
                 "    bs[ty][tx] = a[(k0 + ty) * n + tx];\n"  // 15
                 "    barrier(CLK_LOCAL_MEM_FENCE);\n"
                 "    for (int k = 0; k < 16; ++k) sum += as[ty][k] * bs[k][tx];\n"
                 "    barrier(CLK_LOCAL_MEM_FENCE);\n"
                 "  }\n"
                 "  c[ty * n + tx] = sum;\n"
                 "}\n",
     {14, 15},
     {}},
    {"coordinates_from_get_local_id_plus_constants",
     "__kernel void k(__global const float* a, __global float* o) {\n"
     "  __local float s[18][16];\n"
     "  size_t x = get_local_id(0);\n"
     "  int y = (int)get_local_id(1);\n"
     "  s[y + 1][x] = a[x];\n"            // 5
     "  s[0][get_local_id(0)] = 0.0f;\n"  // 6: another store of s in the interval
     "  barrier(CLK_LOCAL_MEM_FENCE);\n"
     "  o[x] = s[y][x];\n"
     "  barrier(CLK_LOCAL_MEM_FENCE);\n"
     "  s[1 + y][x] = 1.0f;\n"  // 10
     "}\n",
     {10},
     {5, 6}},
    // Line 6 meets the read of line 7 (no barrier); line 11 meets line 12's
    // compound assignment; line 14 the read of line 15's right side.
    {"any_other_access_to_the_object_in_the_interval",
     "__kernel void k(__global float* o) {\n"
     "  __local float s[16], u[16], v[16];\n"
     "  int t = get_local_id(0);\n"
     "  u[t] = 0.0f;\n"  // 4: quiet (u is not touched again before the barrier)
     "  barrier(CLK_LOCAL_MEM_FENCE);\n"
     "  s[t] = u[t];\n"  // 6
     "  o[t] = s[15 - t];\n"
     "  barrier(CLK_LOCAL_MEM_FENCE);\n"
     "  o[t] += u[15 - t];\n"
     "  barrier(CLK_LOCAL_MEM_FENCE);\n"
     "  u[t] = 1.0f;\n"  // 11
     "  u[t] += 1.0f;\n"
     "  barrier(CLK_LOCAL_MEM_FENCE);\n"
     "  v[t] = 2.0f;\n"  // 14
     "  o[t] = v[t];\n"
     "}\n",
     {4},
     {6, 11, 12, 14}},
    // Subscripts that can name one element for two work-items, or that the
    // analysis cannot follow: an expression of the coordinate, one coordinate twice,
    // a variable changed later or narrowed to 8 bits, a parameter.
    {"subscripts_that_are_not_distinct_coordinates",
     "__kernel void k(__global float* o, int p) {\n"
     "  __local float s[16], m[16][16], n[16], w[16], q[16];\n"
     "  int t = get_local_id(0), later = get_local_id(0);\n"
     "  uchar narrow = (uchar)get_local_id(0);\n"
     "  s[(t + 1) % 16] = 1.0f;\n"  // 5
     "  m[t][t] = 1.0f;\n"          // 6
     "  n[later] = 1.0f;\n"         // 7
     "  w[narrow] = 1.0f;\n"        // 8
     "  q[p] = 1.0f;\n"             // 9
     "  later = 15 - later;\n"
     "  barrier(CLK_LOCAL_MEM_FENCE);\n"
     "  o[t] = s[t] + m[t][t] + n[t] + w[t] + q[t];\n"
     "}\n",
     {},
     {5, 6, 7, 8, 9}},
    // A pointer into tile_static memory may reach any object; a helper given one
    // may touch it; a helper given only numbers cannot.
    {"pointers_and_helpers",
     "float twice(float x) { return 2.0f * x; }\n"
     "void clear(__local float* p, int i) { p[i] = 0.0f; }\n"
     "__kernel void k(__global float* o) {\n"
     "  __local float s[16], u[16], v[16];\n"
     "  int t = get_local_id(0);\n"
     "  s[t] = twice(o[t]);\n"  // 6
     "  barrier(CLK_LOCAL_MEM_FENCE);\n"
     "  u[t] = 1.0f;\n"  // 8
     "  __local float* p = t < 8 ? s : v;\n"
     "  o[t] = p[t];\n"
     "  barrier(CLK_LOCAL_MEM_FENCE);\n"
     "  v[t] = 1.0f;\n"  // 12
     "  clear(s, t);\n"
     "}\n",
     {6},
     {2, 8, 12}},
};

class quiet_stores : public ::testing::TestWithParam<quiet_case> {};

TEST_P(quiet_stores, lines_are_quiet_or_checked_as_expected) {
  const quiet_case& c = GetParam();
  instrument_result r = instrument(c.source, "q.cl", "", "k");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  const auto [quiet, checked] =
      quiet_and_checked_lines(r, [](const site_info& s) { return s.kind != access_kind::read; });
  EXPECT_EQ(quiet, c.quiet) << r.source;
  EXPECT_EQ(checked, c.checked);
}

INSTANTIATE_TEST_SUITE_P(cases, quiet_stores, ::testing::ValuesIn(kCases),
                         [](const auto& info) { return std::string(info.param.name); });

// A quiet store passes the runtime the dimensions its subscripts name and their
// in-bounds test: where the test fails or the tile is wider, it is checked as any
// other store (__ampcl_lqput).
TEST(quiet_stores, pass_their_dimensions_and_in_bounds_test) {
  instrument_result r = instrument(kCases[0].source, "q.cl", "", "k");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_NE(r.source.find("__ampcl_lqput(__ampcl_c, (__local void*)&(as[ty]"), std::string::npos)
      << r.source;
  EXPECT_NE(r.source.find(", 3u, ((ulong)(long)(tx) < 16UL && (ulong)(long)(ty) < 16UL)))"),
            std::string::npos)
      << r.source;
}

}  // namespace
