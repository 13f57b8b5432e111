// The memory behind array and array_view: one host copy, at most one device copy,
// and which of them holds the current data. Sections share their parent's storage.
// include/ampcl/detail/storage.hpp is the opaque face templates see.
//
// Host-visible storage (arrays with CPU access, staging arrays) is different: one
// page-aligned host allocation, owned here, is the buffer's memory
// (CL_MEM_USE_HOST_PTR). The host reaches it by mapping, the device by unmapping;
// on devices that share memory with the host neither copies anything, and the
// host pointer never changes. Transfer counters count a map or unmap only on
// devices that do not share memory (where the driver really copies).
#pragma once

#include <ampcl/detail/storage.hpp>
#include <atomic>
#include <cstddef>
#include <memory>
#include <mutex>
#include <vector>

#include "memory/host_registration.hpp"
#include "support/cl_handle.hpp"

namespace ampcl::detail {

struct buffer_rect;

class storage {
 public:
  static std::shared_ptr<storage> over_host(void* host, std::size_t bytes);
  static std::shared_ptr<storage> on_device(const accelerator_view& view, std::size_t bytes);
  static std::shared_ptr<storage> host_visible(const accelerator_view& view, std::size_t bytes);
  static std::shared_ptr<storage> without_source(std::size_t bytes);

  ~storage();
  storage(const storage&) = delete;
  storage& operator=(const storage&) = delete;

  std::size_t bytes() const { return bytes_; }

  // Host memory holding current data (copied back from the device if needed).
  // `will_write` makes the host copy the only current one.
  void* host_data(bool will_write);
  // The buffer on `view`'s context. `will_read` makes its contents current;
  // `will_write` makes it the only current copy.
  cl_mem device_buffer(const accelerator_view& view, bool will_read, bool will_write);

  // What a launch does to a view it binds: it reads it, and writes it unless the
  // view is read-only or the kernel's parameter is const (a parameter whose
  // constness the driver does not report counts as written).
  static bool launch_writes(bool read_only_view, bool const_parameter) {
    return !read_only_view && !const_parameter;
  }
  // The buffer a launch on `view` binds (device_buffer with the launch's use).
  // `resident`: it was already current there for this use, so nothing changed and
  // no lock was taken (the launch may be remembered for repeats). The caller has
  // checked that `view` is usable.
  cl_mem buffer_for_launch(const accelerator_view& view, bool read_only_view, bool const_parameter,
                           bool& resident);

  // copy() into the storage: bytes [offset, offset + bytes) take `src`'s bytes (or,
  // with `src` null, `fill(ctx, span)` stores scattered elements into an image of
  // the range that holds its current bytes). As if written through a view to its
  // data source, as C++ AMP has it: storage over the user's memory writes that
  // memory, so that refresh() keeps the copy; the device copy takes the bytes too
  // when it holds current data that the copy does not replace.
  void copy_into(std::size_t offset, std::size_t bytes, const void* src, span_filler fill,
                 void* ctx);
  // copy() out of the storage: bytes [offset, offset + bytes) of the current data,
  // the host copy's in place when it is current, else read from the device into
  // `scratch`. Which copies are current does not change, so a view's data source
  // is not written before synchronize().
  const unsigned char* bytes_for_copy(std::size_t offset, std::size_t bytes,
                                      std::vector<unsigned char>& scratch);
  // Reads device bytes straight into `dst` when only the device copy is current
  // (copy() out of a device-resident array), leaving both flags as they were: no
  // detour through the host copy. False otherwise; the caller then reads host_data.
  bool read_from_device_directly(void* dst, std::size_t offset, std::size_t bytes);
  // The same for a rectangle of the buffer (a strided section), packed into `dst`.
  bool read_rect_from_device(void* dst, const buffer_rect& r);
  // Neither copy needs to be kept current any more (discard_data).
  void discard();
  // The user changed the host memory directly: the host copy is the truth (refresh).
  // No-op for storage not over user memory (an array's, one without a source).
  void host_changed();
  // Copies the current data to the host and leaves both copies current (synchronize).
  void synchronize_to_host();
  // The view that owns the device copy, if any.
  std::shared_ptr<view_state> device_view() const;
  bool device_current() const;
  bool is_host_visible() const { return host_visible_; }
  // Where the data source lives: the array's view; null for host data or none.
  const std::shared_ptr<view_state>& source_view() const { return source_view_; }
  bool has_data_source() const { return has_source_; }

  // Host/device hazards (debug mode). The host memory behind the storage (the
  // user's container, the zero-copy allocation or the owned copy), null if none.
  const void* host_memory() const;
  // A checked launch that uses this storage was enqueued; `done` completes with it.
  void note_launch(cl_event done);

 private:
  explicit storage(std::size_t bytes) : bytes_(bytes) {}
  void* host_pointer();       // allocates the owned host copy when needed
  void report_host_access();  // tells the launch hook, if a checked launch used us
  void copy_to_host_locked();
  void copy_to_device_locked();
  void write_range_to_device_locked(std::size_t offset, std::size_t bytes, const void* src);
  void read_range_from_device_locked(std::size_t offset, std::size_t bytes, void* dst);
  void release_buffer_locked();
  void retarget_locked(const accelerator_view& view);
  void map_locked();
  void unmap_locked();
  bool unified_locked() const;
  void clear_fast_path_locked();
  void publish_fast_path_locked();

  const std::size_t bytes_;
  mutable std::mutex m_;
  // Debug mode only: the last checked launch that used this storage.
  std::atomic<bool> watched_{false};
  std::mutex launch_m_;
  cl_handle<cl_event> last_launch_;
  void* user_host_ = nullptr;  // not owned
  std::vector<unsigned char> own_host_;
  // Host-visible storage: the allocation the buffer uses, and where it is mapped.
  struct free_deleter {
    void operator()(void* p) const;
  };
  std::unique_ptr<void, free_deleter> visible_host_;
  void* mapped_ = nullptr;
  bool host_visible_ = false;
  bool has_source_ = true;
  std::shared_ptr<view_state> source_view_;
  cl_handle<cl_mem> buffer_;
  std::shared_ptr<view_state> buffer_view_;  // queue that last used the buffer
  host_registration registration_;           // of the host copy, in buffer_'s context
  // The two flags: which copies hold current data.
  bool host_current_ = false;
  bool device_current_ = false;
  // Lock-free fast path for repeated host element access.
  std::atomic<bool> host_exclusive_{false};
  // Lock-free fast path for repeated launches: the view whose buffer is current
  // for reading (device_current_) and for writing (device_current_ and not
  // host_current_), or null. Cleared under the lock before any state change.
  std::atomic<const view_state*> read_fast_view_{nullptr};
  std::atomic<const view_state*> write_fast_view_{nullptr};
  std::atomic<cl_mem> fast_buffer_{nullptr};
};

}  // namespace ampcl::detail
