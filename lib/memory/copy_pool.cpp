#include "memory/copy_pool.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

#include "memory/stream_copy.hpp"

#if defined(__x86_64__) || defined(_M_X64)
#include <immintrin.h>
#endif

namespace ampcl::detail {

namespace {

// Parts smaller than this are not worth waking a thread for. Small enough that a
// staged copy's first 1 MiB chunks run on every thread: with 1 MiB parts they ran
// on one to four, and the memcpy, not the DMA, set a staged copy's pace.
constexpr std::size_t min_part_bytes = 256u << 10;
// Part boundaries on page boundaries: no page is written by two threads.
constexpr std::size_t part_alignment = 4096;
// How long a thread that ran out of work polls for more before it sleeps. A
// staged copy hands out a chunk every 20-150 us (8 MiB at 55 GB/s is 150 us), so
// its threads stay awake from one chunk to the next instead of each being woken
// through the condition variable (docs/performance.md, "Copies between host and device", has what was
// measured).
constexpr std::chrono::microseconds poll_before_sleep{250};

void cpu_relax() {
#if defined(__x86_64__) || defined(_M_X64)
  _mm_pause();
#else
  std::this_thread::yield();
#endif
}

// Polls `ready` until it holds or poll_before_sleep has passed; whether it held.
template <class Ready>
bool poll(Ready ready) {
  const auto until = std::chrono::steady_clock::now() + poll_before_sleep;
  for (unsigned n = 1;; ++n) {
    if (ready()) return true;
    cpu_relax();
    if (n % 64 == 0 && std::chrono::steady_clock::now() > until) return ready();
  }
}

using copy_fn = void (*)(void*, const void*, std::size_t);

// One part of a copy, copied by `run` (memcpy or stream_copy).
struct copy_part {
  char* dst;
  const char* src;
  std::size_t bytes;
  copy_fn run;
  std::atomic<std::size_t>* parts_left;  // of the call it belongs to, on its stack
};

class copy_pool {
 public:
  // Grows to `workers` threads; never shrinks.
  void ensure_workers(unsigned workers) {
    std::lock_guard<std::mutex> lock(m_);
    while (threads_.size() < workers) threads_.emplace_back([this] { work(); });
  }

  void copy(char* dst, const char* src, std::size_t bytes, std::size_t parts, copy_fn run) {
    const std::size_t part = (bytes / parts + part_alignment - 1) / part_alignment * part_alignment;
    std::atomic<std::size_t> parts_left{0};
    {
      std::lock_guard<std::mutex> lock(m_);
      // The caller keeps the first part; the rest go to the workers.
      std::size_t queued = 0;
      for (std::size_t at = part; at < bytes; at += part, ++queued)
        queue_.push_back({dst + at, src + at, std::min(part, bytes - at), run, &parts_left});
      parts_left.store(queued, std::memory_order_relaxed);
      queued_.fetch_add(queued, std::memory_order_release);
    }
    work_ready_.notify_all();
    run(dst, src, std::min(part, bytes));
    // Help with whatever is queued (ours or another caller's) rather than wait.
    while (take_one()) {
    }
    const auto done = [&] { return parts_left.load(std::memory_order_acquire) == 0; };
    if (poll(done)) return;
    std::unique_lock<std::mutex> lock(m_);
    part_done_.wait(lock, done);
  }

 private:
  // Copies the front part, if there is one; whether there was.
  bool take_one() {
    std::unique_lock<std::mutex> lock(m_);
    if (queue_.empty()) return false;
    const copy_part p = queue_.front();
    queue_.pop_front();
    queued_.fetch_sub(1, std::memory_order_relaxed);
    lock.unlock();
    p.run(p.dst, p.src, p.bytes);
    // The caller may return as soon as the count is 0: `p.parts_left` is not
    // touched after it. The notification takes the mutex, so a caller about to
    // sleep on the count cannot miss it.
    if (p.parts_left->fetch_sub(1, std::memory_order_acq_rel) == 1) {
      lock.lock();
      part_done_.notify_all();
    }
    return true;
  }

  void work() {
    const auto has_work = [this] { return queued_.load(std::memory_order_acquire) > 0; };
    for (;;) {
      if (take_one()) continue;
      if (poll(has_work)) continue;
      std::unique_lock<std::mutex> lock(m_);
      work_ready_.wait(lock, [this] { return !queue_.empty(); });
    }
  }

  std::mutex m_;
  std::condition_variable work_ready_, part_done_;
  std::deque<copy_part> queue_;
  std::atomic<std::size_t> queued_{0};  // queue_.size(), for polling without the mutex
  std::vector<std::thread> threads_;
};

void plain_copy(void* dst, const void* src, std::size_t bytes) {
  std::memcpy(dst, src, bytes);
}

copy_pool& pool() {
  // Never destroyed: its threads wait for work until the process ends, and a copy
  // made from another static object's destructor still finds the pool.
  static auto* p = new copy_pool();
  return *p;
}

}  // namespace

void parallel_memcpy(void* dst, const void* src, std::size_t bytes, unsigned threads,
                     bool streaming) {
  const copy_fn run = streaming ? stream_copy : plain_copy;
  const std::size_t parts = std::min<std::size_t>(std::max(1u, threads), bytes / min_part_bytes);
  if (parts <= 1) {
    run(dst, src, bytes);
    return;
  }
  copy_pool& p = pool();
  p.ensure_workers(static_cast<unsigned>(parts - 1));
  p.copy(static_cast<char*>(dst), static_cast<const char*>(src), bytes, parts, run);
}

}  // namespace ampcl::detail
