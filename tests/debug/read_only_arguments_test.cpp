// Buffers a kernel only reads (const, or never stored through) get no shadow, but
// only while no argument the kernel writes shares their memory; arguments bound to
// one buffer share one shadow. One array passed both as the read-only input and as
// the output of a shift makes the reads of one work-item race with the stores of
// its neighbour, and must be reported (before, each argument had a shadow of its
// own and neither variant was); the same kernel over two arrays must not be.
#include <gtest/gtest.h>

#include <ampcl/ampcl.hpp>
#include <string>
#include <vector>

#include "collector.hpp"
#include "racecheck_hook.hpp"

using namespace ampcl;

namespace {

// `in` is const in one kernel and merely never stored through in the other.
const char* kShiftSource = R"(
__kernel void shift_const(__global const int* in, __global int* out, int n) {
  const int i = get_global_id(0);
  if (i + 1 < n) out[i] = in[i + 1];
}
__kernel void shift_self(__global int* in, __global int* out, int n) {
  const int i = get_global_id(0);
  if (i + 1 < n) out[i] = out[i + 1];
}
__kernel void shift_unwritten(__global int* in, __global int* out, int n) {
  const int i = get_global_id(0);
  if (i + 1 < n) out[i] = in[i + 1];
}
)";

constexpr int kN = 256;

std::vector<debug::hazard> run_shift(const char* kernel_name, bool same_array) {
  accelerator_view view = accelerator().create_view();
  auto hook = std::make_shared<debug::racecheck_hook>();
  view.set_launch_hook(hook);
  debug::clear_collected_hazards();
  kernel k = kernel::from_source(kShiftSource, kernel_name, "shift.cl");
  std::vector<int> init(kN);
  for (int i = 0; i < kN; ++i) init[i] = i;
  array<int, 1> a(extent<1>(kN), init.begin(), view);
  array<int, 1> b(extent<1>(kN), view);
  parallel_for_each(view, extent<1>(kN).tile<64>(), k, array_view<int, 1>(a),
                    array_view<int, 1>(same_array ? a : b), kN);
  view.wait();
  hook->finish_pending();
  return debug::collected_hazards();
}

std::string kinds(const std::vector<debug::hazard>& found) {
  std::string s;
  for (const auto& h : found)
    s += std::string(debug::to_string(h.kind)) + " on " + h.variable + "\n";
  return s;
}

bool has_race_between(const std::vector<debug::hazard>& found) {
  for (const auto& h : found)
    if (h.kind == debug::hazard_class::write_after_read ||
        h.kind == debug::hazard_class::read_after_write)
      return true;
  return false;
}

}  // namespace

TEST(read_only_arguments, a_const_input_that_is_also_the_output_is_race_checked) {
  const auto found = run_shift("shift_const", true);
  EXPECT_TRUE(has_race_between(found)) << kinds(found);
}

TEST(read_only_arguments, an_unwritten_input_that_is_also_the_output_is_race_checked) {
  const auto found = run_shift("shift_unwritten", true);
  EXPECT_TRUE(has_race_between(found)) << kinds(found);
}

// The same shift within one argument: the reference the two above must match.
TEST(read_only_arguments, the_shift_within_one_argument_is_reported) {
  const auto found = run_shift("shift_self", false);
  EXPECT_TRUE(has_race_between(found)) << kinds(found);
}

TEST(read_only_arguments, the_shift_over_two_arrays_is_not_reported) {
  for (const char* k : {"shift_const", "shift_unwritten"}) {
    const auto found = run_shift(k, false);
    EXPECT_TRUE(found.empty()) << k << ":\n" << kinds(found);
  }
}
