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
#include <string>
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

// A view of its own with a checker of its own, and the store kernel.
class repeat_launch : public ::testing::Test {
 protected:
  repeat_launch() { view.set_launch_hook(hook); }
  accelerator_view view = accelerator().create_view();
  std::shared_ptr<debug::racecheck_hook> hook = std::make_shared<debug::racecheck_hook>();
  const kernel k = kernel::from_source(kSource, "store", "store.cl");
};

}  // namespace

TEST_F(repeat_launch, each_launch_is_judged_alone) {
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
TEST_F(repeat_launch, a_launch_sees_nothing_of_the_launches_before) {
  const kernel shifted = kernel::from_source(kShiftedSource, "shifted", "shifted.cl");
  const int sizes[] = {1024, 1024, 256, 1024, 256, 256, 1024};
  for (int launch = 0; launch < 7; ++launch) {
    const std::vector<debug::hazard> found =
        launch_shifted(view, *hook, shifted, sizes[launch], launch % 3);
    EXPECT_TRUE(found.empty()) << "launch " << launch << ": " << found.size()
                               << " hazards, the first: " << found[0].detail;
  }
}

// Each work-item stores to one element of a large buffer, `step` apart: a launch
// of few work-items over many shadow pages.
const char* kSparseSource = R"(
__kernel void sparse(__global int* out, int shift, int step) {
  const int i = get_global_id(0);
  out[((i + shift) % (int)get_global_size(0)) * step] = i;
}
)";

// However the shadow is made zero for each launch (AMPCL_RACECHECK_SHADOW_ZEROING),
// launches of 8 to 4096 work-items over 1024 pages, each writing elements another
// work-item wrote two launches before (on the same shadow), start clean: any word
// left unzeroed is a write-after-write reported. With page maps (contract.h) a
// launch of fewer work-items than pages zeroes only the pages the launch before it
// marked; without, its work-items zero every word, or the host fills it.
class shadow_zeroing_modes : public ::testing::TestWithParam<debug::shadow_zeroing> {};

TEST_P(shadow_zeroing_modes, few_work_items_over_a_large_buffer_start_clean) {
  debug::racecheck_options options = debug::racecheck_options::from_environment();
  options.zeroing = GetParam();
  auto hook = std::make_shared<debug::racecheck_hook>(options);
  accelerator_view view = accelerator().create_view();
  view.set_launch_hook(hook);
  const kernel sparse = kernel::from_source(kSparseSource, "sparse", "sparse.cl");
  constexpr int kElements = 1 << 16;
  std::vector<int> out(kElements, -1);
  array_view<int, 1> b(kElements, out);
  const int sizes[] = {4096, 8, 8, 16, 8, 4096, 8, 16, 8};
  for (int launch = 0; launch < 9; ++launch) {
    const int n = sizes[launch], step = kElements / n, shift = launch % 3;
    debug::clear_collected_hazards();
    parallel_for_each(view, extent<1>(n), sparse, b, shift, step);
    b.synchronize();
    hook->finish_pending();
    const std::vector<debug::hazard> found = debug::collected_hazards();
    EXPECT_TRUE(found.empty()) << "launch " << launch << ": " << found.size()
                               << " hazards, the first: " << found[0].detail;
    for (int i = 0; i < n; ++i) EXPECT_EQ(out[((i + shift) % n) * step], i) << "at " << i;
  }
}

std::string zeroing_name(const ::testing::TestParamInfo<debug::shadow_zeroing>& info) {
  static const char* const names[] = {"automatic", "items", "pages", "host"};
  return names[static_cast<int>(info.param)];
}

INSTANTIATE_TEST_SUITE_P(all, shadow_zeroing_modes,
                         ::testing::Values(debug::shadow_zeroing::automatic,
                                           debug::shadow_zeroing::items,
                                           debug::shadow_zeroing::pages,
                                           debug::shadow_zeroing::host),
                         zeroing_name);

// `automatic`: page maps on a CPU device; elsewhere the work-items, but a fill by the
// host where each would zero more than max_zero_words_per_item words.
TEST(shadow_zeroing, automatic_by_device_and_words_per_work_item) {
  using debug::shadow_zeroing;
  constexpr std::uint64_t most = debug::max_zero_words_per_item;
  EXPECT_EQ(debug::resolve_zeroing(shadow_zeroing::automatic, true, 8, 1 << 20),
            shadow_zeroing::pages);
  EXPECT_EQ(debug::resolve_zeroing(shadow_zeroing::automatic, false, 512, 512 * most),
            shadow_zeroing::items);
  EXPECT_EQ(debug::resolve_zeroing(shadow_zeroing::automatic, false, 512, 512 * most + 1),
            shadow_zeroing::host);
  for (shadow_zeroing chosen : {shadow_zeroing::items, shadow_zeroing::pages, shadow_zeroing::host})
    EXPECT_EQ(debug::resolve_zeroing(chosen, true, 8, 1 << 20), chosen);
}

namespace {

using outputs = std::vector<std::unique_ptr<array<int, 1>>>;

// One poisoned output per launch, on the device before any launch.
outputs poisoned_outputs(const accelerator_view& view, std::size_t launches) {
  const std::vector<int> poison(kCount, -1);
  outputs outs;
  for (std::size_t i = 0; i < launches; ++i)
    outs.push_back(std::make_unique<array<int, 1>>(kCount, poison.begin(), view));
  view.wait();
  return outs;
}

// Every clean launch's output is whole; every hazard is its racy launch's own, with
// the count a racy launch alone gets.
void expect_judged_alone(const outputs& outs, const std::vector<bool>& racy,
                         const std::vector<debug::hazard>& found, const debug::hazard& alone) {
  ASSERT_EQ(found.size(), static_cast<std::size_t>(std::count(racy.begin(), racy.end(), true)));
  for (const debug::hazard& h : found) {
    EXPECT_EQ(h.kind, debug::hazard_class::write_after_write);
    EXPECT_EQ(h.count, alone.count);  // nothing of another launch's records
  }
  for (std::size_t i = 0; i < racy.size(); ++i) {
    if (racy[i]) continue;
    std::vector<int> out(kCount);
    copy(*outs[i], out.begin());
    for (int j = 0; j < kCount; ++j) EXPECT_EQ(out[j], j) << "launch " << i << " at " << j;
  }
}

}  // namespace

// A launch still running when the next one is made is left in flight (its shadow is
// small) while the next one runs on shadow buffers of its own: each is judged alone.
// The launches wait behind a gate on the view's queue; were the first finished
// before the second is made, the gate would never open and the watchdog would end
// the test (AMPCL_RACECHECK_TIMEOUT_S).
TEST_F(repeat_launch, a_launch_left_running_is_judged_alone) {
  const std::vector<debug::hazard> alone = launch(view, *hook, k, true);
  ASSERT_EQ(alone.size(), 1u);
  for (const std::vector<bool>& racy :
       {std::vector<bool>{true, false}, std::vector<bool>{false, true},
        std::vector<bool>{true, true}}) {
    const outputs outs = poisoned_outputs(view, racy.size());
    debug::clear_collected_hazards();
    cl_int err = CL_SUCCESS;
    cl_event gate = clCreateUserEvent(view.context(), &err);
    ASSERT_EQ(err, CL_SUCCESS);
    ASSERT_EQ(clEnqueueMarkerWithWaitList(view.queue(), 1, &gate, nullptr), CL_SUCCESS);
    for (std::size_t i = 0; i < racy.size(); ++i)
      parallel_for_each(view, outs[i]->get_extent(), k, *outs[i], racy[i] ? 1 : 0);
    EXPECT_EQ(clSetUserEventStatus(gate, CL_COMPLETE), CL_SUCCESS);
    clReleaseEvent(gate);
    hook->finish_pending();
    expect_judged_alone(outs, racy, debug::collected_hazards(), alone[0]);
  }
}

// A program that waits for each launch (view.wait) but never touches the data: each
// launch is finished while the next one runs, and reports what it found, alone.
TEST_F(repeat_launch, launches_waited_for_are_finished_while_the_next_runs) {
  const std::vector<debug::hazard> alone = launch(view, *hook, k, true);
  ASSERT_EQ(alone.size(), 1u);
  const std::vector<bool> racy = {true, false, true, true, false};
  const outputs outs = poisoned_outputs(view, racy.size());
  debug::clear_collected_hazards();
  for (std::size_t i = 0; i < racy.size(); ++i) {
    parallel_for_each(view, outs[i]->get_extent(), k, *outs[i], racy[i] ? 1 : 0);
    view.wait();
  }
  // The last launch (clean) may not be finished yet; the racy ones before it are.
  EXPECT_EQ(debug::collected_hazards().size(), 3u);
  hook->finish_pending();
  expect_judged_alone(outs, racy, debug::collected_hazards(), alone[0]);
}
