// Which tile_static reads the instrumenter proves quiet (no write of their object
// can share a barrier interval with them): such reads skip the reader note and
// the order check, so a read wrongly called quiet would hide a race. Each case
// names the lines whose reads must be quiet and those that must not.
#include <gtest/gtest.h>

#include <set>

#include "instrument.hpp"

using namespace ampcl::debug;

namespace {

// Lines of the tile_static reads, split by the instrumenter's verdict.
struct verdicts {
  std::set<int> quiet, checked;
};

verdicts classify(const char* src) {
  instrument_result r = instrument(src, "q.cl", "", "k");
  EXPECT_TRUE(r.ok) << r.diagnostics;
  verdicts v;
  for (const site_info& s : r.sites) {
    if (s.space != memory_space::tile_static || s.kind != access_kind::read) continue;
    (s.quiet ? v.quiet : v.checked).insert(s.line);
  }
  return v;
}

TEST(quiet_reads, tiled_matrix_multiply_inner_loop_is_quiet) {
  verdicts v = classify(
      "__kernel void k(__global const float* a, __global float* c, int n) {\n"  // 1
      "  __local float as[16][16];\n"                                           // 2
      "  int ty = get_local_id(1), tx = get_local_id(0);\n"                     // 3
      "  float sum = 0.0f;\n"                                                   // 4
      "  for (int k0 = 0; k0 < n; k0 += 16) {\n"                                // 5
      "    as[ty][tx] = a[ty * n + k0 + tx];\n"                                 // 6
      "    barrier(CLK_LOCAL_MEM_FENCE);\n"                                     // 7
      "    for (int k = 0; k < 16; ++k) sum += as[ty][k] * as[k][tx];\n"        // 8
      "    barrier(CLK_LOCAL_MEM_FENCE);\n"                                     // 9
      "  }\n"                                                                   // 10
      "  c[ty * n + tx] = sum;\n"                                               // 11
      "}\n");
  EXPECT_EQ(v.quiet, (std::set<int>{8}));
  EXPECT_TRUE(v.checked.empty());
}

TEST(quiet_reads, one_barrier_per_loop_step_leaves_the_next_write_in_the_interval) {
  // Without the second barrier the next step's write meets this step's reads.
  verdicts v = classify(
      "__kernel void k(__global const float* a, __global float* c, int n) {\n"
      "  __local float as[16];\n"
      "  int t = get_local_id(0);\n"
      "  float sum = 0.0f;\n"
      "  for (int k0 = 0; k0 < n; ++k0) {\n"
      "    as[t] = a[k0 * 16 + t];\n"
      "    barrier(CLK_LOCAL_MEM_FENCE);\n"
      "    sum += as[(t + 1) % 16];\n"  // 8
      "  }\n"
      "  c[t] = sum;\n"
      "}\n");
  EXPECT_TRUE(v.quiet.empty());
  EXPECT_EQ(v.checked, (std::set<int>{8}));
}

TEST(quiet_reads, a_barrier_without_the_tile_static_fence_does_not_end_the_interval) {
  verdicts v = classify(
      "__kernel void k(__global float* o) {\n"
      "  __local float s[16];\n"
      "  int t = get_local_id(0);\n"
      "  s[t] = t;\n"
      "  barrier(CLK_GLOBAL_MEM_FENCE);\n"
      "  o[t] = s[15 - t];\n"  // 6: the write is not ordered (a fence mismatch)
      "  barrier(CLK_LOCAL_MEM_FENCE);\n"
      "  o[t] += s[t ^ 1];\n"  // 8
      "}\n");
  EXPECT_EQ(v.checked, (std::set<int>{6}));
  EXPECT_EQ(v.quiet, (std::set<int>{8}));
}

TEST(quiet_reads, writes_to_other_objects_do_not_matter_but_unknown_pointers_do) {
  verdicts v = classify(
      "__kernel void k(__global float* o, __local float* p) {\n"
      "  __local float s[16], u[16];\n"
      "  int t = get_local_id(0);\n"
      "  s[t] = t;\n"
      "  barrier(CLK_LOCAL_MEM_FENCE);\n"
      "  u[t] = s[15 - t];\n"  // 6: only u is written here
      "  barrier(CLK_LOCAL_MEM_FENCE);\n"
      "  __local float* q = t < 8 ? s : u;\n"
      "  q[t] = 1.0f;\n"      // could be either
      "  o[t] = u[t ^ 1];\n"  // 10
      "  barrier(CLK_LOCAL_MEM_FENCE);\n"
      "  p[t] = s[t];\n"  // 12: p is its own object
      "}\n");
  EXPECT_EQ(v.quiet, (std::set<int>{6, 12}));
  EXPECT_EQ(v.checked, (std::set<int>{10}));
}

TEST(quiet_reads, atomics_vector_stores_and_helpers_are_writes) {
  verdicts v = classify(
      "void put(__local float* p, int i) { p[i] = 0.0f; }\n"
      "__kernel void k(__global float* o) {\n"
      "  __local int n;\n"
      "  __local float s[16], u[16];\n"
      "  int t = get_local_id(0);\n"
      "  if (t == 0) n = 0;\n"
      "  s[t] = t; u[t] = t;\n"
      "  barrier(CLK_LOCAL_MEM_FENCE);\n"
      "  atomic_inc(&n);\n"
      "  vstore2((float2)(1.0f), 0, &s[0]);\n"
      "  put(u, 3);\n"
      "  o[t] = n + s[t] + u[t];\n"  // 12
      "}\n");
  EXPECT_TRUE(v.quiet.empty());
  EXPECT_EQ(v.checked, (std::set<int>{12}));
}

TEST(quiet_reads, a_helper_that_reaches_a_barrier_turns_the_analysis_off) {
  verdicts v = classify(
      "void sync(void) { barrier(CLK_LOCAL_MEM_FENCE); }\n"
      "__kernel void k(__global float* o) {\n"
      "  __local float s[16];\n"
      "  int t = get_local_id(0);\n"
      "  s[t] = t;\n"
      "  sync();\n"
      "  o[t] = s[15 - t];\n"  // 7
      "}\n");
  EXPECT_TRUE(v.quiet.empty());
  EXPECT_EQ(v.checked, (std::set<int>{7}));
}

TEST(quiet_reads, the_documents_serial_sum_reads_quietly_after_the_barrier) {
  // A write on one path, the barrier, then reads on every path.
  verdicts v = classify(
      "__kernel void k(__global const float* m, __global float* out) {\n"
      "  __local float total;\n"
      "  int t = get_local_id(0);\n"
      "  if (t == 0) { total = 0; for (int i = 0; i < 16; ++i) total += m[i]; }\n"
      "  barrier(CLK_LOCAL_MEM_FENCE);\n"
      "  out[get_global_id(0)] = total;\n"  // 6
      "}\n");
  EXPECT_EQ(v.quiet, (std::set<int>{6}));
}

}  // namespace
