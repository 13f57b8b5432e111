// Launches checked one after another through the real runtime and the plugin's
// hook reuse the shadow buffers and the build of the rewritten kernel. Each launch
// must be judged alone: a clean launch after a racy one reports nothing of the
// racy one's records, and a racy launch after a clean one (whose records' header
// need not be zeroed again) reports its own, with the same counts every time.
#include <CL/cl.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <ampcl/ampcl.hpp>
#include <memory>
#include <vector>

#include "collector.hpp"
#include "racecheck_hook.hpp"

using namespace ampcl;

namespace {

constexpr int kCount = 256;

// racy != 0: every work-item stores its own index to out[0] (a write-after-write).
const char* kSource = R"(
__kernel void store(__global int* out, int racy) {
  const int i = get_global_id(0);
  out[racy ? 0 : i] = i;
}
)";

// Launches `k(out, arg)` over n work-items with `out` poisoned, waits, and returns
// what the checker reported; `out` keeps what the kernel stored.
std::vector<debug::hazard> checked_launch(const accelerator_view& view, debug::racecheck_hook& hook,
                                          const kernel& k, int n, int arg, std::vector<int>& out) {
  debug::clear_collected_hazards();
  out.assign(n, -1);
  array_view<int, 1> b(n, out);
  parallel_for_each(view, b.get_extent(), k, b, arg);
  b.synchronize();
  hook.finish_pending();
  return debug::collected_hazards();
}

std::vector<debug::hazard> launch(const accelerator_view& view, debug::racecheck_hook& hook,
                                  const kernel& k, bool racy) {
  std::vector<int> out;
  std::vector<debug::hazard> found = checked_launch(view, hook, k, kCount, racy ? 1 : 0, out);
  if (!racy) {
    for (int i = 0; i < kCount; ++i) EXPECT_EQ(out[i], i) << "at " << i;
  }
  return found;
}

}  // namespace

TEST(repeat_launch, each_launch_is_judged_alone) {
  accelerator_view view = accelerator().create_view();
  auto hook = std::make_shared<debug::racecheck_hook>();
  view.set_launch_hook(hook);
  const kernel k = kernel::from_source(kSource, "store", "store.cl");
  const std::vector<debug::hazard> first = launch(view, *hook, k, true);
  ASSERT_EQ(first.size(), 1u);
  EXPECT_EQ(first[0].kind, debug::hazard_class::write_after_write);
  for (const bool racy : {false, false, true, true, false, true}) {
    const std::vector<debug::hazard> found = launch(view, *hook, k, racy);
    if (!racy) {
      EXPECT_TRUE(found.empty()) << found.size() << " hazards, the first: " << found[0].detail;
      continue;
    }
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0].kind, debug::hazard_class::write_after_write);
    EXPECT_EQ(found[0].count, first[0].count);  // no occurrences left over from before
  }
}

namespace {

// Each work-item stores to out[(i + shift) % n]: race-free, and a launch whose
// shift differs from the last one's writes each element from another work-item.
const char* kShiftedSource = R"(
__kernel void shifted(__global int* out, int shift) {
  const int i = get_global_id(0);
  out[(i + shift) % (int)get_global_size(0)] = i;
}
)";

std::vector<debug::hazard> launch_shifted(const accelerator_view& view, debug::racecheck_hook& hook,
                                          const kernel& k, int n, int shift) {
  std::vector<int> out;
  std::vector<debug::hazard> found = checked_launch(view, hook, k, n, shift, out);
  for (int i = 0; i < n; ++i) EXPECT_EQ(out[(i + shift) % n], i) << "at " << i;
  return found;
}

}  // namespace

// The shadow a launch starts with holds nothing of the launches before it, whether
// the launch before zeroed it (as its work-items exited) or only part of it (it
// was smaller): a write that an earlier launch's other work-item made to the same
// element would be reported as a write-after-write.
TEST(repeat_launch, a_launch_sees_nothing_of_the_launches_before) {
  accelerator_view view = accelerator().create_view();
  auto hook = std::make_shared<debug::racecheck_hook>();
  view.set_launch_hook(hook);
  const kernel k = kernel::from_source(kShiftedSource, "shifted", "shifted.cl");
  const int sizes[] = {1024, 1024, 256, 1024, 256, 256, 1024};
  for (int launch = 0; launch < 7; ++launch) {
    const std::vector<debug::hazard> found =
        launch_shifted(view, *hook, k, sizes[launch], launch % 3);
    EXPECT_TRUE(found.empty()) << "launch " << launch << ": " << found.size()
                               << " hazards, the first: " << found[0].detail;
  }
}

namespace {

// Launches store(out, racy) for each of `racy` with the view's queue held shut, so
// that the first is still running when the second is made, then opens it. Returns
// what the checker reported; every clean launch's output must be whole.
std::vector<debug::hazard> launches_behind_a_gate(const accelerator_view& view,
                                                  debug::racecheck_hook& hook, const kernel& k,
                                                  const std::vector<bool>& racy) {
  const std::vector<int> poison(kCount, -1);
  std::vector<std::unique_ptr<array<int, 1>>> outs;
  for (std::size_t i = 0; i < racy.size(); ++i)
    outs.push_back(std::make_unique<array<int, 1>>(kCount, poison.begin(), view));
  view.wait();
  debug::clear_collected_hazards();
  cl_int err = CL_SUCCESS;
  cl_event gate = clCreateUserEvent(view.context(), &err);
  EXPECT_EQ(err, CL_SUCCESS);
  EXPECT_EQ(clEnqueueMarkerWithWaitList(view.queue(), 1, &gate, nullptr), CL_SUCCESS);
  for (std::size_t i = 0; i < racy.size(); ++i)
    parallel_for_each(view, outs[i]->get_extent(), k, *outs[i], racy[i] ? 1 : 0);
  EXPECT_EQ(clSetUserEventStatus(gate, CL_COMPLETE), CL_SUCCESS);
  clReleaseEvent(gate);
  hook.finish_pending();
  for (std::size_t i = 0; i < racy.size(); ++i) {
    if (racy[i]) continue;
    std::vector<int> out(kCount);
    copy(*outs[i], out.begin());
    for (int j = 0; j < kCount; ++j) EXPECT_EQ(out[j], j) << "launch " << i << " at " << j;
  }
  return debug::collected_hazards();
}

}  // namespace

// A launch still running when the next one is made is left in flight (its shadow is
// small) while the next one runs on shadow buffers of its own: each is judged alone.
// Were the first finished before the second is made, the gate would never open and
// the watchdog would end the test (AMPCL_RACECHECK_TIMEOUT_S).
TEST(repeat_launch, a_launch_left_running_is_judged_alone) {
  accelerator_view view = accelerator().create_view();
  auto hook = std::make_shared<debug::racecheck_hook>();
  view.set_launch_hook(hook);
  const kernel k = kernel::from_source(kSource, "store", "store.cl");
  const std::vector<debug::hazard> alone = launch(view, *hook, k, true);
  ASSERT_EQ(alone.size(), 1u);
  for (const std::vector<bool>& order :
       {std::vector<bool>{true, false}, std::vector<bool>{false, true},
        std::vector<bool>{true, true}}) {
    const std::vector<debug::hazard> found = launches_behind_a_gate(view, *hook, k, order);
    const std::size_t racy = std::count(order.begin(), order.end(), true);
    ASSERT_EQ(found.size(), racy) << "order " << order[0] << order[1];
    for (const debug::hazard& h : found) {
      EXPECT_EQ(h.kind, debug::hazard_class::write_after_write);
      EXPECT_EQ(h.count, alone[0].count);  // nothing of the other launch's records
    }
  }
}

// A program that waits for each launch (view.wait) but never touches the data: each
// launch is finished while the next one runs, and reports what it found, alone.
TEST(repeat_launch, launches_waited_for_are_finished_while_the_next_runs) {
  accelerator_view view = accelerator().create_view();
  auto hook = std::make_shared<debug::racecheck_hook>();
  view.set_launch_hook(hook);
  const kernel k = kernel::from_source(kSource, "store", "store.cl");
  const std::vector<debug::hazard> alone = launch(view, *hook, k, true);
  ASSERT_EQ(alone.size(), 1u);
  const std::vector<bool> racy = {true, false, true, true, false};
  const std::vector<int> poison(kCount, -1);
  std::vector<std::unique_ptr<array<int, 1>>> outs;
  for (std::size_t i = 0; i < racy.size(); ++i)
    outs.push_back(std::make_unique<array<int, 1>>(kCount, poison.begin(), view));
  debug::clear_collected_hazards();
  for (std::size_t i = 0; i < racy.size(); ++i) {
    parallel_for_each(view, outs[i]->get_extent(), k, *outs[i], racy[i] ? 1 : 0);
    view.wait();
  }
  // The last launch (clean) may not be finished yet; the racy ones before it are.
  std::vector<debug::hazard> found = debug::collected_hazards();
  EXPECT_EQ(found.size(), 3u);
  hook->finish_pending();
  found = debug::collected_hazards();
  ASSERT_EQ(found.size(), 3u);
  for (const debug::hazard& h : found) {
    EXPECT_EQ(h.kind, debug::hazard_class::write_after_write);
    EXPECT_EQ(h.count, alone[0].count);
  }
  for (std::size_t i = 0; i < racy.size(); ++i) {
    if (racy[i]) continue;
    std::vector<int> out(kCount);
    copy(*outs[i], out.begin());
    for (int j = 0; j < kCount; ++j) EXPECT_EQ(out[j], j) << "launch " << i << " at " << j;
  }
}
