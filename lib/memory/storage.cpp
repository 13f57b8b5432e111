// Coherence of one data source between the host and one device buffer.
//
// Two flags say which copies hold current data. A launch asks for the buffer
// (copying host data in only if the host has the only current copy); host access
// asks for the host copy (copying back only if the device has the only current
// copy). Writers make their side the only current one.
#include "memory/storage.hpp"

#include <algorithm>
#include <ampcl/errors.hpp>
#include <ampcl/launch_hook.hpp>
#include <cstdlib>
#include <cstring>

#include "devices/device_state.hpp"
#include "memory/copy_pool.hpp"
#include "memory/storage_epoch.hpp"
#include "memory/transfer.hpp"
#include "memory/transfer_tuning.hpp"
#include "support/log.hpp"
#include "support/stats_counters.hpp"

namespace ampcl::detail {

std::atomic<std::uint64_t> storage_epoch{0};

std::shared_ptr<storage> storage::over_host(void* host, std::size_t bytes) {
  std::shared_ptr<storage> s(new storage(bytes));
  s->user_host_ = host;
  s->host_current_ = true;
  return s;
}

std::shared_ptr<storage> storage::on_device(const accelerator_view& view, std::size_t bytes) {
  std::shared_ptr<storage> s(new storage(bytes));
  std::lock_guard<std::mutex> lock(s->m_);
  s->retarget_locked(view);
  s->device_current_ = true;
  s->source_view_ = view.state();
  return s;
}

namespace {
// Page alignment satisfies every device's CL_DEVICE_MEM_BASE_ADDR_ALIGN, so drivers
// can use the memory in place instead of copying it.
constexpr std::size_t host_visible_alignment = 4096;

void check_fits(const accelerator_view& view, std::size_t bytes) {
  const device_info& info = view.state()->dev->info;
  if (bytes > info.max_alloc)
    throw out_of_memory("cannot allocate " + std::to_string(bytes) + " bytes on " + info.name +
                            ": one buffer may hold at most " + std::to_string(info.max_alloc) +
                            " bytes (CL_DEVICE_MAX_MEM_ALLOC_SIZE) and the device has " +
                            std::to_string(info.global_mem) +
                            " in all; split the data into smaller arrays",
                        CL_INVALID_BUFFER_SIZE);
}
}  // namespace

void storage::free_deleter::operator()(void* p) const {
  std::free(p);
}

std::shared_ptr<storage> storage::host_visible(const accelerator_view& view, std::size_t bytes) {
  check_fits(view, bytes);  // before touching host memory of that size
  std::shared_ptr<storage> s(new storage(bytes));
  const std::size_t rounded = (std::max<std::size_t>(bytes, 1) + host_visible_alignment - 1) /
                              host_visible_alignment * host_visible_alignment;
  void* mem = std::aligned_alloc(host_visible_alignment, rounded);
  if (!mem)
    throw out_of_memory(
        "cannot allocate " + std::to_string(bytes) +
            " bytes of host memory for an array with CPU access: use smaller arrays",
        CL_OUT_OF_HOST_MEMORY);
  std::memset(mem, 0, rounded);
  s->visible_host_.reset(mem);
  s->host_visible_ = true;
  s->host_current_ = s->device_current_ = true;  // one memory: both sides always agree
  s->source_view_ = view.state();
  std::lock_guard<std::mutex> lock(s->m_);
  s->retarget_locked(view);
  return s;
}

std::shared_ptr<storage> storage::without_source(std::size_t bytes) {
  std::shared_ptr<storage> s(new storage(bytes));
  s->has_source_ = false;
  return s;
}

storage::~storage() {
  try {
    // A checked launch may still compare this memory from its completion callback
    // (the race check's host-device hashes): the hook finishes it before the memory goes.
    report_host_access();
    release_buffer_locked();
  } catch (const std::exception& e) {
    log(log_level::error, "releasing an array's buffer: ", e.what());
  }
}

void* storage::host_pointer() {
  if (host_visible_) return mapped_ ? mapped_ : visible_host_.get();
  if (user_host_) return user_host_;
  if (own_host_.size() != bytes_) own_host_.resize(bytes_);
  return own_host_.data();
}

const void* storage::host_memory() const {
  std::lock_guard<std::mutex> lock(m_);
  if (host_visible_) return visible_host_.get();
  if (user_host_) return user_host_;
  return own_host_.empty() ? nullptr : own_host_.data();
}

void storage::note_launch(cl_event done) {
  if (!done) return;
  std::lock_guard<std::mutex> lock(launch_m_);
  last_launch_ = cl_handle<cl_event>::retained(done);
  watched_.store(true, std::memory_order_release);
}

// The host is about to reach the data through ampcl (which waits for the device):
// the hook finishes its checks of the launch first. One atomic load when no
// checked launch ever used this storage.
void storage::report_host_access() {
  if (!watched_.load(std::memory_order_acquire)) return;
  cl_int status = CL_COMPLETE;
  {
    std::lock_guard<std::mutex> lock(launch_m_);
    if (last_launch_)
      clGetEventInfo(last_launch_.get(), CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status,
                     nullptr);
  }
  std::shared_ptr<launch_hook> hook;
  if (auto v = device_view()) hook = accelerator_view(v).get_launch_hook();
  if (!hook) hook = global_launch_hook();
  if (hook) hook->on_host_access(this, status > CL_COMPLETE);
}

void* storage::host_data(bool will_write) {
  report_host_access();
  if ((will_write || host_visible_) && host_exclusive_.load(std::memory_order_acquire))
    return host_pointer();
  std::lock_guard<std::mutex> lock(m_);
  clear_fast_path_locked();
  if (host_visible_) {
    map_locked();
    return host_pointer();
  }
  if (!host_current_ && device_current_) copy_to_host_locked();
  host_current_ = true;
  if (will_write) {
    device_current_ = false;
    host_exclusive_.store(true, std::memory_order_release);
  }
  return host_pointer();
}

cl_mem storage::device_buffer(const accelerator_view& view, bool will_read, bool will_write) {
  // A view removed by the watchdog may never drain: refuse before a blocking copy onto it.
  view.state()->check_usable();
  const view_state* target = view.state().get();
  if ((will_write ? write_fast_view_ : read_fast_view_).load(std::memory_order_acquire) == target)
    return fast_buffer_.load(std::memory_order_relaxed);
  // The copies below read or write the host memory, which a checked launch
  // still running may keep page-guarded: the hook lifts its guards first.
  report_host_access();
  std::lock_guard<std::mutex> lock(m_);
  clear_fast_path_locked();
  if (host_visible_) {
    if (buffer_ && buffer_view_->dev != view.state()->dev) {
      // Another device: bring the data home, then give that device its own buffer
      // over the same host memory.
      map_locked();
      release_buffer_locked();
    } else if (buffer_ && buffer_view_ != view.state()) {
      buffer_view_->check_usable();  // a removed view's queue may never finish
      check(clFinish(buffer_view_->queue.get()), "clFinish", "handing a buffer between views");
      buffer_view_ = view.state();
    }
    if (!buffer_) retarget_locked(view);
    unmap_locked();
    publish_fast_path_locked();
    return buffer_.get();
  }
  host_exclusive_.store(false, std::memory_order_release);
  if (buffer_ && buffer_view_ != view.state()) {
    if (buffer_view_->dev != view.state()->dev) {
      // Another device: its copy goes home through the host, which then holds the
      // current data that the new buffer is filled from.
      if (device_current_ && !host_current_) {
        copy_to_host_locked();
        host_current_ = true;
      }
      device_current_ = false;
      release_buffer_locked();
    } else {
      // Same device, another queue: the old queue's work on it must finish first.
      buffer_view_->check_usable();  // a removed view's queue may never finish
      check(clFinish(buffer_view_->queue.get()), "clFinish", "handing a buffer between views");
      buffer_view_ = view.state();
    }
  }
  if (!buffer_) retarget_locked(view);
  if (will_read && !device_current_ && host_current_) copy_to_device_locked();
  if (will_read || will_write) device_current_ = true;
  if (will_write) host_current_ = false;
  publish_fast_path_locked();
  return buffer_.get();
}

cl_mem storage::buffer_for_launch(const accelerator_view& view, bool read_only_view,
                                  bool const_parameter, bool& resident) {
  const bool writes = launch_writes(read_only_view, const_parameter);
  if ((writes ? write_fast_view_ : read_fast_view_).load(std::memory_order_acquire) ==
      view.state().get()) {
    resident = true;
    return fast_buffer_.load(std::memory_order_relaxed);
  }
  resident = false;
  return device_buffer(view, true, writes);
}

// copy() into storage: C++ AMP writes a copy into a view through the view to its
// data source (Visual C++ does; a BLAS that copies into a section of a view and
// then calls refresh() relies on it).
//
// - Over the user's memory, that memory is the data source and always takes the
//   bytes, so refresh() (the user's memory is the truth) keeps them. The device
//   copy, when it holds current data, takes them too unless the copy replaces the
//   whole storage (then the device copy is merely stale: the next launch copies
//   in, as after any host write). What kernels wrote elsewhere stays on the
//   device until synchronize(), as with any view.
// - An array's storage or one without a data source has nothing outside it: the
//   copy goes to its current copy, the device's where it has one (a partial copy
//   into a device copy that is stale goes to the host copy instead), and to both
//   when both are current.
// Only the range copied moves, except that scattered elements headed for a device
// copy whose range the host does not hold are read, filled in and written back.
void storage::copy_into(std::size_t offset, std::size_t bytes, const void* src, span_filler fill,
                        void* ctx) {
  if (bytes == 0) return;
  if (offset + bytes > bytes_)
    throw runtime_exception("copy: " + std::to_string(bytes) + " bytes at offset " +
                            std::to_string(offset) + " do not fit in storage of " +
                            std::to_string(bytes_) + " bytes");
  const auto put = [&](unsigned char* span) {
    const transfer_tuning& t = current_transfer_tuning();
    if (!src)
      fill(ctx, span);
    else if (bytes >= t.threshold_bytes)  // a large copy: the transfers' memcpy threads
      parallel_memcpy(span, src, bytes, t.copy_threads, false);
    else
      std::memcpy(span, src, bytes);
  };
  if (host_visible_) {  // one memory: the host's writes are the device's
    put(static_cast<unsigned char*>(host_data(true)) + offset);
    return;
  }
  report_host_access();  // a checked launch may keep the user's memory page-guarded
  std::lock_guard<std::mutex> lock(m_);
  const bool whole = src && offset == 0 && bytes == bytes_;
  // device_current_ implies a buffer; host_current_ means the host copy is complete.
  const bool device_holds = buffer_ && device_current_;
  // The host copy's range (an array's host copy is allocated only when used).
  const auto host = [&] { return static_cast<unsigned char*>(host_pointer()) + offset; };
  // The range's image for the device: the host's when it is current there (after
  // put), else the device's bytes with the elements filled in.
  const auto to_device = [&] {
    if (src) {
      write_range_to_device_locked(offset, bytes, src);
    } else if (host_current_) {
      write_range_to_device_locked(offset, bytes, host());
    } else {
      std::vector<unsigned char> span(bytes);
      read_range_from_device_locked(offset, bytes, span.data());
      fill(ctx, span.data());
      write_range_to_device_locked(offset, bytes, span.data());
    }
  };
  const auto host_only = [&] {
    clear_fast_path_locked();
    host_current_ = true;
    device_current_ = false;
    host_exclusive_.store(true, std::memory_order_release);
  };
  if (user_host_) {
    put(host());
    if (device_holds && !whole)
      to_device();  // both keep what they held; the range is current in both
    else
      host_only();
    return;
  }
  if (device_holds) {
    if (host_current_) put(host());
    to_device();
    return;
  }
  if (buffer_ && whole) {
    clear_fast_path_locked();
    host_exclusive_.store(false, std::memory_order_release);
    write_range_to_device_locked(offset, bytes, src);
    device_current_ = true;
    host_current_ = false;
    return;
  }
  put(host());  // the device copy is stale or absent: the host copy is the data
  host_only();
}

const unsigned char* storage::bytes_for_copy(std::size_t offset, std::size_t bytes,
                                             std::vector<unsigned char>& scratch) {
  if (bytes && !host_visible_) {
    report_host_access();
    std::lock_guard<std::mutex> lock(m_);
    if (buffer_ && device_current_ && !host_current_) {
      scratch.resize(bytes);
      read_range_from_device_locked(offset, bytes, scratch.data());
      return scratch.data();
    }
  }
  return static_cast<const unsigned char*>(host_data(false)) + offset;
}

void storage::write_range_to_device_locked(std::size_t offset, std::size_t bytes, const void* src) {
  buffer_view_->check_usable();  // a removed view's queue may never finish
  write_to_device(*buffer_view_, buffer_.get(), offset, bytes, src);
  auto& c = global_counters();
  ++c.host_to_device_copies;
  c.bytes_to_device += bytes;
  log(log_level::debug, "copied ", bytes, " bytes host -> device (copy into a view or array)");
}

void storage::read_range_from_device_locked(std::size_t offset, std::size_t bytes, void* dst) {
  buffer_view_->check_usable();  // a blocking read on a removed view may never return
  read_from_device(*buffer_view_, buffer_.get(), offset, bytes, dst);
  auto& c = global_counters();
  ++c.device_to_host_copies;
  c.bytes_to_host += bytes;
  log(log_level::debug, "copied ", bytes, " bytes device -> host (straight to the caller)");
}

bool storage::read_from_device_directly(void* dst, std::size_t offset, std::size_t bytes) {
  report_host_access();
  std::lock_guard<std::mutex> lock(m_);
  if (host_visible_ || !buffer_ || host_current_ || !device_current_ || offset + bytes > bytes_)
    return false;
  read_range_from_device_locked(offset, bytes, dst);
  return true;
}

bool storage::read_rect_from_device(void* dst, const buffer_rect& r) {
  report_host_access();
  std::lock_guard<std::mutex> lock(m_);
  const std::size_t end = (r.origin[2] + r.region[2] - 1) * r.slice_pitch +
                          (r.origin[1] + r.region[1] - 1) * r.row_pitch + r.origin[0] + r.region[0];
  if (host_visible_ || !buffer_ || host_current_ || !device_current_ || end > bytes_) return false;
  buffer_view_->check_usable();  // a blocking read on a removed view may never return
  detail::read_rect_from_device(*buffer_view_, buffer_.get(), r, dst);
  auto& c = global_counters();
  ++c.device_to_host_copies;
  c.bytes_to_host += r.bytes();
  log(log_level::debug, "copied ", r.bytes(), " bytes device -> host (a section's rectangle)");
  return true;
}

// Every change of the lock-free path moves storage_epoch, which invalidates the
// kernels' repeat memos (launch/repeat_launch.hpp); a clear of a clear path does
// not, so host loops that map element by element stay off the shared counter.
void storage::clear_fast_path_locked() {
  if (!read_fast_view_.load(std::memory_order_relaxed) &&
      !write_fast_view_.load(std::memory_order_relaxed))
    return;
  read_fast_view_.store(nullptr, std::memory_order_release);
  write_fast_view_.store(nullptr, std::memory_order_release);
  storage_epoch.fetch_add(1, std::memory_order_release);
}

// One memory (host_visible_) is the device's whenever the host has it unmapped;
// host_data clears this under the lock before mapping it again.
void storage::publish_fast_path_locked() {
  const bool readable = host_visible_ ? !mapped_ : device_current_;
  const bool writable = host_visible_ ? !mapped_ : device_current_ && !host_current_;
  if (!buffer_ || !readable) return;
  fast_buffer_.store(buffer_.get(), std::memory_order_relaxed);
  read_fast_view_.store(buffer_view_.get(), std::memory_order_release);
  if (writable) write_fast_view_.store(buffer_view_.get(), std::memory_order_release);
  storage_epoch.fetch_add(1, std::memory_order_release);
}

void storage::discard() {
  if (host_visible_) return;  // one memory: nothing to skip
  std::lock_guard<std::mutex> lock(m_);
  clear_fast_path_locked();
  host_exclusive_.store(false, std::memory_order_release);
  host_current_ = false;
  device_current_ = false;
}

void storage::host_changed() {
  if (host_visible_) return;  // the device reads the same memory
  // Only the user's memory can change behind ampcl's back. An array's memory (an
  // array_view of an array) and a view without a data source have no copy outside
  // this storage, so their current copy stays the truth: marking the host copy
  // current would throw away what kernels wrote.
  if (!user_host_) return;
  std::lock_guard<std::mutex> lock(m_);
  clear_fast_path_locked();
  host_exclusive_.store(false, std::memory_order_release);
  host_current_ = true;
  device_current_ = false;
}

void storage::synchronize_to_host() {
  report_host_access();
  std::lock_guard<std::mutex> lock(m_);
  clear_fast_path_locked();
  if (host_visible_) {
    map_locked();
    return;
  }
  if (!host_current_ && device_current_) copy_to_host_locked();
  host_current_ = true;
}

std::shared_ptr<view_state> storage::device_view() const {
  std::lock_guard<std::mutex> lock(m_);
  return buffer_view_;
}

bool storage::device_current() const {
  std::lock_guard<std::mutex> lock(m_);
  return device_current_;
}

void storage::retarget_locked(const accelerator_view& view) {
  check_fits(view, bytes_);
  cl_int err = CL_SUCCESS;
  const std::size_t size = bytes_ ? bytes_ : 1;  // OpenCL has no empty buffers
  const cl_mem_flags flags = CL_MEM_READ_WRITE | (host_visible_ ? CL_MEM_USE_HOST_PTR : 0);
  cl_handle<cl_mem> buffer(clCreateBuffer(view.context(), flags, size,
                                          host_visible_ ? visible_host_.get() : nullptr, &err));
  if (err != CL_SUCCESS)
    throw_cl_error(
        err, "clCreateBuffer",
        "allocating " + std::to_string(bytes_) + " bytes on " + view.state()->dev->info.name);
  buffer_ = std::move(buffer);
  buffer_view_ = view.state();
}

void storage::release_buffer_locked() {
  clear_fast_path_locked();
  if (buffer_ && host_visible_) {
    // The driver may use the host memory until its commands finish; it is freed
    // right after this.
    unmap_locked();
    clFinish(buffer_view_->queue.get());
  }
  buffer_ = {};
  buffer_view_.reset();
  registration_.release();
}

bool storage::unified_locked() const {
  return buffer_view_ && buffer_view_->dev->info.host_unified;
}

void storage::map_locked() {
  if (mapped_) return;
  buffer_view_->check_usable();  // a blocking map on a removed view may never return
  cl_int err = CL_SUCCESS;
  void* p = clEnqueueMapBuffer(buffer_view_->queue.get(), buffer_.get(), CL_TRUE,
                               CL_MAP_READ | CL_MAP_WRITE, 0, bytes_ ? bytes_ : 1, 0, nullptr,
                               nullptr, &err);
  check(err, "clEnqueueMapBuffer", "giving the host access to an array with CPU access");
  mapped_ = p;
  host_exclusive_.store(true, std::memory_order_release);
  if (!unified_locked()) {
    auto& c = global_counters();
    ++c.device_to_host_copies;
    c.bytes_to_host += bytes_;
  }
}

void storage::unmap_locked() {
  if (!mapped_) return;
  host_exclusive_.store(false, std::memory_order_release);
  void* p = mapped_;
  mapped_ = nullptr;
  check(clEnqueueUnmapMemObject(buffer_view_->queue.get(), buffer_.get(), p, 0, nullptr, nullptr),
        "clEnqueueUnmapMemObject", "handing an array with CPU access back to the device");
  if (!unified_locked()) {
    auto& c = global_counters();
    ++c.host_to_device_copies;
    c.bytes_to_device += bytes_;
  }
}

void storage::copy_to_host_locked() {
  if (bytes_ == 0) return;
  buffer_view_->check_usable();  // a blocking read on a removed view may never return
  void* host = host_pointer();
  read_from_device(*buffer_view_, buffer_.get(), 0, bytes_, host,
                   registration_.before_copy(*buffer_view_, host, bytes_));
  auto& c = global_counters();
  ++c.device_to_host_copies;
  c.bytes_to_host += bytes_;
  log(log_level::debug, "copied ", bytes_, " bytes device -> host");
}

void storage::copy_to_device_locked() {
  if (bytes_ == 0) return;
  // Returns once the data has left the host memory: it belongs to the user, who
  // may change it as soon as the launch returns.
  void* host = host_pointer();
  write_to_device(*buffer_view_, buffer_.get(), 0, bytes_, host,
                  registration_.before_copy(*buffer_view_, host, bytes_));
  auto& c = global_counters();
  ++c.host_to_device_copies;
  c.bytes_to_device += bytes_;
  log(log_level::debug, "copied ", bytes_, " bytes host -> device");
}

namespace {
// Both buffers end up on `view`'s context (a copy from another device goes through
// the host inside device_buffer), so one device-side copy finishes it.
void enqueue_device_copy(storage& src, storage& dst, const accelerator_view& view, cl_event* done) {
  const cl_mem from = src.device_buffer(view, true, false);
  const cl_mem to = dst.device_buffer(view, false, true);
  check(clEnqueueCopyBuffer(view.queue(), from, to, 0, 0, std::min(src.bytes(), dst.bytes()), 0,
                            nullptr, done),
        "clEnqueueCopyBuffer", "copying between arrays on " + view.state()->dev->info.name);
  after_enqueue(*view.state());
}
}  // namespace

// ---- the opaque interface of include/ampcl/detail/storage.hpp ----

std::shared_ptr<storage> storage_over_host(void* host, std::size_t bytes) {
  return storage::over_host(host, bytes);
}
std::shared_ptr<storage> storage_on_device(const accelerator_view& view, std::size_t bytes) {
  return storage::on_device(view, bytes);
}
std::shared_ptr<storage> storage_host_visible(const accelerator_view& view, std::size_t bytes) {
  return storage::host_visible(view, bytes);
}
std::shared_ptr<storage> storage_without_source(std::size_t bytes) {
  return storage::without_source(bytes);
}
void* host_data(storage& s, bool will_write) {
  return s.host_data(will_write);
}
cl_mem device_buffer(storage& s, const accelerator_view& view, bool will_read, bool will_write) {
  return s.device_buffer(view, will_read, will_write);
}
void copy_into(storage& s, std::size_t offset, std::size_t bytes, const void* src) {
  s.copy_into(offset, bytes, src, nullptr, nullptr);
}
void copy_into(storage& s, std::size_t offset, std::size_t bytes, span_filler fill, void* ctx) {
  s.copy_into(offset, bytes, nullptr, fill, ctx);
}
const unsigned char* bytes_for_copy(storage& s, std::size_t offset, std::size_t bytes,
                                    std::vector<unsigned char>& scratch) {
  return s.bytes_for_copy(offset, bytes, scratch);
}
bool read_from_device_directly(storage& s, void* dst, std::size_t offset, std::size_t bytes) {
  return s.read_from_device_directly(dst, offset, bytes);
}
void discard(storage& s) {
  s.discard();
}
void host_changed(storage& s) {
  s.host_changed();
}
void synchronize_to_host(storage& s) {
  s.synchronize_to_host();
}

accelerator_view source_accelerator_view(const storage& s, const std::string& what) {
  if (const auto& v = s.source_view()) return accelerator_view(v);
  if (!s.has_data_source())
    throw runtime_exception("get_source_accelerator_view: " + what +
                            " was made from an extent alone and has no data source; construct "
                            "it over host data or an array to ask where its data lives");
  return accelerator(accelerator::cpu_accelerator).get_default_view();
}

void copy_device_to_device(storage& src, storage& dst, const accelerator_view& view) {
  enqueue_device_copy(src, dst, view, nullptr);
}

completion_future copy_device_to_device_async(storage& src, storage& dst,
                                              const accelerator_view& view) {
  cl_handle<cl_event> done;
  enqueue_device_copy(src, dst, view, done.receive());
  done.adopted();
  return completion_future::from_event(done.get(), view.queue());
}

}  // namespace ampcl::detail
