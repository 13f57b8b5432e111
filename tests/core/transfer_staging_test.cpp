// Staged host <-> device copies (lib/memory/transfer.cpp) at sizes that are no
// multiple of the staging chunk, every byte checked against a poisoned destination.
// CTest also runs these with a 1 MiB chunk, 3 buffers and 3 threads (many chunks,
// a ring that wraps at odd places).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "devices/device_state.hpp"
#include "memory/stream_copy.hpp"
#include "memory/transfer.hpp"
#include "memory/transfer_tuning.hpp"
#include "test_support.hpp"

using namespace ampcl;

namespace {

constexpr std::size_t odd_bytes = (std::size_t(100) << 20) + 12345;
constexpr unsigned char poison_byte = 0x5A;

// No period that a chunk size or thread split could line up with.
unsigned char pattern(std::size_t i, unsigned seed) {
  std::uint64_t z = (i + seed) * 0x9E3779B97F4A7C15ull;
  z ^= z >> 29;
  return static_cast<unsigned char>(z >> 7);
}

std::vector<unsigned char> patterned(std::size_t n, unsigned seed) {
  std::vector<unsigned char> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = pattern(i, seed);
  return v;
}

// The first byte of `got` that differs from pattern(at + i, seed), or -1.
long long first_wrong(const unsigned char* got, std::size_t n, std::size_t at, unsigned seed) {
  for (std::size_t i = 0; i < n; ++i)
    if (got[i] != pattern(at + i, seed)) return static_cast<long long>(i);
  return -1;
}

long long first_not_poison(const unsigned char* got, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i)
    if (got[i] != poison_byte) return static_cast<long long>(i);
  return -1;
}

}  // namespace

TEST(TransferStaging, ByteArrayRoundTripBothDirections) {
  accelerator_view view = accelerator().get_default_view();
  array<unsigned char, 1> a(extent<1>(static_cast<int>(odd_bytes)), view, access_type_none);
  const auto src = patterned(odd_bytes, 1);
  reset_statistics();
  copy(src.begin(), src.end(), a);  // staged host -> device, straight into the buffer
  EXPECT_EQ(get_statistics().bytes_to_device, odd_bytes);
  std::vector<unsigned char> back(odd_bytes, poison_byte);
  copy(a, back.begin());  // staged device -> host
  EXPECT_EQ(get_statistics().bytes_to_host, odd_bytes);
  EXPECT_EQ(first_wrong(back.data(), odd_bytes, 0, 1), -1);
}

// The streaming-store copy's head (to a 16-byte boundary), 64-byte body and tail,
// at every alignment of source and destination; bytes beside it stay poisoned.
TEST(TransferStaging, StreamCopyMovesEveryByteAtAnyAlignment) {
  const auto src = patterned(4096 + 256, 7);
  std::vector<unsigned char> dst(4096 + 256);
  for (std::size_t from = 0; from < 17; ++from)
    for (std::size_t to = 0; to < 17; ++to)
      for (std::size_t n : {0, 1, 15, 16, 17, 63, 64, 65, 127, 129, 1000, 4096 + 7}) {
        std::fill(dst.begin(), dst.end(), poison_byte);
        detail::stream_copy(dst.data() + 32 + to, src.data() + from, n);
        ASSERT_EQ(first_wrong(dst.data() + 32 + to, n, from, 7), -1)
            << "from " << from << " to " << to << " bytes " << n;
        ASSERT_EQ(first_not_poison(dst.data(), 32 + to), -1) << "wrote before the destination";
        const std::size_t end = 32 + to + n;
        ASSERT_EQ(first_not_poison(dst.data() + end, dst.size() - end), -1)
            << "wrote past the destination: from " << from << " to " << to << " bytes " << n;
      }
}

TEST(TransferStaging, KernelBetweenTheCopiesSeesEveryElement) {
  const int n = static_cast<int>(odd_bytes / 4) + 3;  // 25 Mi + 3089 ints
  accelerator_view view = accelerator().get_default_view();
  array<int, 1> a(extent<1>(n), view, access_type_none);
  std::vector<int> src(n);
  for (int i = 0; i < n; ++i) src[i] = i * 3 - 7;
  copy(src.begin(), src.end(), a);
  parallel_for_each(a.get_extent(),
                    kernel::from_file(ampcl_test::kernel_path("basic.cl"), "add_scalar"), a, 5);
  std::vector<int> out(n, ampcl_test::poison_int);
  copy(a, out.begin());
  for (int i = 0; i < n; ++i) ASSERT_EQ(out[i], i * 3 - 2) << "element " << i;
}

// copy() into a row section of a device-resident array writes the device at an offset.
TEST(TransferStaging, CopyIntoASectionAtAnOffset) {
  const int rows = 700, cols = 40009;  // 112 MB; the section starts 3 rows in
  accelerator_view view = accelerator().get_default_view();
  array<int, 2> a(extent<2>(rows, cols), view, access_type_none);
  std::vector<int> all(std::size_t(rows) * cols, 11);
  copy(all.begin(), all.end(), a);
  const int first = 3, count = 650;
  std::vector<int> part(std::size_t(count) * cols);
  for (std::size_t i = 0; i < part.size(); ++i) part[i] = static_cast<int>(i ^ 0x35A7);
  reset_statistics();
  copy(part.begin(), part.end(), a.section(first, 0, count, cols));
  EXPECT_EQ(get_statistics().bytes_to_device, part.size() * sizeof(int));  // no detour
  std::vector<int> out(all.size(), ampcl_test::poison_int);
  copy(a, out.begin());
  for (std::size_t i = 0; i < out.size(); ++i) {
    const std::size_t row = i / cols;
    const bool inside = row >= std::size_t(first) && row < std::size_t(first + count);
    const int want = inside ? static_cast<int>((i - std::size_t(first) * cols) ^ 0x35A7) : 11;
    ASSERT_EQ(out[i], want) << "element " << i;
  }
}

// The runtime's own entry points, at byte offsets that are no multiple of anything.
TEST(TransferStaging, OddOffsetsIntoARawBuffer) {
  auto view = accelerator().get_default_view().state();
  const std::size_t head = 4099, tail = 1003, size = head + odd_bytes + tail;
  cl_int err = CL_SUCCESS;
  const detail::basic_cl_handle<cl_mem> owned(
      clCreateBuffer(view->dev->context(), CL_MEM_READ_WRITE, size, nullptr, &err));
  ASSERT_EQ(err, CL_SUCCESS);
  const cl_mem buffer = owned.get();
  ASSERT_EQ(
      clEnqueueFillBuffer(view->queue.get(), buffer, &poison_byte, 1, 0, size, 0, nullptr, nullptr),
      CL_SUCCESS);
  const auto src = patterned(odd_bytes, 2);
  detail::write_to_device(*view, buffer, head, odd_bytes, src.data());
  // The whole buffer back: poison, the pattern, poison.
  std::vector<unsigned char> whole(size, 0);
  detail::read_from_device(*view, buffer, 0, size, whole.data());
  EXPECT_EQ(first_not_poison(whole.data(), head), -1);
  EXPECT_EQ(first_wrong(whole.data() + head, odd_bytes, 0, 2), -1);
  EXPECT_EQ(first_not_poison(whole.data() + head + odd_bytes, tail), -1);
  // A read from an odd offset into the middle of a poisoned host range.
  const std::size_t from = head + 777, n = odd_bytes - 5000, guard = 64;
  std::vector<unsigned char> part(n + 2 * guard, poison_byte);
  detail::read_from_device(*view, buffer, from, n, part.data() + guard);
  EXPECT_EQ(first_not_poison(part.data(), guard), -1);
  EXPECT_EQ(first_wrong(part.data() + guard, n, 777, 2), -1);
  EXPECT_EQ(first_not_poison(part.data() + guard + n, guard), -1);
}

namespace {

// The number of chunks a staged copy of `bytes` takes (transfer.cpp's chunk_sizes:
// doubling from the first chunk over the first half, the mirror image after).
std::size_t staged_chunks(std::size_t bytes, const detail::transfer_tuning& t) {
  const std::size_t most = t.chunk_bytes, half = bytes / 2;
  std::size_t done = 0, count = 0, c = std::min(t.first_chunk_bytes, most);
  for (; done < half; c = std::min(2 * c, most), ++count) done += std::min(c, half - done);
  return 2 * count + (bytes % 2 != 0);
}

}  // namespace

// A ring belongs to a view's address, so a view made where a freed one was (same
// device) stages through the freed view's ring, on another queue: a copy to the
// host must not fill a pinned buffer that the freed view's copy to the device is
// still reading from. Here that DMA waits behind a user event on the first queue
// while the second view copies out; the first buffer must still get its own data.
TEST(TransferStaging, ACopyOutWaitsForAnotherQueuesDmaFromTheRing) {
  const detail::transfer_tuning& t = detail::current_transfer_tuning();
  const std::size_t bytes = t.threshold_bytes;
  if (t.mode != detail::transfer_tuning::staging::always || staged_chunks(bytes, t) > t.buffers)
    GTEST_SKIP() << "needs AMPCL_STAGING=always and a ring that holds a whole copy";
  using event = detail::basic_cl_handle<cl_event>;
  using mem = detail::basic_cl_handle<cl_mem>;
  std::shared_ptr<detail::view_state> a = accelerator().create_view().state();
  const void* const a_at = a.get();
  const auto first_queue = detail::basic_cl_handle<cl_command_queue>::retained(a->queue.get());
  const cl_context context = a->dev->context();
  cl_int err = CL_SUCCESS;
  const mem first(clCreateBuffer(context, CL_MEM_READ_WRITE, bytes, nullptr, &err));
  ASSERT_EQ(err, CL_SUCCESS);
  const mem second(clCreateBuffer(context, CL_MEM_READ_WRITE, bytes, nullptr, &err));
  ASSERT_EQ(err, CL_SUCCESS);
  const auto first_data = patterned(bytes, 5), second_data = patterned(bytes, 6);
  detail::write_to_device(*a, second.get(), 0, bytes, second_data.data());  // makes the ring
  ASSERT_EQ(clFinish(first_queue.get()), CL_SUCCESS);

  // The first queue's copy to the device waits for `gate`: its DMAs hold the ring.
  const event gate(clCreateUserEvent(context, &err));
  ASSERT_EQ(err, CL_SUCCESS);
  const cl_event gate_event = gate.get();
  ASSERT_EQ(clEnqueueMarkerWithWaitList(first_queue.get(), 1, &gate_event, nullptr), CL_SUCCESS);
  struct opener {  // the gate opens whatever happens below
    cl_event e;
    bool open = false;
    void operator()() {
      if (!open) clSetUserEventStatus(e, CL_COMPLETE);
      open = true;
    }
    ~opener() { (*this)(); }
  } open_gate{gate_event};
  detail::write_to_device(*a, first.get(), 0, bytes, first_data.data());
  a.reset();
  std::shared_ptr<detail::view_state> b = accelerator().create_view().state();
  if (b.get() != a_at) GTEST_SKIP() << "the allocator put the second view elsewhere";

  std::thread later([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    open_gate();
  });
  std::vector<unsigned char> back(bytes, poison_byte);
  detail::read_from_device(*b, second.get(), 0, bytes, back.data());
  later.join();
  EXPECT_EQ(first_wrong(back.data(), bytes, 0, 6), -1);
  ASSERT_EQ(clFinish(first_queue.get()), CL_SUCCESS);
  std::fill(back.begin(), back.end(), poison_byte);
  ASSERT_EQ(clEnqueueReadBuffer(b->queue.get(), first.get(), CL_TRUE, 0, bytes, back.data(), 0,
                                nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(first_wrong(back.data(), bytes, 0, 5), -1)
      << "the first buffer got bytes the second view's copy put in the ring";
}

// Two queues staging at once share the copy threads.
TEST(TransferStaging, TwoQueuesAtOnce) {
  const std::size_t n = (std::size_t(24) << 20) + 4097;
  auto run = [n](unsigned seed, bool* ok) {
    accelerator_view view = accelerator().create_view();
    array<unsigned char, 1> a(extent<1>(static_cast<int>(n)), view, access_type_none);
    const auto src = patterned(n, seed);
    std::vector<unsigned char> back(n, poison_byte);
    for (int round = 0; round < 3; ++round) {
      copy(src.begin(), src.end(), a);
      copy(a, back.begin());
      if (first_wrong(back.data(), n, 0, seed) != -1) return;
      std::fill(back.begin(), back.end(), poison_byte);
    }
    *ok = true;
  };
  bool ok1 = false, ok2 = false;
  std::thread t1(run, 3u, &ok1), t2(run, 4u, &ok2);
  t1.join();
  t2.join();
  EXPECT_TRUE(ok1);
  EXPECT_TRUE(ok2);
}

TEST(TransferStaging, TuningKnobsAreCheckedAndRead) {
  // Restored at the end: this process may run other tests under the CTest knobs.
  const char* names[] = {"AMPCL_STAGING_CHUNK_MB", "AMPCL_STAGING_BUFFERS", "AMPCL_COPY_THREADS",
                         "AMPCL_STAGING", "AMPCL_COPY_STORES"};
  std::vector<std::pair<bool, std::string>> saved;
  for (const char* name : names) {
    const char* v = std::getenv(name);
    saved.emplace_back(v != nullptr, v ? v : "");
  }
  setenv("AMPCL_STAGING_CHUNK_MB", "12", 1);  // not the default (8)
  setenv("AMPCL_STAGING_BUFFERS", "6", 1);
  setenv("AMPCL_COPY_THREADS", "2", 1);
  const detail::transfer_tuning t = detail::read_transfer_tuning();
  EXPECT_EQ(t.chunk_bytes, std::size_t(12) << 20);
  EXPECT_EQ(t.buffers, 6u);
  EXPECT_EQ(t.copy_threads, 2u);
  for (const char* bad : {"0", "abc", "16x", "-1", "100000"}) {
    setenv("AMPCL_STAGING_BUFFERS", bad, 1);
    EXPECT_THROW(detail::read_transfer_tuning(), runtime_exception) << bad;
  }
  setenv("AMPCL_STAGING_BUFFERS", "6", 1);
  using staging = detail::transfer_tuning::staging;
  for (auto [text, mode] : {std::pair{"auto", staging::automatic},
                            {"always", staging::always},
                            {"never", staging::never}}) {
    setenv("AMPCL_STAGING", text, 1);
    EXPECT_EQ(detail::read_transfer_tuning().mode, mode) << text;
  }
  for (auto [text, streaming] : {std::pair{"streaming", true}, {"cached", false}}) {
    setenv("AMPCL_COPY_STORES", text, 1);
    EXPECT_EQ(detail::read_transfer_tuning().streaming_stores, streaming) << text;
  }
  setenv("AMPCL_COPY_STORES", "uncached", 1);
  EXPECT_THROW(detail::read_transfer_tuning(), runtime_exception);
  unsetenv("AMPCL_COPY_STORES");
  EXPECT_TRUE(detail::read_transfer_tuning().streaming_stores);  // the default
  setenv("AMPCL_STAGING", "sometimes", 1);
  try {
    detail::read_transfer_tuning();
    ADD_FAILURE() << "AMPCL_STAGING=sometimes was accepted";
  } catch (const runtime_exception& e) {
    EXPECT_NE(std::string(e.what()).find("AMPCL_STAGING='sometimes'"), std::string::npos);
  }
  for (std::size_t i = 0; i < saved.size(); ++i) {
    if (saved[i].first)
      setenv(names[i], saved[i].second.c_str(), 1);
    else
      unsetenv(names[i]);
  }
}
