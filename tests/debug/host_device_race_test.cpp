// Host/device hazards: the host writes data that a checked launch is still
// reading (through the original container), versus waiting first.
#include <gtest/gtest.h>

#include <ampcl/ampcl.hpp>
#include <memory>
#include <vector>

#include "collector.hpp"
#include "racecheck_hook.hpp"

using namespace ampcl;

namespace {

// Slow enough that the host's next statement runs while it is still going.
const char* kSource = R"(
__kernel void slow_sum(__global const int* in, __global int* out) {
  const int i = get_global_id(0);
  int s = 0;
  for (int k = 0; k < 200000; ++k) s += in[(i + k) % 256];
  out[i] = s;
}
)";

std::vector<debug::hazard> run(bool wait_before_writing) {
  accelerator_view view = accelerator().create_view();
  auto hook = std::make_shared<debug::racecheck_hook>();
  view.set_launch_hook(hook);
  debug::clear_collected_hazards();
  std::vector<int> in(256, 1), out(256, 0);
  array_view<const int, 1> a(256, in);
  array_view<int, 1> b(256, out);
  parallel_for_each(view, b.get_extent(), kernel::from_source(kSource, "slow_sum", "slow.cl"), a,
                    b);
  if (wait_before_writing) view.wait();
  in[7] = 2;  // the host writes the data source of `a`
  b.synchronize();
  hook->finish_pending();
  return debug::collected_hazards();
}

}  // namespace

TEST(host_device_race, host_write_while_the_launch_reads_is_reported) {
  auto found = run(false);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].kind, debug::hazard_class::host_device_race);
  EXPECT_EQ(found[0].variable, "in");
  EXPECT_EQ(found[0].kernel, "slow_sum");
}

TEST(host_device_race, host_write_after_waiting_is_not) {
  EXPECT_TRUE(run(true).empty());
}
