// Which tile_static reads the instrumenter proves quiet (no write of their object
// can share a barrier interval with them): such reads skip the reader note and
// the order check, so a read wrongly called quiet would hide a race. Each case
// names every line with a tile_static read, split into quiet and checked.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "quiet_case.hpp"

using namespace ampcl::debug;

namespace {

const quiet_case kCases[] = {
    {"tiled_matrix_multiply_inner_loop",
     "__kernel void k(__global const float* a, __global float* c, int n) {\n"
     "  __local float as[16][16];\n"
     "  int ty = get_local_id(1), tx = get_local_id(0);\n"
     "  float sum = 0.0f;\n"
     "  for (int k0 = 0; k0 < n; k0 += 16) {\n"
     "    as[ty][tx] = a[ty * n + k0 + tx];\n"
     "    barrier(CLK_LOCAL_MEM_FENCE);\n"
     "    for (int k = 0; k < 16; ++k) sum += as[ty][k] * as[k][tx];\n"  // 8
     "    barrier(CLK_LOCAL_MEM_FENCE);\n"
     "  }\n"
     "  c[ty * n + tx] = sum;\n"
     "}\n",
     {8},
     {}},
    // Without a second barrier the next step's write meets this step's reads.
    {"one_barrier_per_loop_step_leaves_the_next_write_in_the_interval",
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
     "}\n",
     {},
     {8}},
    // Line 6: the write before the global-only barrier is not ordered (a fence mismatch).
    {"a_barrier_without_the_tile_static_fence_does_not_end_the_interval",
     "__kernel void k(__global float* o) {\n"
     "  __local float s[16];\n"
     "  int t = get_local_id(0);\n"
     "  s[t] = t;\n"
     "  barrier(CLK_GLOBAL_MEM_FENCE);\n"
     "  o[t] = s[15 - t];\n"  // 6
     "  barrier(CLK_LOCAL_MEM_FENCE);\n"
     "  o[t] += s[t ^ 1];\n"  // 8
     "}\n",
     {8},
     {6}},
    {"writes_to_other_objects_do_not_matter_but_unknown_pointers_do",
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
     "}\n",
     {6, 12},
     {10}},
    {"atomics_vector_stores_and_helpers_are_writes",
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
     "}\n",
     {},
     {12}},
    {"a_helper_that_reaches_a_barrier_turns_the_analysis_off",
     "void sync(void) { barrier(CLK_LOCAL_MEM_FENCE); }\n"
     "__kernel void k(__global float* o) {\n"
     "  __local float s[16];\n"
     "  int t = get_local_id(0);\n"
     "  s[t] = t;\n"
     "  sync();\n"
     "  o[t] = s[15 - t];\n"  // 7
     "}\n",
     {},
     {7}},
    // The documents' serial sum: a write on one path, the barrier, reads on every path.
    {"the_documents_serial_sum_reads_quietly_after_the_barrier",
     "__kernel void k(__global const float* m, __global float* out) {\n"
     "  __local float total;\n"
     "  int t = get_local_id(0);\n"
     "  if (t == 0) { total = 0; for (int i = 0; i < 16; ++i) total += m[i]; }\n"
     "  barrier(CLK_LOCAL_MEM_FENCE);\n"
     "  out[get_global_id(0)] = total;\n"  // 6
     "}\n",
     {6},
     {}},
};

class quiet_reads : public ::testing::TestWithParam<quiet_case> {};

TEST_P(quiet_reads, lines_are_quiet_or_checked_as_expected) {
  const quiet_case& c = GetParam();
  instrument_result r = instrument(c.source, "q.cl", "", "k");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  const auto [quiet, checked] =
      quiet_and_checked_lines(r, [](const site_info& s) { return s.kind == access_kind::read; });
  EXPECT_EQ(quiet, c.quiet);
  EXPECT_EQ(checked, c.checked);
}

INSTANTIATE_TEST_SUITE_P(cases, quiet_reads, ::testing::ValuesIn(kCases),
                         [](const auto& info) { return std::string(info.param.name); });

// Loops of quiet reads run without a barrier are emitted twice (quiet_loops.hpp):
// a fast copy under __ampcl_quiet_ok, the checked copy otherwise.
int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(quiet_loops, the_inner_loop_of_a_tiled_multiply_is_emitted_twice) {
  instrument_result r = instrument(kCases[0].source, "q.cl", "", "k");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  // ty and tx hold through the loop: their tests are made before it, once.
  EXPECT_EQ(count(r.source,
                  "if (__ampcl_quiet_ok(__ampcl_c, 1u) && ((ulong)(long)(tx) < 16UL) && "
                  "((ulong)(long)(ty) < 16UL))"),
            1)
      << r.source;
  EXPECT_EQ(count(r.source, "for (int k = 0; k < 16; ++k)"), 2);
  EXPECT_EQ(count(r.source, "#define __AMPCL_QUIET_READ __ampcl_lqb_in"), 1);
  // The checked copy stays rolled: unrolled, its hooks' live values set the
  // kernel's register count (80 against 64 on an H100, and a slower SGEMM).
  EXPECT_EQ(count(r.source, "} else {\n#pragma unroll 1\n"), 1);
  // The outer loop holds the barriers: it is emitted once.
  EXPECT_EQ(count(r.source, "for (int k0 = 0; k0 < n; k0 += 16)"), 1);
  // What follows the loop keeps its line (8, where the loop ends).
  const std::size_t after = r.source.find("} else {");
  ASSERT_NE(after, std::string::npos);
  EXPECT_NE(r.source.find("#line 8 \"q.cl\"\n;", after), std::string::npos) << r.source;
}

// The user's loop hints stay before a loop in each copy: the fast copy keeps them,
// the checked copy is kept rolled (a hint left before the copies' block made the
// instrumented program one the driver refused).
TEST(quiet_loops, the_users_loop_hints_stay_with_the_fast_copy) {
  const char* hinted =
      "__kernel void k(__global const float* a, __global float* c) {\n"
      "  __local float s[16];\n"
      "  int t = get_local_id(0);\n"
      "  s[t] = a[t];\n"
      "  barrier(CLK_LOCAL_MEM_FENCE);\n"
      "  float sum = 0.0f;\n"
      "#pragma unroll 4\n"
      "  for (int k = 0; k < 16; ++k) sum += s[k];\n"
      "  __attribute__((opencl_unroll_hint(2)))\n"
      "  for (int k = 0; k < 16; ++k) sum += s[15 - k];\n"
      "  c[t] = sum;\n"
      "}\n";
  instrument_result r = instrument(hinted, "q.cl", "", "k");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_EQ(count(r.source, "__ampcl_quiet_ok(__ampcl_c"), 2) << r.source;
  EXPECT_EQ(count(r.source, "\n#pragma unroll 4\n#line 8 \"q.cl\"\nfor (int k = 0;"), 1)
      << r.source;
  EXPECT_EQ(count(r.source, "__attribute__((opencl_unroll_hint(2)))\n#line 10 \"q.cl\"\nfor"), 1)
      << r.source;
  EXPECT_EQ(count(r.source, "#pragma unroll 4"), 1);
  EXPECT_EQ(count(r.source, "opencl_unroll_hint"), 1);
  EXPECT_EQ(count(r.source, "} else {\n#pragma unroll 1\n"), 2);
}

TEST(quiet_loops, a_loop_that_reaches_a_barrier_is_emitted_once) {
  const char* helper_barrier =
      "void wait_tile(void) { barrier(CLK_LOCAL_MEM_FENCE); }\n"
      "__kernel void k(__global const float* a, __global float* c, int n) {\n"
      "  __local float s[16];\n"
      "  int t = get_local_id(0);\n"
      "  s[t] = a[t];\n"
      "  barrier(CLK_LOCAL_MEM_FENCE);\n"
      "  float sum = 0.0f;\n"
      "  for (int k = 0; k < 16; ++k) { sum += s[k]; wait_tile(); }\n"
      "  c[t] = sum;\n"
      "}\n";
  instrument_result r = instrument(helper_barrier, "q.cl", "", "k");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_EQ(count(r.source, "__ampcl_quiet_ok(__ampcl_c"), 0) << r.source;
  EXPECT_EQ(count(r.source, "for (int k = 0; k < 16; ++k)"), 1);
}

// The kernel's loop of quiet reads is emitted twice, its subscript's in-bounds test
// made at each read rather than once before the loop; returns the instrumented text.
std::string expect_tested_at_each_read(const char* kernel) {
  instrument_result r = instrument(kernel, "q.cl", "", "k");
  EXPECT_TRUE(r.ok) << r.diagnostics;
  EXPECT_EQ(count(r.source, "if (__ampcl_quiet_ok(__ampcl_c, 1u)) {"), 1) << r.source;
  EXPECT_EQ(count(r.source, "__AMPCL_QUIET_INB(((ulong)"), 0) << r.source;
  return r.source;
}

// A subscript the loop changes is tested at each read, in both copies.
TEST(quiet_loops, a_subscript_the_loop_changes_is_tested_at_each_read) {
  const char* moving =
      "__kernel void k(__global const float* a, __global float* c) {\n"
      "  __local float s[16];\n"
      "  int t = get_local_id(0);\n"
      "  s[t] = a[t];\n"
      "  barrier(CLK_LOCAL_MEM_FENCE);\n"
      "  float sum = 0.0f;\n"
      "  int j = t;\n"
      "  for (int k = 0; k < 4; ++k) { sum += s[j]; j += 3; }\n"
      "  c[t] = sum;\n"
      "}\n";
  EXPECT_EQ(count(expect_tested_at_each_read(moving), "((ulong)(long)(j) < 16UL)"),
            2);  // in each copy's read
}

// A member the loop writes (t.local_[0] below) changes the subscript as surely as
// a plain variable: its test is not made before the loop.
TEST(quiet_loops, a_subscript_whose_member_the_loop_writes_is_tested_at_each_read) {
  const char* member =
      "typedef struct { int local_[2]; } idx;\n"
      "__kernel void k(__global const float* a, __global float* c) {\n"
      "  __local float s[16];\n"
      "  idx t;\n"
      "  t.local_[0] = get_local_id(0);\n"
      "  s[t.local_[0]] = a[t.local_[0]];\n"
      "  barrier(CLK_LOCAL_MEM_FENCE);\n"
      "  float sum = 0.0f;\n"
      "  for (int k = 0; k < 4; ++k) { sum += s[t.local_[0]]; t.local_[0] = (t.local_[0] + 5); }\n"
      "  c[get_local_id(0)] = sum;\n"
      "}\n";
  expect_tested_at_each_read(member);
}

}  // namespace
