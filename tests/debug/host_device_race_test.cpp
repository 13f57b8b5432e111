// Host/device hazards through the real runtime and the plugin's hook: the host
// touches the original container of a view while a checked launch that uses it
// still runs (reported, with the access and where), versus waiting first (not).
#include <gtest/gtest.h>

#include <ampcl/ampcl.hpp>
#include <memory>
#include <vector>

#include "collector.hpp"
#include "page_protection.hpp"
#include "racecheck_hook.hpp"

using namespace ampcl;

namespace {

// Big enough that most of each container lies in whole (guardable) pages.
constexpr int kCount = 16384;
constexpr int kWindow = 64;

// Slow enough that the host's next statements run while it is still going.
const char* kSource = R"(
__kernel void window_sum(__global const int* in, __global int* out, int window, int rounds) {
  const int i = get_global_id(0);
  int s = 0;
  for (int r = 0; r < rounds; ++r) {
    s = 0;
    for (int k = 0; k < window; ++k) s += in[(i + k) % 16384];
  }
  out[i] = s;
}
)";

enum class host_does { write_input, read_output, write_output, touch_unrelated };

struct outcome {
  std::vector<debug::hazard> found;
  std::vector<int> out;
  std::vector<int> expected;
};

// The first and last pages of a container are partial, so never guarded.
int element_in_a_whole_page() {
  return kCount / 2;
}

// Keeps the host's reads from being optimised away.
volatile int sink = 0;

outcome run(host_does what, bool wait_first, int rounds = 40) {
  accelerator_view view = accelerator().create_view();
  auto hook = std::make_shared<debug::racecheck_hook>();
  view.set_launch_hook(hook);
  debug::clear_collected_hazards();
  outcome o;
  std::vector<int> in(kCount), out(kCount, -1), unrelated(kCount, 0);
  for (int i = 0; i < kCount; ++i) in[i] = i % 7;
  o.expected.resize(kCount);
  for (int i = 0; i < kCount; ++i) {
    int s = 0;
    for (int k = 0; k < kWindow; ++k) s += in[(i + k) % kCount];
    o.expected[i] = s;
  }
  array_view<const int, 1> a(kCount, in);
  array_view<int, 1> b(kCount, out);
  parallel_for_each(view, b.get_extent(), kernel::from_source(kSource, "window_sum", "window.cl"),
                    a, b, kWindow, rounds);
  if (wait_first) view.wait();
  const int at = element_in_a_whole_page();
  switch (what) {
    case host_does::write_input:
      in[at] = 100;  // the kernel computes with the data copied at launch
      break;
    case host_does::read_output:
      sink = out[at];
      break;
    case host_does::write_output:
      out[at] = 100;  // overwritten by synchronize below
      break;
    case host_does::touch_unrelated:
      unrelated[at] = in[at] + 1;  // reading the input is allowed
      sink = unrelated[at];
      break;
  }
  b.synchronize();
  hook->finish_pending();
  o.found = debug::collected_hazards();
  o.out = out;
  return o;
}

void expect_one_report(const outcome& o, const std::string& param, const std::string& words) {
  ASSERT_EQ(o.found.size(), 1u);
  const debug::hazard& h = o.found[0];
  EXPECT_EQ(h.kind, debug::hazard_class::host_device_race);
  EXPECT_EQ(h.variable, param);
  EXPECT_EQ(h.kernel, "window_sum");
  EXPECT_NE(h.detail.find(words), std::string::npos) << h.detail;
  // Where the host touched it (this program: no exported symbols), and the fix.
  EXPECT_NE(h.detail.find("ampcl_host_device_race_tests+0x"), std::string::npos) << h.detail;
  EXPECT_NE(h.detail.find("(the main thread)"), std::string::npos) << h.detail;
  EXPECT_NE(h.detail.find("wait for the launch"), std::string::npos) << h.detail;
}

void expect_results(const outcome& o) {
  ASSERT_EQ(o.out.size(), o.expected.size());
  for (std::size_t i = 0; i < o.out.size(); ++i) ASSERT_EQ(o.out[i], o.expected[i]) << "at " << i;
}

}  // namespace

TEST(host_device_race, host_write_while_the_launch_reads_is_reported) {
  const outcome o = run(host_does::write_input, false);
  expect_one_report(o, "in", "host write to the data of 'in'");
  EXPECT_EQ(o.found[0].first.access, "read");
  expect_results(o);
}

TEST(host_device_race, host_write_after_waiting_is_not) {
  const outcome o = run(host_does::write_input, true);
  EXPECT_TRUE(o.found.empty());
  expect_results(o);
}

TEST(host_device_race, host_read_of_the_output_while_the_launch_writes_is_reported) {
  const outcome o = run(host_does::read_output, false);
  expect_one_report(o, "out", "host read of the data of 'out'");
  EXPECT_NE(o.found[0].detail.find("stale"), std::string::npos);
  EXPECT_EQ(o.found[0].first.access, "write");
  expect_results(o);
}

TEST(host_device_race, host_read_of_the_output_after_waiting_is_not) {
  const outcome o = run(host_does::read_output, true);
  EXPECT_TRUE(o.found.empty());
  expect_results(o);
}

TEST(host_device_race, host_write_to_the_output_while_the_launch_writes_is_reported) {
  const outcome o = run(host_does::write_output, false);
  expect_one_report(o, "out", "host write to the data of 'out'");
  expect_results(o);
}

TEST(host_device_race, host_write_to_the_output_after_waiting_is_not) {
  const outcome o = run(host_does::write_output, true);
  EXPECT_TRUE(o.found.empty());
  expect_results(o);
}

TEST(host_device_race, unrelated_memory_and_reading_the_input_are_not_reported) {
  const outcome o = run(host_does::touch_unrelated, false);
  EXPECT_TRUE(o.found.empty());
  expect_results(o);
}

// The guards are up while the launch runs and gone once it completed.
TEST(host_device_race, guarded_pages_are_released_after_completion) {
  accelerator_view view = accelerator().create_view();
  auto hook = std::make_shared<debug::racecheck_hook>();
  view.set_launch_hook(hook);
  debug::clear_collected_hazards();
  std::vector<int> in(kCount, 1), out(kCount, 0);
  array_view<const int, 1> a(kCount, in);
  array_view<int, 1> b(kCount, out);
  const int at = element_in_a_whole_page();
  parallel_for_each(view, b.get_extent(), kernel::from_source(kSource, "window_sum", "window.cl"),
                    a, b, kWindow, 200);
  EXPECT_EQ(test::page_protection(&in[at]), "r--");   // the kernel reads it: host writes fault
  EXPECT_EQ(test::page_protection(&out[at]), "---");  // the kernel writes it: any access faults
  view.wait();
  EXPECT_EQ(test::page_protection(&in[at]), "rw-");
  EXPECT_EQ(test::page_protection(&out[at]), "rw-");
  in[at] = 5;  // would fault (and end the test) were the guards still up
  out[at] = 5;
  hook->finish_pending();
  EXPECT_TRUE(debug::collected_hazards().empty());
}
