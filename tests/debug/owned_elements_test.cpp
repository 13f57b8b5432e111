// Buffers the instrumenter leaves without a shadow because each work-item owns the
// elements it touches (debug/instrument/owned_elements.hpp), on PoCL: where the launch
// or the arguments break what that takes, the race must still be found; where an
// access leaves the pattern at run time, the launch must say it was not checked,
// and the kernel's next launch find the race. Each racy run has a race-free twin,
// whose results must also be right (outputs poisoned first).
#include <gtest/gtest.h>

#include <ampcl/ampcl.hpp>
#include <string>
#include <vector>

#include "collector.hpp"
#include "racecheck_hook.hpp"
#include "unchecked_reason.hpp"

using namespace ampcl;

namespace {

const char* kSource = R"(
__kernel void twice(__global const int* in, __global int* out) {
  int i = get_global_id(0);
  out[i] = 2 * in[i] + (int)get_global_id(1);
}
__kernel void grid(__global int* out, int cols) {
  int c = get_global_id(0);
  int r = get_global_id(1);
  if (c < cols) out[r * cols + c] = 100 * r + c;
}
__kernel void grid_past_the_row(__global int* out, int cols) {
  int c = get_global_id(0);
  int r = get_global_id(1);
  if (c <= cols) out[r * cols + c] = 100 * r + c;
}
__kernel void shifted(__global int* out, int from, int cols) {
  int c = get_global_id(0) + from;
  int r = get_global_id(1);
  if (c < cols) out[r * cols + c] = 100 * r + c;
}
__kernel void total(__global const int* in, __global int* out, int n) {
  int t = get_global_id(0);
  if (t == 0) {
    int s = 0;
    for (int i = 0; i < n; ++i) s += in[i];
    out[0] = s + (int)get_global_id(1);
  }
}
__kernel void cell_and_row(__global int* cell, __global int* rows) {
  int i = get_global_id(0);
  cell[i] = i;
  for (int k = 0; k < 4; ++k) rows[i * 4 + k] = -k;
}
)";

constexpr int kPoison = -7777;

struct fixture : ::testing::Test {
  accelerator_view view = accelerator().create_view();
  std::shared_ptr<debug::racecheck_hook> hook = std::make_shared<debug::racecheck_hook>();
  void SetUp() override {
    view.set_launch_hook(hook);
    debug::clear_collected_hazards();
  }
  std::vector<debug::hazard> found() {
    view.wait();
    hook->finish_pending();
    return debug::collected_hazards();
  }
  static kernel k(const char* name) { return kernel::from_source(kSource, name, "owned.cl"); }
};

std::string kinds(const std::vector<debug::hazard>& found) {
  std::string s;
  for (const auto& h : found)
    s += std::string(debug::to_string(h.kind)) + " on " + h.variable + " (" + h.reason + ") " +
         h.detail + "\n";
  return s;
}

int races(const std::vector<debug::hazard>& found, const std::string& variable) {
  int n = 0;
  for (const auto& h : found)
    if (!debug::is_not_checked(h) && h.kind != debug::hazard_class::out_of_bounds &&
        h.variable == variable)
      ++n;
  return n;
}

int left_pattern(const std::vector<debug::hazard>& found) {
  int n = 0;
  for (const auto& h : found)
    n += debug::is_not_checked(h) &&
         h.reason == debug::to_string(debug::unchecked_reason::element_pattern);
  return n;
}

using owned_elements = fixture;

TEST_F(owned_elements, one_element_each_is_race_free_and_right) {
  std::vector<int> in(256), out(256, kPoison);
  for (int i = 0; i < 256; ++i) in[i] = i - 50;
  array_view<const int, 1> a(256, in);
  array_view<int, 1> b(256, out);
  parallel_for_each(view, extent<1>(256).tile<64>(), k("twice"), a, b);
  b.synchronize();
  const auto h = found();
  EXPECT_TRUE(h.empty()) << kinds(h);
  for (int i = 0; i < 256; ++i) ASSERT_EQ(out[i], 2 * (i - 50)) << i;
}

// out[i] with i = get_global_id(0) in a launch of two rows: each element is
// written by a work-item of each row (different values: stores of one value are
// not reported).
TEST_F(owned_elements, one_element_each_in_a_launch_of_two_rows_is_a_race) {
  std::vector<int> in(64, 1), out(64, kPoison);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> b(64, out);
  parallel_for_each(view, extent<2>(2, 64).tile<1, 64>(), k("twice"), a, b);
  const auto h = found();
  EXPECT_GE(races(h, "out"), 1) << kinds(h);
  EXPECT_EQ(left_pattern(h), 0) << kinds(h);
}

TEST_F(owned_elements, a_cell_of_a_grid_each_is_race_free_and_right) {
  constexpr int rows = 8, cols = 32;
  std::vector<int> out(rows * cols, kPoison);
  array_view<int, 1> b(rows * cols, out);
  parallel_for_each(view, extent<2>(rows, cols).tile<2, 16>(), k("grid"), b, cols);
  b.synchronize();
  const auto h = found();
  EXPECT_TRUE(h.empty()) << kinds(h);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) ASSERT_EQ(out[r * cols + c], 100 * r + c) << r << "," << c;
}

// The same with the columns from `from` on: an origin all work-items share.
TEST_F(owned_elements, a_cell_each_from_an_origin_is_race_free_and_right) {
  constexpr int rows = 4, cols = 32, from = 5;
  std::vector<int> out(rows * cols, kPoison);
  array_view<int, 1> b(rows * cols, out);
  parallel_for_each(view, extent<2>(rows, cols - from), k("shifted"), b, from, cols);
  b.synchronize();
  const auto h = found();
  EXPECT_TRUE(h.empty()) << kinds(h);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      ASSERT_EQ(out[r * cols + c], c < from ? kPoison : 100 * r + c) << r << "," << c;
}

// c <= cols: the work-item past each row's end writes the next row's first
// element. That access leaves the pattern: the launch says it was not checked,
// and the next launch of the kernel, with a shadow, finds the race.
TEST_F(owned_elements, past_the_row_is_not_checked_then_found) {
  constexpr int rows = 4, cols = 16;
  std::vector<int> out(rows * cols + 1, kPoison);
  array_view<int, 1> b(rows * cols + 1, out);
  parallel_for_each(view, extent<2>(rows, cols + 1), k("grid_past_the_row"), b, cols);
  auto h = found();
  EXPECT_GE(left_pattern(h), 1) << kinds(h);
  EXPECT_EQ(races(h, "out"), 0) << kinds(h);
  debug::clear_collected_hazards();
  parallel_for_each(view, extent<2>(rows, cols + 1), k("grid_past_the_row"), b, cols);
  h = found();
  EXPECT_EQ(left_pattern(h), 0) << kinds(h);
  EXPECT_GE(races(h, "out"), 1) << kinds(h);
}

// One work-item under `if (t == 0)` writes the total: alone in a launch of one row,
// not in a launch of two (a work-item of each row passes the guard).
TEST_F(owned_elements, a_total_one_work_item_writes_is_race_free_and_right) {
  std::vector<int> in(64), out(1, kPoison);
  for (int i = 0; i < 64; ++i) in[i] = i;
  array_view<const int, 1> a(64, in);
  array_view<int, 1> b(1, out);
  parallel_for_each(view, extent<1>(64).tile<16>(), k("total"), a, b, 64);
  b.synchronize();
  const auto h = found();
  EXPECT_TRUE(h.empty()) << kinds(h);
  EXPECT_EQ(out[0], 64 * 63 / 2);
}

TEST_F(owned_elements, a_total_in_a_launch_of_two_rows_is_a_race) {
  std::vector<int> in(64, 1), out(1, kPoison);
  array_view<const int, 1> a(64, in);
  array_view<int, 1> b(1, out);
  parallel_for_each(view, extent<2>(2, 64).tile<1, 64>(), k("total"), a, b, 64);
  const auto h = found();
  EXPECT_GE(races(h, "out"), 1) << kinds(h);
  EXPECT_EQ(left_pattern(h), 0) << kinds(h);
}

// Each buffer alone is owned, a cell and a row of four each; one array for both
// makes work-item 1's cell the second element of work-item 0's row.
TEST_F(owned_elements, two_owned_buffers_on_one_array_race) {
  std::vector<int> one(256, kPoison);
  array_view<int, 1> a(256, one);
  parallel_for_each(view, extent<1>(64).tile<16>(), k("cell_and_row"), a, a);
  const auto h = found();
  EXPECT_GE(races(h, "cell") + races(h, "rows"), 1) << kinds(h);
}

TEST_F(owned_elements, two_owned_buffers_on_two_arrays_are_race_free_and_right) {
  std::vector<int> cells(64, kPoison), rows(256, kPoison);
  array_view<int, 1> a(64, cells);
  array_view<int, 1> b(256, rows);
  parallel_for_each(view, extent<1>(64).tile<16>(), k("cell_and_row"), a, b);
  a.synchronize();
  b.synchronize();
  const auto h = found();
  EXPECT_TRUE(h.empty()) << kinds(h);
  for (int i = 0; i < 64; ++i) ASSERT_EQ(cells[i], i);
  for (int i = 0; i < 256; ++i) ASSERT_EQ(rows[i], -(i % 4)) << i;
}

}  // namespace
