#include <gtest/gtest.h>

#include <ampcl/launch_hook.hpp>
#include <atomic>
#include <memory>
#include <thread>
#include <vector>

#include "test_support.hpp"

using namespace ampcl;
using ampcl_test::kernel_path;

using ampcl_test::allocations_on_this_thread;

TEST(Launch, AddArraysOnDefaultAccelerator) {
  std::vector<int> a{1, 2, 3, 4, 5}, b{6, 7, 8, 9, 10}, sum(5, ampcl_test::poison_int);
  array_view<const int, 1> av(5, a), bv(5, b);
  array_view<int, 1> sv(5, sum);
  sv.discard_data();
  parallel_for_each(sv.get_extent(), kernel::from_file(kernel_path("add_arrays.cl"), "add_arrays"),
                    av, bv, sv);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(sv[i], a[i] + b[i]) << "element " << i;
  EXPECT_EQ(sum, (std::vector<int>{7, 9, 11, 13, 15}));
}

// Repeated launches of one kernel reuse the previous binding when the arguments
// are equal; each of these changes between two launches must still be seen.
TEST(Launch, RepeatedLaunchesSeeEveryChangeOfArguments) {
  const kernel add = kernel::from_file(kernel_path("basic.cl"), "add_scalar");
  std::vector<int> d(8, 0);
  array_view<int, 1> av(8, d);
  parallel_for_each(av.get_extent(), add, av, 1);
  parallel_for_each(av.get_extent(), add, av, 1);   // equal arguments
  parallel_for_each(av.get_extent(), add, av, 10);  // another value
  av.synchronize();
  EXPECT_EQ(d, std::vector<int>(8, 12));
  av[3] = 100;  // host write: the device copy is stale
  parallel_for_each(av.get_extent(), add, av, 1);
  av.synchronize();
  EXPECT_EQ(d[3], 101);
  EXPECT_EQ(d[0], 13);
  // Sections at one address with different offsets: a shape change.
  for (int start = 0; start < 8; start += 4) {
    array_view<int, 1> part = av.section(start, 4);
    parallel_for_each(part.get_extent(), add, part, start + 1);
  }
  av.synchronize();
  EXPECT_EQ(d, (std::vector<int>{14, 14, 14, 102, 18, 18, 18, 18}));
  // Another array of the same shape.
  std::vector<int> e(8, 0);
  array_view<int, 1> ev(8, e);
  parallel_for_each(ev.get_extent(), add, ev, 1);
  ev.synchronize();
  EXPECT_EQ(e, std::vector<int>(8, 1));
  EXPECT_EQ(d[0], 14);
}

// A launch equal to its kernel's previous one (same view, range and arguments,
// no data moved since) is enqueued without binding: get_statistics() counts it.
// Every change below must make the next launch bind again, and every result count.
TEST(Launch, ARepeatSkipsBindingOnlyWhileNothingChanged) {
  const kernel add = kernel::from_file(kernel_path("basic.cl"), "add_scalar");
  std::vector<int> zeros(8, 0), got(8, ampcl_test::poison_int);
  array<int, 1> a(8, zeros.begin(), zeros.end());
  auto repeats = [] { return get_statistics().repeat_launches; };
  for (int i = 0; i < 4; ++i) parallel_for_each(a.get_extent(), add, a, 1);
  const auto warm = repeats();
  EXPECT_GE(warm, 1u) << "four equal launches of resident data: the last repeats";
  parallel_for_each(a.get_extent(), add, a, 2);  // another value
  EXPECT_EQ(repeats(), warm);
  parallel_for_each(extent<1>(4), add, a, 3);  // another range
  EXPECT_EQ(repeats(), warm);
  parallel_for_each(a.get_extent(), add, a, 3);  // back to the whole array
  parallel_for_each(a.get_extent(), add, a, 3);  // now equal: a repeat
  EXPECT_EQ(repeats(), warm + 1);
  copy(a, got.begin());  // the host reads: the data moved
  EXPECT_EQ(got, (std::vector<int>{15, 15, 15, 15, 12, 12, 12, 12}));
  std::vector<int> tens(8, 10);
  copy(tens.begin(), tens.end(), a);  // the host writes
  parallel_for_each(a.get_extent(), add, a, 3);
  // Where the host's write moved the array (a device sharing memory with the host,
  // PoCL) this launch must bind again; where the write went into the same device buffer
  // (a discrete GPU) the binding still holds and it is a repeat. The results count either way.
  const bool write_moved_the_array =
      a.get_accelerator_view().get_accelerator().get_supports_cpu_shared_memory();
  const auto after_write = repeats();
  EXPECT_EQ(after_write, warm + (write_moved_the_array ? 1 : 2));
  array<int, 1> b(8, zeros.begin(), zeros.end());  // another array
  parallel_for_each(b.get_extent(), add, b, 3);
  parallel_for_each(a.get_extent(), add, a, 3);
  EXPECT_EQ(repeats(), after_write);
  copy(a, got.begin());
  EXPECT_EQ(got, std::vector<int>(8, 16));
  copy(b, got.begin());
  EXPECT_EQ(got, std::vector<int>(8, 3));
  // A view of host data the host writes between two equal launches: the launch
  // after the write must copy it in, or the device adds to stale data.
  std::vector<int> host(8, 0);
  array_view<int, 1> v(8, host);
  for (int i = 0; i < 3; ++i) parallel_for_each(v.get_extent(), add, v, 1);
  v[2] = 100;
  parallel_for_each(v.get_extent(), add, v, 1);
  v.synchronize();
  EXPECT_EQ(host, (std::vector<int>{4, 4, 101, 4, 4, 4, 4, 4}));
}

// Once a kernel has launched with its arguments, launches allocate nothing:
// repeats (nothing to bind), and launches that bind again (a value changed).
// Each one counts as a launch and a program cache hit.
TEST(Launch, AWarmLaunchAllocatesNothing) {
  const kernel add = kernel::from_file(kernel_path("basic.cl"), "add_scalar");
  std::vector<int> zeros(64, 0), got(64, ampcl_test::poison_int);
  array<int, 1> a(64, zeros.begin(), zeros.end());
  for (int i = 0; i < 3; ++i) parallel_for_each(a.get_extent(), add, a, 1);  // warm
  a.get_accelerator_view().wait();
  const statistics before = get_statistics();
  std::size_t allocations = allocations_on_this_thread();
  int* volatile probe = new int(0);  // the count sees allocations
  delete probe;
  ASSERT_EQ(allocations_on_this_thread() - allocations, 1u);
  allocations = allocations_on_this_thread();
  for (int i = 0; i < 50; ++i) parallel_for_each(a.get_extent(), add, a, 1);      // repeats
  for (int i = 0; i < 50; ++i) parallel_for_each(a.get_extent(), add, a, i % 2);  // rebinds
  EXPECT_EQ(allocations_on_this_thread() - allocations, 0u);
  const statistics after = get_statistics();
  EXPECT_EQ(after.launches - before.launches, 100u);
  EXPECT_GE(after.repeat_launches - before.repeat_launches, 50u);
  EXPECT_EQ(after.program_cache_hits - before.program_cache_hits, 100u);
  copy(a, got.begin());
  EXPECT_EQ(got, std::vector<int>(64, 3 + 50 + 25));
}

// Launches from several threads at once are each counted, though each kernel
// counts its own without a locked instruction (under its launch lock).
TEST(Launch, LaunchesFromManyThreadsAreCountedOnce) {
  const kernel add = kernel::from_file(kernel_path("basic.cl"), "add_scalar");
  std::vector<int> zeros(16, 0), got(16, ampcl_test::poison_int);
  array<int, 1> a(16, zeros.begin(), zeros.end()), b(16, zeros.begin(), zeros.end());
  parallel_for_each(a.get_extent(), add, a, 1);
  parallel_for_each(b.get_extent(), add, b, 1);
  const statistics before = get_statistics();
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 200; ++i) parallel_for_each(a.get_extent(), add, t % 2 ? a : b, 1);
    });
  for (auto& th : threads) th.join();
  const statistics after = get_statistics();
  EXPECT_EQ(after.launches - before.launches, 800u);
  EXPECT_EQ(after.program_cache_hits - before.program_cache_hits, 800u);
  reset_statistics();
  EXPECT_EQ(get_statistics().launches, 0u);
  parallel_for_each(a.get_extent(), add, a, 1);
  EXPECT_EQ(get_statistics().launches, 1u);
  copy(a, got.begin());
  EXPECT_EQ(got, std::vector<int>(16, 402));
}

// The memo belongs to the compiled kernel, which two kernel objects of one
// source share: launches that alternate between them must each set their own.
TEST(Launch, KernelObjectsSharingACompiledKernelAlternate) {
  const kernel first = kernel::from_file(kernel_path("basic.cl"), "add_scalar");
  const kernel second = kernel::from_file(kernel_path("basic.cl"), "add_scalar");
  std::vector<int> zeros(8, 0), got(8, ampcl_test::poison_int);
  array<int, 1> a(8, zeros.begin(), zeros.end()), b(8, zeros.begin(), zeros.end());
  for (int i = 0; i < 6; ++i) {
    parallel_for_each(a.get_extent(), first, a, 1);
    parallel_for_each(b.get_extent(), second, b, 2);
  }
  copy(a, got.begin());
  EXPECT_EQ(got, std::vector<int>(8, 6));
  copy(b, got.begin());
  EXPECT_EQ(got, std::vector<int>(8, 12));
}

// Arrays freed and allocated again often reuse one address: a new array there
// must not be taken for the old one's resident buffer.
TEST(Launch, ANewArrayAtAFreedOnesAddressIsBoundAfresh) {
  const kernel add = kernel::from_file(kernel_path("basic.cl"), "add_scalar");
  std::vector<int> got(8, ampcl_test::poison_int);
  for (int round = 0; round < 20; ++round) {
    std::vector<int> start(8, round);
    array<int, 1> a(8, start.begin(), start.end());
    for (int i = 0; i < 3; ++i) parallel_for_each(a.get_extent(), add, a, 1);
    copy(a, got.begin());
    ASSERT_EQ(got, std::vector<int>(8, round + 3)) << "round " << round;
  }
}

namespace {
// Counts the launches it sees and lets them run unchanged.
struct counting_hook : launch_hook {
  std::atomic<int> seen{0};
  std::optional<instrumented_launch> before_launch(const accelerator_view&,
                                                   const launch_record&) override {
    ++seen;
    return std::nullopt;
  }
  void after_launch(const accelerator_view&, const launch_record&, instrumented_launch&,
                    cl_event) override {}
};
}  // namespace

// A view's hook slot (lib/launch/hook_registry.cpp): it sees that view's launches
// only, a hooked launch is never a repeat, clearing the slot or dropping the view
// gives repeats back, and a new view never inherits a dead one's hook.
TEST(Launch, AViewsHookSeesItsLaunchesAndGoesWithIt) {
  const kernel add = kernel::from_file(kernel_path("basic.cl"), "add_scalar");
  std::vector<int> zeros(8, 0), got(8, ampcl_test::poison_int);
  auto hook = std::make_shared<counting_hook>();
  auto repeats = [] { return get_statistics().repeat_launches; };
  const accelerator acc;
  accelerator_view plain = acc.create_view();
  array<int, 1> p(extent<1>(8), zeros.begin(), zeros.end(), plain);
  {
    accelerator_view checked = acc.create_view();
    checked.set_launch_hook(hook);
    EXPECT_EQ(checked.get_launch_hook(), hook);
    EXPECT_EQ(plain.get_launch_hook(), nullptr);
    array<int, 1> a(extent<1>(8), zeros.begin(), zeros.end(), checked);
    const auto before = repeats();
    for (int i = 0; i < 3; ++i) parallel_for_each(checked, a.get_extent(), add, a, 1);
    EXPECT_EQ(hook->seen, 3);
    EXPECT_EQ(repeats(), before) << "a launch the hook sees is never a repeat";
    for (int i = 0; i < 3; ++i) parallel_for_each(plain, p.get_extent(), add, p, 1);
    EXPECT_EQ(hook->seen, 3) << "another view's launches are not the hook's";
    checked.set_launch_hook(nullptr);
    EXPECT_EQ(checked.get_launch_hook(), nullptr);
    for (int i = 0; i < 3; ++i) parallel_for_each(checked, a.get_extent(), add, a, 1);
    EXPECT_EQ(hook->seen, 3);
    EXPECT_GE(repeats(), before + 1);
    copy(a, got.begin());
    EXPECT_EQ(got, std::vector<int>(8, 6));
    checked.set_launch_hook(hook);  // installed again, then the view goes
  }
  for (int round = 0; round < 8; ++round) {
    accelerator_view fresh = acc.create_view();
    EXPECT_EQ(fresh.get_launch_hook(), nullptr) << "round " << round;
  }
  const auto before = repeats();
  for (int i = 0; i < 3; ++i) parallel_for_each(plain, p.get_extent(), add, p, 1);
  EXPECT_GE(repeats(), before + 1) << "the dead view's slot no longer counts as a hook";
  EXPECT_EQ(hook->seen, 3);
  copy(p, got.begin());
  EXPECT_EQ(got, std::vector<int>(8, 6));
}
