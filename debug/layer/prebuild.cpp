#include "prebuild.hpp"

#include <algorithm>
#include <ampcl/detail/settings.hpp>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#include <tuple>

#include "checker.hpp"

namespace ampcl::layer {

namespace {

// One kernel to build; it holds a reference to its context.
struct task {
  cl_context context;
  cl_device_id device;
  launch_record kernel;
};

// Worker threads over a queue of builds. At exit what has not started is dropped
// (the program launches those kernels no more) and the builds under way finish
// first: the driver and the engine must outlive them.
class prebuilder {
 public:
  static prebuilder& get() {
    static prebuilder* p = [] {
      engine();                     // constructed first, so destroyed after the workers are stopped
      auto* made = new prebuilder;  // never destroyed: stop() ends its threads
      std::atexit([] { get().stop(); });
      return made;
    }();
    return *p;
  }

  // False when this (program text, options, device) was seen before.
  bool first(const launch_record& r, cl_device_id device) {
    std::lock_guard<std::mutex> lock(m_);
    return seen_.emplace(r.source, r.options, device).second;
  }

  void add(task t) {
    std::lock_guard<std::mutex> lock(m_);
    if (stopped_) return;
    clRetainContext(t.context);  // the application may release it before the build ends
    queue_.push_back(std::move(t));
    // One worker per build under way, up to the cores the machine has (the driver
    // compiles each on the calling thread).
    const std::size_t most = std::max(1u, std::thread::hardware_concurrency());
    if (workers_.size() < std::min(most, busy_ + queue_.size()))
      workers_.emplace_back([this] { work_loop(); });
    ready_.notify_one();
  }

  void stop() {
    {
      std::lock_guard<std::mutex> lock(m_);
      stopped_ = true;
      for (const task& t : queue_) clReleaseContext(t.context);
      queue_.clear();
    }
    ready_.notify_all();
    for (std::thread& t : workers_) t.join();
    workers_.clear();
  }

 private:
  void work_loop() {
    std::unique_lock<std::mutex> lock(m_);
    for (;;) {
      ready_.wait(lock, [this] { return stopped_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopped
      task t = std::move(queue_.front());
      queue_.pop_front();
      ++busy_;
      lock.unlock();
      engine().prebuild(t.context, t.device, t.kernel);
      clReleaseContext(t.context);
      lock.lock();
      --busy_;
    }
  }

  std::mutex m_;
  std::condition_variable ready_;
  std::deque<task> queue_;
  std::vector<std::thread> workers_;
  std::size_t busy_ = 0;
  bool stopped_ = false;
  // The program texts seen, kept alive so that an address names one text.
  std::set<std::tuple<std::shared_ptr<const std::string>, std::string, cl_device_id>> seen_;
};

}  // namespace

void prebuild_siblings(cl_context context, cl_device_id device, const launch_record& first,
                       const std::vector<std::string>& kernels) {
  namespace st = ampcl::detail::settings;
  static const bool wanted = st::on(st::id::racecheck_prebuild).value_or(false);
  if (!wanted || kernels.size() < 2 || !prebuilder::get().first(first, device)) return;
  std::set<std::string> names(kernels.begin(), kernels.end());
  names.erase(first.kernel_name);
  for (const std::string& name : names) {
    task t{context, device, {}};
    t.kernel.kernel_name = name;
    t.kernel.source = first.source;
    t.kernel.source_name = first.source_name;
    t.kernel.options = first.options;
    prebuilder::get().add(std::move(t));
  }
}

}  // namespace ampcl::layer
