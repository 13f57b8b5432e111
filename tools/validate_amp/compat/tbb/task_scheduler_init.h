// Stand-in for TBB 4's <tbb/task_scheduler_init.h> (validate_amp compat), which oneTBB
// (Debian's libtbb-dev 2021) removed. Bolt's multicore CPU path (bolt/btbb) creates one per
// call to size the worker pool. oneTBB sizes its pool itself, so `automatic` needs nothing;
// an explicit count becomes a global_control limit for the object's lifetime, as TBB 4 did.
#pragma once
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/info.h>

#include <memory>

namespace tbb {

class task_scheduler_init {
 public:
  static const int automatic = -1;
  static const int deferred = -2;

  explicit task_scheduler_init(int threads = automatic) { initialize(threads); }

  void initialize(int threads = automatic) {
    if (threads == deferred) return;
    active_ = true;
    if (threads > 0)
      limit_ = std::make_unique<global_control>(global_control::max_allowed_parallelism,
                                                static_cast<std::size_t>(threads));
  }
  void terminate() {
    limit_.reset();
    active_ = false;
  }
  bool is_active() const { return active_; }
  static int default_num_threads() { return info::default_concurrency(); }

 private:
  std::unique_ptr<global_control> limit_;
  bool active_ = false;
};

}  // namespace tbb
