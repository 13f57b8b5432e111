// Host/device hazards on memory the device uses in place (arrays on devices that
// share memory with the host, as PoCL does): those bytes have no page guard, so
// a host write to them is found by comparing them at launch and at completion.
// The comparison must see only the host: the kernels before and after a launch
// write that memory too, while the launch is enqueued and after it completed.
//
// A recursive tiled scan in the manner of the C++ AMP book's (tile-wise scans,
// an array of the tiles' sums scanned by the same function, then added back)
// hands each level's sums, still being written by the kernel before, to the next
// level as its read-only input: race-free, it must not be reported. Its twin
// writes those sums from the host while the kernel that reads them runs: it
// must be (where is unknown, so the report says so).
#include <gtest/gtest.h>

#include <ampcl/ampcl.hpp>
#include <chrono>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "cl_queue_fixture.hpp"
#include "collector.hpp"
#include "host_hazards.hpp"
#include "racecheck_hook.hpp"

using namespace ampcl;

namespace {

constexpr int kTile = 64;

// `rounds` repeats the tile's scan (same result) so that a launch still runs
// while the host enqueues the next one. `wait_for` > 0: work-item 0 first waits
// (bounded) until in[0] reaches it, so that a host write the test makes after
// the launch is enqueued lands while the launch runs, however loaded the machine.
const char* kScanSource = R"(
#define TILE 64
__kernel void tile_scan(__global const int* in, __global int* out, __global int* sums, int n,
                        int rounds, int wait_for) {
  __local int t[2][TILE];
  const int lid = get_local_id(0), gid = get_global_id(0);
  if (wait_for > 0 && gid == 0)
    for (long spin = 0; spin < 2000000000L && ((volatile __global const int*)in)[0] < wait_for;
         ++spin) {
    }
  int src = 0;
  for (int r = 0; r < rounds; ++r) {
    src = 0;
    t[0][lid] = gid < n ? in[gid] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int off = 1; off < TILE; off *= 2) {
      t[1 - src][lid] = lid >= off ? t[src][lid - off] + t[src][lid] : t[src][lid];
      src = 1 - src;
      barrier(CLK_LOCAL_MEM_FENCE);
    }
  }
  if (gid < n) out[gid] = t[src][lid];
  if (lid == TILE - 1) sums[get_group_id(0)] = t[src][lid];
}

__kernel void add_sums(__global int* out, __global const int* scanned, int n) {
  const int gid = get_global_id(0), tile = gid / TILE;
  if (gid < n && tile > 0) out[gid] += scanned[tile - 1];
}
)";

struct scan_run {
  accelerator_view view = accelerator().create_view();
  kernel tile_scan = kernel::from_source(kScanSource, "tile_scan", "scan.cl");
  kernel add_sums = kernel::from_source(kScanSource, "add_sums", "scan.cl");
  int rounds[4] = {1, 1, 1, 1};    // of the tile scans, by level
  int wait_for[4] = {0, 0, 0, 0};  // the in[0] each level's launch waits for (0: none)
  // Called once the launch of level 1 (which reads level 0's tile sums) is
  // enqueued, with a pointer into those sums taken before any launch used them.
  std::function<void(int*)> after_level_one;
  int* level_zero_sums = nullptr;

  // Inclusive scan of `in` into `out`.
  void scan(const array_view<const int, 1>& in, const array_view<int, 1>& out, int level) {
    const int n = in.get_extent()[0];
    const int tiles = (n + kTile - 1) / kTile;
    array<int, 1> sums(extent<1>(tiles), view);  // zero-copy on PoCL: no page guard
    if (level == 0 && after_level_one) level_zero_sums = sums.data();
    parallel_for_each(view, extent<1>(tiles * kTile).tile<kTile>(), tile_scan, in, out,
                      array_view<int, 1>(sums), n, rounds[level], wait_for[level]);
    if (level == 1 && after_level_one) after_level_one(level_zero_sums);
    if (tiles > 1) {
      array<int, 1> scanned(extent<1>(tiles), view);
      scan(array_view<const int, 1>(sums), array_view<int, 1>(scanned), level + 1);
      parallel_for_each(view, extent<1>(n), add_sums, out, array_view<const int, 1>(scanned), n);
    }
  }
};

struct scan_outcome {
  std::vector<debug::hazard> found;
  std::vector<int> out;
};

scan_outcome run_scan(scan_run& run, int n) {
  auto hook = std::make_shared<debug::racecheck_hook>();
  run.view.set_launch_hook(hook);
  debug::clear_collected_hazards();
  scan_outcome o;
  std::vector<int> in(n);
  for (int i = 0; i < n; ++i) in[i] = i % 5;
  o.out.assign(n, -1);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> b(n, o.out);
  run.scan(a, b, 0);
  b.synchronize();
  hook->finish_pending();
  o.found = debug::collected_hazards();
  return o;
}

void expect_scanned(const std::vector<int>& out) {
  int s = 0;
  for (std::size_t i = 0; i < out.size(); ++i) {
    s += static_cast<int>(i % 5);
    ASSERT_EQ(out[i], s) << "at " << i;
  }
}

std::string all_details(const std::vector<debug::hazard>& found) {
  std::string s;
  for (const debug::hazard& h : found) s += h.detail + "\n";
  return s;
}

bool shares_memory() {
  return accelerator().get_supports_cpu_shared_memory();
}

}  // namespace

// Three levels (16384 -> 256 -> 4 -> 1 tile sums), each level's sums read by
// the next while the kernel that writes them may still run; run three times.
TEST(host_device_scan, a_recursive_tiled_scan_over_arrays_is_not_reported) {
  if (!shares_memory()) GTEST_SKIP() << "arrays are not used in place on this device";
  for (int n : {16384, 16384 + 7, 4096 * 3}) {
    scan_run run;
    run.rounds[0] = run.rounds[1] = 20;
    const scan_outcome o = run_scan(run, n);
    EXPECT_TRUE(o.found.empty()) << "n = " << n << ":\n" << all_details(o.found);
    expect_scanned(o.out);
  }
}

// A later launch that writes what a still-running launch reads must not show up
// in the earlier one's comparison at completion.
TEST(host_device_scan, a_launch_writing_an_array_a_running_launch_reads_is_not_reported) {
  if (!shares_memory()) GTEST_SKIP() << "arrays are not used in place on this device";
  scan_run run;
  auto hook = std::make_shared<debug::racecheck_hook>();
  run.view.set_launch_hook(hook);
  debug::clear_collected_hazards();
  const int n = 4096;
  std::vector<int> in(n, 1), out(n, 0);
  array<int, 1> ping(extent<1>(n), in.begin(), run.view);
  array<int, 1> pong(extent<1>(n), run.view);
  array<int, 1> sums(extent<1>(n / kTile), run.view);
  // Each pass reads one array and writes the other: the next pass writes what
  // the one before read, enqueued while it runs.
  for (int pass = 0; pass < 4; ++pass) {
    array<int, 1>& from = pass % 2 ? pong : ping;
    array<int, 1>& to = pass % 2 ? ping : pong;
    parallel_for_each(run.view, extent<1>(n).tile<kTile>(), run.tile_scan,
                      array_view<const int, 1>(from), array_view<int, 1>(to),
                      array_view<int, 1>(sums), n, 20, 0);
  }
  run.view.wait();
  hook->finish_pending();
  const std::vector<debug::hazard> found = debug::collected_hazards();
  EXPECT_TRUE(found.empty()) << all_details(found);
}

// The twin: the host writes level 0's sums while the launch that reads them runs.
TEST(host_device_scan, a_host_write_to_the_sums_while_the_next_level_reads_them_is_reported) {
  if (!shares_memory()) GTEST_SKIP() << "arrays are not used in place on this device";
  scan_run run;
  run.wait_for[1] = 1000;  // level 1 runs until it sees the host's write: a race
  run.after_level_one = [](int* sums) { sums[0] += 1000; };
  const scan_outcome o = run_scan(run, 16384);
  ASSERT_EQ(o.found.size(), 1u) << all_details(o.found);
  const debug::hazard& h = o.found[0];
  EXPECT_EQ(h.kind, debug::hazard_class::host_device_race);
  EXPECT_EQ(h.variable, "in");
  EXPECT_EQ(h.kernel, "tile_scan");
  EXPECT_EQ(h.first.access, "read");
  EXPECT_NE(h.detail.find("host write to the data of 'in' (found by comparing the 1024 bytes no "
                          "page guard covers at launch and at completion, so where is unknown)"),
            std::string::npos)
      << h.detail;
}

// The comparison on its own, over a buffer the device uses in place (a
// CL_MEM_USE_HOST_PTR buffer, as an array's) that a kernel only reads.
class in_place_compare : public cl_queue_fixture {
 protected:
  void SetUp() override {
    cl_queue_fixture::SetUp();
    memory_ = static_cast<int*>(std::aligned_alloc(4096, kBytes));
    for (int i = 0; i < kInts; ++i) memory_[i] = i;
    cl_int err = CL_SUCCESS;
    buffer_ =
        clCreateBuffer(context_, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, kBytes, memory_, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    launch_.kernel_name = "reads";
    launch_.source_name = "reads.cl";
    launch_argument& a = launch_.args.emplace_back();
    a.what = launch_argument::kind::buffer;
    a.name = "in";
    a.is_const = true;
    a.buffer = buffer_;
    a.buffer_bytes = kBytes;
    a.host_data = memory_;
    a.host_bytes = kBytes;
  }
  void TearDown() override {
    if (buffer_) clReleaseMemObject(buffer_);
    cl_queue_fixture::TearDown();
    std::free(memory_);
  }
  // What the comparison finds when `meanwhile` runs between launch and completion.
  std::vector<debug::hazard> compare(cl_event earlier_work,
                                     const std::function<void()>& meanwhile) {
    std::vector<debug::host_memory_watch> watches = debug::watch_host_memory(launch_, earlier_work);
    meanwhile();
    debug::settle_host_watches(watches, true);
    return debug::host_device_hazards(launch_, watches);
  }
  cl_event marker() {
    cl_event e = nullptr;
    EXPECT_EQ(clEnqueueMarkerWithWaitList(queue_, 0, nullptr, &e), CL_SUCCESS);
    clFlush(queue_);
    return e;
  }

  static constexpr int kInts = 1000;
  static constexpr std::size_t kBytes = 4096;
  int* memory_ = nullptr;
  cl_mem buffer_ = nullptr;
  launch_record launch_;
};

TEST_F(in_place_compare, a_host_write_after_the_earlier_work_ended_is_a_race) {
  EXPECT_TRUE(debug::hashes_in_place_memory(launch_));
  cl_event m = marker();
  const std::vector<debug::hazard> found = compare(m, [&] { memory_[7] = -1; });
  clReleaseEvent(m);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].kind, debug::hazard_class::host_device_race);
  EXPECT_NE(found[0].detail.find("host write to the data of 'in' (found by comparing the 4096 "
                                 "bytes no page guard covers"),
            std::string::npos)
      << found[0].detail;
}

// The earlier work (here a marker behind a user event, completed by a thread
// once it wrote the memory, as a kernel before the launch writes an array) is
// waited for: its writes are not the host's.
TEST_F(in_place_compare, the_hash_at_launch_waits_for_the_earlier_work) {
  cl_int err = CL_SUCCESS;
  cl_event gate = clCreateUserEvent(context_, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_event earlier = nullptr;
  ASSERT_EQ(clEnqueueMarkerWithWaitList(queue_, 1, &gate, &earlier), CL_SUCCESS);
  clFlush(queue_);
  std::thread device_work([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    for (int i = 0; i < kInts; ++i) memory_[i] = 2 * i;
    clSetUserEventStatus(gate, CL_COMPLETE);
  });
  const std::vector<debug::hazard> found = compare(earlier, [] {});
  device_work.join();
  clReleaseEvent(earlier);
  clReleaseEvent(gate);
  EXPECT_TRUE(found.empty()) << all_details(found);
  EXPECT_EQ(memory_[kInts - 1], 2 * (kInts - 1));
}

// No marker: a change may be the earlier work's, so it is not reported as a race
// but as not checked, which still fails the run.
TEST_F(in_place_compare, without_the_earlier_work_a_change_is_not_checked_not_a_race) {
  const std::vector<debug::hazard> found = compare(nullptr, [&] { memory_[7] = -1; });
  ASSERT_EQ(found.size(), 1u);
  EXPECT_TRUE(debug::is_not_checked(found[0]));
  EXPECT_EQ(found[0].reason, "host-device-unknown");
  EXPECT_EQ(found[0].kernel, "reads");
  EXPECT_NE(found[0].detail.find("the host/device check of 'in' was not made"), std::string::npos)
      << found[0].detail;
}

TEST_F(in_place_compare, without_the_earlier_work_and_no_change_nothing_is_reported) {
  EXPECT_TRUE(compare(nullptr, [] {}).empty());
}
