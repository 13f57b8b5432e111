// The instrumenter on its own: what it rewrites, where sites point, and that bad
// input gives diagnostics rather than a crash.
#include "instrument.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "preprocess.hpp"

using namespace ampcl::debug;

namespace {

const site_info* find_site(const instrument_result& r, int line, access_kind kind) {
  for (const auto& s : r.sites)
    if (s.line == line && s.kind == kind) return &s;
  return nullptr;
}

const char* kTotal =
    "#define tile_static __local\n"                                        // 1
    "__kernel void sum(__global const float* m, __global float* out) {\n"  // 2
    "  tile_static float total;\n"                                         // 3
    "  int i = get_global_id(0);\n"                                        // 4
    "  total += m[i];\n"                                                   // 5
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"                                    // 6
    "  out[get_group_id(0)] = total;\n"                                    // 7
    "}\n";

TEST(instrument, total_accumulate_sites_point_at_the_user_lines) {
  instrument_result r = instrument(kTotal, "sum.cl", "", "sum");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  const site_info* rw = find_site(r, 5, access_kind::read_write);
  ASSERT_NE(rw, nullptr);
  EXPECT_EQ(rw->variable, "total");
  EXPECT_EQ(rw->file, "sum.cl");
  EXPECT_EQ(rw->column, 3);
  EXPECT_EQ(rw->space, memory_space::tile_static);
  const site_info* m = find_site(r, 5, access_kind::read);
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->variable, "m");
  EXPECT_EQ(m->column, 12);
  EXPECT_EQ(m->space, memory_space::global);
  const site_info* b = find_site(r, 6, access_kind::barrier);
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->fence_flags, 1u);  // CLK_LOCAL_MEM_FENCE
  ASSERT_EQ(r.tile_static.size(), 1u);
  EXPECT_EQ(r.tile_static[0].name, "total");
  EXPECT_EQ(r.tile_static[0].bytes, 4u);
  ASSERT_EQ(r.globals.size(), 2u);
  EXPECT_TRUE(r.globals[0].is_const);
  EXPECT_FALSE(r.globals[1].is_const);
  EXPECT_EQ(r.user_param_count, 2u);
  EXPECT_NE(r.source.find("__global const uint* __ampcl_cfg)"), std::string::npos);
}

// The kernel states the launch's tile shape (AMPCL_RC_KERNEL_SHAPE, defined by the
// host per launch); a kernel that states its own keeps it, alone.
TEST(instrument, the_kernel_states_the_launch_tile_shape_unless_it_has_its_own) {
  instrument_result r = instrument(kTotal, "sum.cl", "", "sum");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_NE(r.source.find("void AMPCL_RC_KERNEL_SHAPE sum("), std::string::npos);
  const std::string own =
      "__kernel __attribute__((reqd_work_group_size(64, 1, 1))) void f(__global int* a) {\n"
      "  a[get_global_id(0)] = 1;\n}\n";
  instrument_result o = instrument(own, "own.cl", "", "f");
  ASSERT_TRUE(o.ok) << o.diagnostics;
  EXPECT_EQ(o.source.find("AMPCL_RC_KERNEL_SHAPE f("), std::string::npos);
  EXPECT_NE(o.source.find("reqd_work_group_size(64, 1, 1)"), std::string::npos);
}

TEST(instrument, macros_expand_and_map_back_to_the_invocation) {
  const char* src =
      "#define AT(a, i) (a)[(i) + 1]\n"
      "__kernel void k(__global int* a) {\n"
      "  AT(a, get_global_id(0)) = 1;\n"
      "}\n";
  instrument_result r = instrument(src, "m.cl", "", "k");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  const site_info* w = find_site(r, 3, access_kind::write);
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->column, 3);
  EXPECT_EQ(w->variable, "a");
}

TEST(instrument, line_markers_and_build_options_are_honoured) {
  const char* src =
      "#line 40 \"user/kernel.cl\"\n"
      "__kernel void k(__global int* a) {\n"
      "  __local int t[N];\n"
      "  t[get_local_id(0)] = a[0];\n"
      "}\n";
  instrument_result r = instrument(src, "<string>", "-DN=8 -D OTHER=1", "k");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  const site_info* w = find_site(r, 42, access_kind::write);
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->file, "user/kernel.cl");
  ASSERT_EQ(r.tile_static.size(), 1u);
  EXPECT_EQ(r.tile_static[0].bytes, 32u);
}

// The program's own -cl-std reaches the parse: OpenCL C 2.0 source is read as
// such, and its program-scope __global variables, which the checker cannot track,
// refuse the kernel with the variable named rather than Clang's "must reside in
// constant address space" (the OpenCL C 1.2 reading).
TEST(instrument, the_programs_language_standard_is_honoured) {
  const char* src =
      "global int counts[2] = {7, 42};\n"
      "constant int table[2] = {1, 2};\n"
      "kernel void k(global int* out) { out[0] = counts[1] + table[0]; }\n";
  instrument_result r = instrument(src, "g.cl", "-cl-std=CL2.0", "k");
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.diagnostics.find("g.cl:1: error: program-scope __global variable 'counts'"),
            std::string::npos)
      << r.diagnostics;
  EXPECT_EQ(r.diagnostics.find("table"), std::string::npos) << r.diagnostics;
  EXPECT_EQ(r.diagnostics.find("constant address space"), std::string::npos) << r.diagnostics;
  // Without a use, the variable is no obstacle.
  const char* unused =
      "global int counts[2] = {7, 42};\n"
      "kernel void k(global int* out) { out[get_global_id(0)] = 1; }\n";
  instrument_result u = instrument(unused, "u.cl", "-cl-std=CL2.0", "k");
  EXPECT_TRUE(u.ok) << u.diagnostics;
}

TEST(instrument, helper_functions_get_the_shadow_context) {
  const char* src =
      "void put(__local float* p, int i, float v) { p[i] = v; }\n"
      "float get(__local float* p, int i);\n"
      "float get(__local float* p, int i) { return p[i]; }\n"
      "float pure(float x) { return x * 2.0f; }\n"
      "__kernel void k(__global float* o) {\n"
      "  __local float t[4];\n"
      "  put(t, 0, pure(1.0f));\n"
      "  o[0] = get(t, 0);\n"
      "}\n";
  instrument_result r = instrument(src, "h.cl", "", "k");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_NE(r.source.find("float v, ampcl_ctx* __ampcl_c)"), std::string::npos);
  EXPECT_NE(r.source.find("float get(__local float* p, int i, ampcl_ctx* __ampcl_c);"),
            std::string::npos);
  EXPECT_NE(r.source.find("float pure(float x)"), std::string::npos);  // untouched
  EXPECT_NE(r.source.find("pure(1.0f)"), std::string::npos);
  EXPECT_NE(find_site(r, 1, access_kind::write), nullptr);
  EXPECT_NE(find_site(r, 3, access_kind::read), nullptr);
}

TEST(instrument, constant_and_private_memory_are_left_alone) {
  const char* src =
      "__constant int lut[2] = {1, 2};\n"
      "__kernel void k(__global int* o, __constant int* c) {\n"
      "  int p[2]; p[0] = lut[0] + c[0];\n"
      "  o[0] = p[0];\n"
      "}\n";
  instrument_result r = instrument(src, "c.cl", "", "k");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  ASSERT_EQ(r.sites.size(), 2u);  // the write to o, and the kernel's end
  EXPECT_EQ(r.sites[0].kind, access_kind::write);
  EXPECT_EQ(r.sites[0].variable, "o");
}

TEST(instrument, atomics_and_compound_updates) {
  const char* src =
      "__kernel void k(__global int* g, __global float4* v) {\n"
      "  __local int n;\n"
      "  atomic_inc(&n);\n"
      "  atom_add(&g[1], 2);\n"
      "  v[0].x++;\n"
      "}\n";
  instrument_result r = instrument(src, "a.cl", "", "k");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  const site_info* a = find_site(r, 3, access_kind::atomic);
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->space, memory_space::tile_static);
  EXPECT_EQ(a->variable, "n");
  EXPECT_NE(find_site(r, 4, access_kind::atomic), nullptr);
  const site_info* inc = find_site(r, 5, access_kind::read_write);
  ASSERT_NE(inc, nullptr);
  EXPECT_EQ(inc->variable, "v");
}

TEST(instrument, branches_guarding_barriers_are_voted) {
  const char* src =
      "__kernel void k(__global int* o) {\n"
      "  int l = get_local_id(0);\n"
      "  if (l < 2) {\n"
      "    barrier(CLK_LOCAL_MEM_FENCE);\n"
      "  }\n"
      "  for (int i = 0; i < l; ++i) o[i] = 0;\n"  // no barrier inside: not voted
      "}\n";
  instrument_result r = instrument(src, "v.cl", "", "k");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  const site_info* b = find_site(r, 3, access_kind::branch);
  ASSERT_NE(b, nullptr);
  const site_info* bar = r.site(b->related_site);
  ASSERT_NE(bar, nullptr);
  EXPECT_EQ(bar->line, 4);
  EXPECT_EQ(find_site(r, 6, access_kind::branch), nullptr);
}

// Conditions the same for the whole tile cannot diverge: no vote (whose barriers
// sent PoCL into deep recursion under loop conditions). Conditions that only look
// uniform are still voted.
TEST(instrument, uniform_conditions_need_no_vote) {
  const char* src =
      "void step(__local int* p, int n) {\n"                            // 1
      "  for (int i = 0; i < n; ++i) barrier(CLK_LOCAL_MEM_FENCE);\n"   // 2
      "}\n"                                                             // 3
      "__kernel void k(__global int* o, int n, __local int* p) {\n"     // 4
      "  for (uint s = 1; s < get_local_size(0); s *= 2) {\n"           // 5
      "    barrier(CLK_LOCAL_MEM_FENCE);\n"                             // 6
      "  }\n"                                                           // 7
      "  int steps = 2;\n"                                              // 8
      "  if (get_group_id(0) > 1) steps = n;\n"                         // 9
      "  while (steps-- > 0) barrier(CLK_LOCAL_MEM_FENCE);\n"           // 10
      "  p[get_local_id(0)] = 1; if (p[0] > 0) { barrier(CLK_LOCAL_MEM_FENCE); }\n"  // 11
      "  switch (n) { case 1: barrier(CLK_LOCAL_MEM_FENCE); }\n"        // 12
      "  step(p, n * 2);\n"                                             // 13
      "}\n";
  instrument_result r = instrument(src, "u.cl", "", "k");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  for (int line : {2, 5, 9, 10, 11, 12})
    EXPECT_EQ(find_site(r, line, access_kind::branch), nullptr) << "line " << line;
}

TEST(instrument, conditions_that_only_look_uniform_are_voted) {
  const char* src =
      "typedef struct { int local_[1]; } idx;\n"                                  // 1
      "static inline idx tiled(void) { idx t; t.local_[0] = get_local_id(0); return t; }\n"
      "void step(int n) { for (int i = 0; i < n; ++i) barrier(CLK_LOCAL_MEM_FENCE); }\n"
      "__kernel void k(__global int* o) {\n"                                      // 4
      "  int me = get_local_id(0);\n"                                             // 5
      "  if (me < get_local_size(0) / 2) { barrier(CLK_LOCAL_MEM_FENCE); }\n"     // 6
      "  int steps = 2;\n"                                                        // 7
      "  if (me > 3) steps = 3;\n"                                                // 8
      "  for (int i = 0; i < steps; ++i) barrier(CLK_LOCAL_MEM_FENCE);\n"         // 9
      "  idx t = tiled();\n"                                                      // 10
      "  if (t.local_[0] == 0) { barrier(CLK_LOCAL_MEM_FENCE); }\n"               // 11
      "  int4 v = (int4)(0);\n"                                                   // 12
      "  v[me & 3] = 1;\n"                                                        // 13
      "  if (v.x) { barrier(CLK_LOCAL_MEM_FENCE); }\n"                            // 14
      "  int j = 0;\n"                                                            // 15
      "  for (; j < 4; ++j) { if (j == me) break; }\n"                            // 16
      "  if (j < 2) { barrier(CLK_LOCAL_MEM_FENCE); }\n"                          // 17
      "  int c = 0;\n"                                                            // 18
      "  int* pc = &c;\n"                                                         // 19
      "  *pc = me;\n"                                                             // 20
      "  if (c) { barrier(CLK_LOCAL_MEM_FENCE); }\n"                              // 21
      "  step(me);\n"                                                             // 22
      "}\n";
  instrument_result r = instrument(src, "nu.cl", "", "k");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  for (int line : {3, 6, 9, 11, 14, 17, 21})
    EXPECT_NE(find_site(r, line, access_kind::branch), nullptr) << "line " << line;
}

// Uniformity is judged where a condition is evaluated (GPUVerify's
// simplebinomialoptions, issue 15): a loop variable that an earlier loop started
// at the work-item's index is uniform again once assigned a uniform value, and so
// is what is computed from it; the votes on these loops' conditions sent PoCL's
// work-group compiler into runaway recursion.
TEST(instrument, a_reused_loop_variable_is_uniform_again) {
  const char* src =
      "__kernel void k(__global float* b, __local float* a) {\n"             // 1
      "  int tid = get_local_id(0);\n"                                      // 2
      "  int i;\n"                                                          // 3
      "  for (i = tid; i <= 64; i += 16) b[i] = 0;\n"                       // 4
      "  for (i = 64; i > 0; i -= 4) {\n"                                   // 5
      "    for (int c_base = 0; c_base < i; c_base += 12) {\n"              // 6
      "      int c_start;\n"                                                // 7
      "      if (15 < i - c_base) { c_start = 15; } else { c_start = i - c_base; }\n"
      "      int c_end = c_start - 4;\n"                                    // 9
      "      barrier(CLK_LOCAL_MEM_FENCE);\n"                               // 10
      "      for (int k = c_start - 1; k >= c_end;) {\n"                    // 11
      "        barrier(CLK_LOCAL_MEM_FENCE);\n"                             // 12
      "        a[tid] = a[tid + 1];\n"                                      // 13
      "        k--;\n"                                                      // 14
      "      }\n"                                                           // 15
      "    }\n"                                                             // 16
      "  }\n"                                                               // 17
      "  int j = tid;\n"                                                    // 18
      "  j = 3;\n"                                                          // 19
      "  while (j-- > 0) barrier(CLK_LOCAL_MEM_FENCE);\n"                   // 20
      "}\n";
  instrument_result r = instrument(src, "b.cl", "", "k");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  for (int line : {5, 6, 8, 11, 20})
    EXPECT_EQ(find_site(r, line, access_kind::branch), nullptr) << "line " << line;
  EXPECT_EQ(r.source.find("__ampcl_uniform(__ampcl_c"), std::string::npos);
}

// A variable uniform at first and made to differ later is judged where it
// differs: before, no vote; after, and at a loop head the value reaches around
// the back edge, a vote.
TEST(instrument, a_variable_made_to_differ_is_voted_where_it_differs) {
  const char* src =
      "__kernel void k(__global int* o, int n) {\n"                          // 1
      "  int me = get_local_id(0);\n"                                       // 2
      "  int s = 2;\n"                                                      // 3
      "  for (int i = 0; i < s; ++i) barrier(CLK_LOCAL_MEM_FENCE);\n"       // 4
      "  s = me;\n"                                                         // 5
      "  for (int i = 0; i < s; ++i) barrier(CLK_LOCAL_MEM_FENCE);\n"       // 6
      "  int t = 1;\n"                                                      // 7
      "  while (t < 8) { barrier(CLK_LOCAL_MEM_FENCE); t += me; }\n"        // 8
      "  int u = 0;\n"                                                      // 9
      "  for (int i = 0; i < 4; ++i) { if (me > i) u = 1; }\n"              // 10
      "  if (u) { barrier(CLK_LOCAL_MEM_FENCE); }\n"                        // 11
      "  int w = 0;\n"                                                      // 12
      "  for (int i = 0; i < n; ++i) { if (i == me) break; w = i; }\n"      // 13
      "  if (w > 1) { barrier(CLK_LOCAL_MEM_FENCE); }\n"                    // 14
      "  int v = 0;\n"                                                      // 15
      "  switch (n) { case 0: if (me) break; v = 1; }\n"                    // 16
      "  if (v) { barrier(CLK_LOCAL_MEM_FENCE); }\n"                        // 17
      "  int x = 0;\n"                                                      // 18
      "  do { barrier(CLK_LOCAL_MEM_FENCE); } while (x++ < 2 && (x += me) < 5);\n"
      "}\n";
  instrument_result r = instrument(src, "d.cl", "", "k");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_EQ(find_site(r, 4, access_kind::branch), nullptr);
  for (int line : {6, 8, 11, 14, 17, 19})
    EXPECT_NE(find_site(r, line, access_kind::branch), nullptr) << "line " << line;
}

// Helpers are summarized (tools/uniformity): what one returns from uniform
// arguments is uniform, from the work-item's index is not; a field of a private
// struct parameter is its value, not an address.
TEST(instrument, what_a_helper_returns_is_judged_by_its_arguments) {
  const char* src =
      "typedef struct { int extent[2]; } view;\n"                                // 1
      "int halved(int n) { return n / 2; }\n"                                    // 2
      "__kernel void k(__global int* o, int n, view v) {\n"                      // 3
      "  for (int i = 0; i < halved(n); ++i) barrier(CLK_LOCAL_MEM_FENCE);\n"    // 4
      "  for (int i = 0; i < v.extent[1]; ++i) barrier(CLK_LOCAL_MEM_FENCE);\n"  // 5
      "  int me = halved(get_local_id(0));\n"                                    // 6
      "  for (int i = 0; i < me; ++i) barrier(CLK_LOCAL_MEM_FENCE);\n"           // 7
      "}\n";
  instrument_result r = instrument(src, "h.cl", "", "k");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  for (int line : {4, 5})
    EXPECT_EQ(find_site(r, line, access_kind::branch), nullptr) << "line " << line;
  EXPECT_NE(find_site(r, 7, access_kind::branch), nullptr);
}

// Kernels without tile_static memory share one instrumented program, so one
// driver build serves them all; each result describes its own kernel's buffers.
// A kernel with tile_static memory keeps a program of its own, the others off.
const char* kThree =
    "__kernel void one(__global int* out) { out[get_global_id(0)] = 1; }\n"
    "__kernel void three(__global const int* a, __global const int* b, __global int* out) {\n"
    "  out[get_global_id(0)] = a[get_global_id(0)] + b[get_global_id(0)];\n"
    "}\n"
    "__kernel void tiled(__global int* out) {\n"
    "  __local int t[4];\n"
    "  t[get_local_id(0)] = 1;\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  out[get_global_id(0)] = t[0];\n"
    "}\n";

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(instrument, kernels_without_tile_static_are_instrumented_together) {
  instrument_result one = instrument(kThree, "three.cl", "", "one");
  instrument_result three = instrument(kThree, "three.cl", "", "three");
  ASSERT_TRUE(one.ok) << one.diagnostics;
  ASSERT_TRUE(three.ok) << three.diagnostics;
  EXPECT_EQ(one.source, three.source);
  ASSERT_EQ(one.globals.size(), 1u);
  EXPECT_EQ(one.globals[0].name, "out");
  EXPECT_FALSE(one.globals[0].never_written);
  ASSERT_EQ(three.globals.size(), 3u);
  EXPECT_TRUE(three.globals[0].is_const);
  EXPECT_FALSE(three.globals[2].never_written);
  EXPECT_EQ(one.user_param_count, 1u);
  EXPECT_EQ(three.user_param_count, 3u);
  // One context type for both: as many __global slots as the larger kernel has,
  // the smaller one's extra slot empty.
  EXPECT_EQ(one.global_slots, 3u);
  EXPECT_EQ(three.global_slots, 3u);
  EXPECT_NE(one.source.find("#define AMPCL_RC_NG 3\n"), std::string::npos);
  EXPECT_EQ(count(one.source, "__ampcl_c->gbase[2] = 0;"), 1u);
  EXPECT_EQ(count(one.source, "ampcl_ctx* const __ampcl_c = 0;"), 1u);  // tiled's

  instrument_result tiled = instrument(kThree, "three.cl", "", "tiled");
  ASSERT_TRUE(tiled.ok) << tiled.diagnostics;
  EXPECT_NE(tiled.source, one.source);
  EXPECT_EQ(tiled.globals.size(), 1u);
  EXPECT_EQ(tiled.tile_static.size(), 1u);
  EXPECT_EQ(tiled.global_slots, 1u);
  EXPECT_EQ(count(tiled.source, "ampcl_ctx* const __ampcl_c = 0;"), 2u);  // one's, three's
}

// The checked kernel's __global access sites, its helpers' included, decide where
// the runtime puts the __global slow path (AMPCL_RC_GLOBAL_SITES, shadow.clh): a
// helper only another kernel calls, and the other kernels, do not count.
TEST(instrument, the_checked_kernels_global_sites_are_counted) {
  const char* source =
      "float twice(__global const float* p, int i) { return 2.0f * p[i]; }\n"
      "void spill(__global float* p) { p[0] = 1.0f; p[1] = 2.0f; p[2] = p[3]; }\n"
      "__kernel void tiled(__global const float* in, __global float* out) {\n"
      "  __local float s[16];\n"
      "  int t = get_local_id(0);\n"
      "  s[t] = twice(in, get_global_id(0));\n"
      "  barrier(CLK_LOCAL_MEM_FENCE);\n"
      "  out[get_global_id(0)] = s[15 - t];\n"
      "}\n"
      "__kernel void other(__global float* out) { spill(out); out[4] = out[5]; }\n";
  instrument_result tiled = instrument(source, "sites.cl", "", "tiled");
  ASSERT_TRUE(tiled.ok) << tiled.diagnostics;
  EXPECT_EQ(tiled.checked_global_sites, 2u);  // twice's read, the store
  EXPECT_NE(tiled.source.find("#define AMPCL_RC_GLOBAL_SITES 2\n"), std::string::npos);
  instrument_result other = instrument(source, "sites.cl", "", "other");
  ASSERT_TRUE(other.ok) << other.diagnostics;
  EXPECT_EQ(other.checked_global_sites, 6u);  // spill's four, its own two

  // What the runtime makes of the count (shadow.clh): the slow path inline where the
  // host states a tile shape and there are at most three sites, else out of line.
  const auto out_of_line = [](const instrument_result& r, const std::string& host) {
    const detail::preprocessed p = detail::preprocess(
        r.source + "\nint gslow_out_of_line = AMPCL_GSLOW_OUT_OF_LINE;\n", "sites.cl", host);
    EXPECT_TRUE(p.ok) << p.diagnostics;
    const std::size_t at = p.text.rfind("gslow_out_of_line = ");
    return at == std::string::npos ? std::string("?") : p.text.substr(at + 20, 1);
  };
  const std::string tiled_launch = "-DAMPCL_RC_TILE_X=16 -DAMPCL_RC_TILE_Y=1 -DAMPCL_RC_TILE_Z=1";
  EXPECT_EQ(out_of_line(tiled, tiled_launch), "0");
  EXPECT_EQ(out_of_line(tiled, ""), "1");
  EXPECT_EQ(out_of_line(other, tiled_launch), "1");
}

TEST(instrument, many_kernels_are_instrumented_one_at_a_time) {
  std::string many;
  for (std::size_t i = 0; i <= 8; ++i)
    many += "__kernel void k" + std::to_string(i) + "(__global int* o) { o[0] = 1; }\n";
  instrument_result first = instrument(many, "many.cl", "", "k0");
  instrument_result last = instrument(many, "many.cl", "", "k8");
  ASSERT_TRUE(first.ok) << first.diagnostics;
  ASSERT_TRUE(last.ok) << last.diagnostics;
  EXPECT_NE(first.source, last.source);
  EXPECT_EQ(count(first.source, "ampcl_ctx* const __ampcl_c = 0;"), 8u);
}

TEST(instrument, invalid_source_gives_diagnostics) {
  instrument_result r =
      instrument("__kernel void k(__global int* a) { a[0] = ; }", "bad.cl", "", "k");
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.diagnostics.find("bad.cl:1:"), std::string::npos) << r.diagnostics;
  EXPECT_NE(r.diagnostics.find("error"), std::string::npos);
}

TEST(instrument, missing_kernel_is_an_error) {
  instrument_result r =
      instrument("__kernel void k(__global int* a) { a[0] = 1; }", "k.cl", "", "nope");
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.diagnostics.find("nope"), std::string::npos);
}

TEST(instrument, unterminated_input_does_not_crash) {
  instrument_result r = instrument("__kernel void k(__global int* a) { if (", "u.cl", "", "k");
  EXPECT_FALSE(r.ok);
  instrument_result e = instrument("", "e.cl", "", "k");
  EXPECT_FALSE(e.ok);
}

}  // namespace

#include <sstream>

#include "result_io.hpp"

namespace {

TEST(instrument, results_survive_the_pipe_format) {
  instrument_result r = instrument(kTotal, "sum.cl", "", "sum");
  ASSERT_TRUE(r.ok);
  std::stringstream ss;
  write_result(ss, r);
  instrument_result back = read_result(ss);
  EXPECT_TRUE(back.ok);
  EXPECT_EQ(back.source, r.source);
  ASSERT_EQ(back.sites.size(), r.sites.size());
  EXPECT_EQ(back.sites[1].variable, r.sites[1].variable);
  EXPECT_EQ(back.sites[1].line, r.sites[1].line);
  ASSERT_EQ(back.globals.size(), 2u);
  EXPECT_TRUE(back.globals[0].is_const);
  EXPECT_EQ(back.global_slots, r.global_slots);
  EXPECT_EQ(back.checked_global_sites, r.checked_global_sites);
  std::stringstream junk("not a result");
  EXPECT_THROW(read_result(junk), std::runtime_error);
}

}  // namespace

// Buffers a kernel's accesses need no shadow for (owned_elements.hpp): read-only
// subscripts, and elements each work-item owns, with their forms in the hooks.
const char* kOwned =
    "__kernel void gemm(__global const float* a, __global float* b, __global float* c,\n"
    "                   int n) {\n"
    "  int j = get_global_id(0);\n"
    "  int i = get_global_id(1);\n"
    "  if (i < n && j < n) {\n"
    "    c[i * n + j] *= 2.0f;\n"
    "    for (int k = 0; k < n; ++k) c[i * n + j] += a[i * n + k] * b[k * n + j];\n"
    "  }\n"
    "}\n"
    "__kernel void rows(__global float* x, int n) {\n"
    "  int r = get_global_id(0);\n"
    "  for (int k = 1; k < n; ++k) x[r * n + k] = x[r * n + (k - 1)] + 1.0f;\n"
    "}\n"
    "__kernel void cells(__global int* x, __global int* y) {\n"
    "  int i = get_global_id(0);\n"
    "  x[i] = i;\n"
    "  for (int k = 0; k < 4; ++k) y[k * 64 + i] += 1;\n"
    "}\n";

TEST(instrument, owned_and_read_only_buffers_are_found_with_their_forms) {
  instrument_result g = instrument(kOwned, "owned.cl", "", "gemm");
  ASSERT_TRUE(g.ok) << g.diagnostics;
  ASSERT_EQ(g.globals.size(), 3u);
  EXPECT_TRUE(g.globals[0].read_only_subscripts);  // a: const, read
  EXPECT_EQ(g.globals[0].owned_dims, 0u);
  EXPECT_EQ(g.globals[1].owned_dims, 0u);  // b: only read, so read-only
  EXPECT_TRUE(g.globals[1].read_only_subscripts);
  EXPECT_EQ(g.globals[2].owned_dims, 3u);  // c[i * n + j]: X * S + Y, dimensions 0 and 1
  EXPECT_FALSE(g.globals[2].read_only_subscripts);
  // form 18: mode 2, Y in dimension 0, X in dimension 1
  EXPECT_EQ(count(g.source,
                  "__ampcl_gpo(__ampcl_c, (__global void*)&(c[i * n + j]), 0u, "
                  "sizeof(*(__global float *)0), 2, "),
            2u);
  EXPECT_EQ(count(g.source, ", (ulong)n, 0L, 0L, 18u))"), 2u);
  EXPECT_EQ(count(g.source, "__ampcl_gpr(__ampcl_c, (__global void*)&(a[i * n + k])"), 1u);
  instrument_result r = instrument(kOwned, "owned.cl", "", "rows");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_EQ(r.globals[0].owned_dims, 1u);  // x[r * n + k]: a row each (mode 3)
  EXPECT_EQ(count(r.source, "__ampcl_gputo(__ampcl_c, (__global void*)&(x[r * n + k]"), 1u);
  EXPECT_EQ(count(r.source, ", (ulong)n, 0L, 0L, 3u))"), 2u);  // the store's and the read's
  instrument_result c = instrument(kOwned, "owned.cl", "", "cells");
  ASSERT_TRUE(c.ok) << c.diagnostics;
  EXPECT_EQ(c.globals[0].owned_dims, 1u);  // x[i]: mode 0
  EXPECT_EQ(c.globals[1].owned_dims, 1u);  // y[k * 64 + i]: T * S + Y, a residue each
  EXPECT_EQ(count(c.source, ", 64UL, 0L, 0L, 1u))"), 1u);
}

// A coordinate plus an origin every work-item shares (gramschmidt's j).
TEST(instrument, owned_forms_take_a_uniform_origin) {
  const char* shifted =
      "__kernel void column(__global float* r, int k, int n) {\n"
      "  int j = get_global_id(0) + (k + 1);\n"
      "  if (j < n) r[k * n + j] = 0.0f;\n"
      "}\n"
      "__kernel void nested(__global float* r, int t, int n) {\n"
      "  int i = get_global_id(0);\n"
      "  if (i < n - 1 - t) r[n * (i + t + 1) + t] = 1.0f;\n"
      "}\n"
      "__kernel void varying(__global float* r, __global const int* from, int n) {\n"
      "  int j = get_global_id(0) + from[0];\n"
      "  r[j] = 0.0f;\n"
      "}\n";
  instrument_result r = instrument(shifted, "shifted.cl", "", "column");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_EQ(r.globals[0].owned_dims, 1u);
  // k * n + j: one element each, j's origin and k * n together (mode 0)
  EXPECT_EQ(count(r.source, ", 0UL, (((long)k + (1L)) + ((long)k * (long)n)), 0L, 0u))"), 1u);
  // origins added one after another: a row each (i + t + 1)
  instrument_result nested = instrument(shifted, "shifted.cl", "", "nested");
  ASSERT_TRUE(nested.ok) << nested.diagnostics;
  EXPECT_EQ(nested.globals[0].owned_dims, 1u);
  EXPECT_EQ(count(nested.source, ", (ulong)n, ((long)t + (1L)), 0L, 3u))"), 1u);
  // an origin read from memory may differ between work-items' reads: not owned
  instrument_result v = instrument(shifted, "shifted.cl", "", "varying");
  ASSERT_TRUE(v.ok) << v.diagnostics;
  EXPECT_EQ(v.globals[0].owned_dims, 0u);
}

// What keeps a buffer shadowed: another access that is not P[form], its address
// taken, a stride something changes or a local hides, forms that do not mix.
TEST(instrument, buffers_not_owned_keep_their_shadow) {
  const char* kernels =
      "void store(__global int* p, int i) { p[i] = 1; }\n"
      "__kernel void corner(__global int* x) { int i = get_global_id(0); x[i] = 1; x[0] = 2; }\n"
      "__kernel void atomic(__global int* x) { atomic_add(&x[get_global_id(0)], 1); }\n"
      "__kernel void helper(__global int* x) { store(x, get_global_id(0)); }\n"
      "__kernel void changed(__global int* x, int n) {\n"
      "  int i = get_global_id(0); n = n + 1; x[i * n + 1] = 0; }\n"
      "__kernel void hidden(__global int* x, int n) {\n"
      "  int i = get_global_id(0); { int n = 3; x[i * n + 1] = 0; } }\n"
      "__kernel void mixed(__global int* x, int n) {\n"
      "  int i = get_global_id(0); x[i * n + 1] = 0; x[1 * n + i] = 0; }\n"
      "__kernel void neighbour(__global int* x) { int i = get_global_id(0); x[i + 1] = x[i]; }\n";
  for (const char* name :
       {"corner", "atomic", "helper", "changed", "hidden", "mixed", "neighbour"}) {
    instrument_result r = instrument(kernels, "not_owned.cl", "", name);
    ASSERT_TRUE(r.ok) << name << ": " << r.diagnostics;
    ASSERT_EQ(r.globals.size(), 1u) << name;
    EXPECT_EQ(r.globals[0].owned_dims, 0u) << name;
    EXPECT_FALSE(r.globals[0].read_only_subscripts) << name;
  }
}

// One work-item alone under `if (Y == C)` owns a buffer, any index.
TEST(instrument, a_buffer_one_guarded_work_item_writes_is_owned) {
  const char* guarded =
      "__kernel void total(__global float* r, __global const float* a, int k, int n) {\n"
      "  int tid = get_global_id(0);\n"
      "  if (n > 0 && tid == k) {\n"
      "    float s = 0.0f;\n"
      "    for (int i = 0; i < n; ++i) s += a[i];\n"
      "    r[0] = s;\n"
      "    r[n] += s;\n"
      "  }\n"
      "}\n"
      "__kernel void outside(__global float* r) {\n"
      "  int tid = get_global_id(0);\n"
      "  if (tid == 0) r[0] = 1.0f;\n"
      "  r[1] = 2.0f;\n"
      "}\n";
  instrument_result t = instrument(guarded, "guarded.cl", "", "total");
  ASSERT_TRUE(t.ok) << t.diagnostics;
  EXPECT_EQ(t.globals[0].owned_dims, 1u);
  EXPECT_EQ(count(t.source, ", 0UL, (0L - (long)k), 0L, 64u))"), 2u);
  // a store outside the guard: any work-item makes it
  instrument_result o = instrument(guarded, "guarded.cl", "", "outside");
  ASSERT_TRUE(o.ok) << o.diagnostics;
  EXPECT_EQ(o.globals[0].owned_dims, 0u);
}
