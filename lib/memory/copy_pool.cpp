#include "memory/copy_pool.hpp"

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

namespace ampcl::detail {

namespace {

// Parts smaller than this are not worth waking a thread for. Small enough that a
// staged copy's first 1 MiB chunks run on every thread: with 1 MiB parts they ran
// on one to four, and the memcpy, not the DMA, set a staged copy's pace.
constexpr std::size_t min_part_bytes = 256u << 10;
// Part boundaries on page boundaries: no page is written by two threads.
constexpr std::size_t part_alignment = 4096;

struct copy_part {
  char* dst;
  const char* src;
  std::size_t bytes;
  std::size_t* parts_left;  // of the call it belongs to, guarded by the pool's mutex
};

class copy_pool {
 public:
  // Grows to `workers` threads; never shrinks.
  void ensure_workers(unsigned workers) {
    std::lock_guard<std::mutex> lock(m_);
    while (threads_.size() < workers) threads_.emplace_back([this] { work(); });
  }

  void copy(char* dst, const char* src, std::size_t bytes, std::size_t parts) {
    const std::size_t part = (bytes / parts + part_alignment - 1) / part_alignment * part_alignment;
    std::size_t parts_left = 0;
    {
      std::lock_guard<std::mutex> lock(m_);
      // The caller keeps the first part; the rest go to the workers.
      for (std::size_t at = part; at < bytes; at += part) {
        queue_.push_back({dst + at, src + at, std::min(part, bytes - at), &parts_left});
        ++parts_left;
      }
    }
    work_ready_.notify_all();
    std::memcpy(dst, src, std::min(part, bytes));
    // Help with whatever is queued (ours or another caller's) rather than sleep.
    std::unique_lock<std::mutex> lock(m_);
    while (parts_left > 0) {
      if (!queue_.empty()) {
        run_one(lock);
        continue;
      }
      part_done_.wait(lock);
    }
  }

 private:
  // Takes the front part, copies it unlocked, counts it done; `lock` held on entry and exit.
  void run_one(std::unique_lock<std::mutex>& lock) {
    const copy_part p = queue_.front();
    queue_.pop_front();
    lock.unlock();
    std::memcpy(p.dst, p.src, p.bytes);
    lock.lock();
    if (--*p.parts_left == 0) part_done_.notify_all();
  }

  void work() {
    std::unique_lock<std::mutex> lock(m_);
    for (;;) {
      work_ready_.wait(lock, [this] { return !queue_.empty(); });
      run_one(lock);
    }
  }

  std::mutex m_;
  std::condition_variable work_ready_, part_done_;
  std::deque<copy_part> queue_;
  std::vector<std::thread> threads_;
};

copy_pool& pool() {
  // Never destroyed: its threads wait for work until the process ends, and a copy
  // made from another static object's destructor still finds the pool.
  static auto* p = new copy_pool();
  return *p;
}

}  // namespace

void parallel_memcpy(void* dst, const void* src, std::size_t bytes, unsigned threads) {
  const std::size_t parts = std::min<std::size_t>(std::max(1u, threads), bytes / min_part_bytes);
  if (parts <= 1) {
    std::memcpy(dst, src, bytes);
    return;
  }
  copy_pool& p = pool();
  p.ensure_workers(static_cast<unsigned>(parts - 1));
  p.copy(static_cast<char*>(dst), static_cast<const char*>(src), bytes, parts);
}

}  // namespace ampcl::detail
