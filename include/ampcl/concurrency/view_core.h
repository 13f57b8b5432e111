// The host side of an array or array_view: ampcl's storage (coherence, copies,
// device buffers) seen as one flat, contiguous run of elements of one type, and,
// for an array, where it lives. The views add their own N-dimensional shape (any
// rank) on top, which is what the kernel sees too.
//
// Every array and array_view holds its core through a core_handle, which device
// code may copy like the rest of the view.
#pragma once

#include <ampcl/concurrency/namespace.h>

#include <ampcl/accelerator.hpp>
#include <ampcl/detail/bound_arg.hpp>
#include <ampcl/detail/storage.hpp>
#include <ampcl/device_copyable.hpp>
#include <atomic>
#include <memory>
#include <optional>
#include <type_traits>

namespace Concurrency {
namespace __ampcl {

// Where an array lives, which its core carries (views of it do not).
struct array_home {
  ampcl::accelerator_view view;        // get_accelerator_view()
  ampcl::accelerator_view associated;  // where a staging array's data is headed
  ampcl::access_type cpu_access;       // resolved: never access_type_auto
};

// What the launch and the host side need of the data behind a view: the storage,
// the element type it is seen as (a kernel argument's type is checked against the
// kernel's), and an array's home.
class view_core {
 public:
  // A view over the user's memory (`over_host_data`: C++ AMP brings that memory up
  // to date when the last view of it goes), or over storage with no data source.
  template <class T>
  static view_core* for_view(std::shared_ptr<ampcl::detail::storage> s, std::size_t count,
                             bool over_host_data) {
    return new view_core(ampcl::detail::element_type_of<T>(), std::move(s), count * sizeof(T),
                         "array_view", over_host_data && !std::is_const<T>::value, std::nullopt);
  }
  template <class T>
  static view_core* for_array(std::shared_ptr<ampcl::detail::storage> s, std::size_t count,
                              array_home home) {
    return new view_core(ampcl::detail::element_type_of<T>(), std::move(s), count * sizeof(T),
                         "array", false, std::move(home));
  }
  // The same storage seen as elements of T (reinterpret_as, array_view<const T>
  // from array_view<T>, a view of an array): a view's core, whatever `other` is.
  template <class T>
  static view_core* reinterpreted(const view_core& other) {
    return new view_core(ampcl::detail::element_type_of<T>(), other.storage_, other.bytes_,
                         "array_view", false, std::nullopt);
  }

  view_core(const view_core&) = delete;
  view_core& operator=(const view_core&) = delete;
  // C++ AMP: when the last view of host data goes, what the device wrote reaches
  // the host (errors cannot leave a destructor: call synchronize() to see them).
  ~view_core() {
    if (!sync_on_destruction_) return;
    try {
      ampcl::detail::synchronize_to_host(*storage_);
    } catch (...) {
    }
  }
  void retain() { count_.fetch_add(1, std::memory_order_relaxed); }
  void release() {
    if (count_.fetch_sub(1, std::memory_order_acq_rel) == 1) delete this;
  }

  // The whole buffer as a kernel argument of rank 1 (read-only views copy nothing back).
  ampcl::detail::bound_arg bind() const {
    const ampcl::extent<1> e(static_cast<int>(bytes_ / element_.size));
    return ampcl::detail::bind_memory(element_, *storage_, ampcl::detail::contiguous_shape(e), 1,
                                      container_);
  }
  // ampcl's coherence engine for the buffer (ampcl::detail::host_data(), ...).
  ampcl::detail::storage& storage() const { return *storage_; }
  const std::shared_ptr<ampcl::detail::storage>& storage_ptr() const { return storage_; }
  std::size_t bytes() const { return bytes_; }
  // Where the data lives (an array's view, the CPU's for host data); throws for a
  // view made from an extent alone.
  ampcl::accelerator_view source_view() const {
    if (home_) return home_->view;
    return ampcl::detail::source_accelerator_view(*storage_, "this array_view");
  }
  bool is_array() const { return home_.has_value(); }
  // An array's home; only an array's core has one.
  const array_home& home() const { return *home_; }

 private:
  view_core(ampcl::detail::element_type element, std::shared_ptr<ampcl::detail::storage> s,
            std::size_t bytes, const char* container, bool sync_on_destruction,
            std::optional<array_home> home)
      : element_(element),
        storage_(std::move(s)),
        bytes_(bytes),
        container_(container),
        sync_on_destruction_(sync_on_destruction),
        home_(std::move(home)) {}

  ampcl::detail::element_type element_;
  std::shared_ptr<ampcl::detail::storage> storage_;
  std::size_t bytes_;
  const char* container_;
  bool sync_on_destruction_;
  std::optional<array_home> home_;
  std::atomic<int> count_{1};
};

// What an array or array_view holds of its core. Counted by hand rather than a
// shared_ptr so that device code, which copies views (captures, sections,
// arguments), can copy it too: there the copies are plain bits, and the host's
// bookkeeping (under #ifndef __CUDA_ARCH__) is not part of the device code.
class core_handle {
 public:
  core_handle() restrict(cpu, amp) : p_(nullptr) {}
  // Takes over a new core (its count starts at 1).
  explicit core_handle(view_core* p) restrict(cpu) : p_(p) {}
  core_handle(const core_handle& o) restrict(cpu, amp) : p_(o.p_) {
#ifndef __CUDA_ARCH__
    if (p_) p_->retain();
#endif
  }
  core_handle& operator=(const core_handle& o) restrict(cpu, amp) {
#ifndef __CUDA_ARCH__
    if (o.p_) o.p_->retain();
    if (p_) p_->release();
#endif
    p_ = o.p_;
    return *this;
  }
  ~core_handle() restrict(cpu, amp) {
#ifndef __CUDA_ARCH__
    if (p_) p_->release();
#endif
  }
  view_core* operator->() const restrict(cpu) {
    return p_;
  }
  view_core& operator*() const restrict(cpu) {
    return *p_;
  }
  view_core* get() const restrict(cpu) {
    return p_;
  }
  explicit operator bool() const restrict(cpu) {
    return p_ != nullptr;
  }

  view_core* p_ __AMPCL_HOST_ONLY;
};

// An array or array_view as an argument of ampcl's own launches (a hand-written
// OpenCL C kernel through ampcl::parallel_for_each, the library's routines): its
// buffer and its shape, kernels/ampcl.clh's ampcl_view, which has ranks 1 to 3.
template <class T, int N>
ampcl::detail::bound_arg bind_memory(const view_core& core, const Concurrency::extent<N>& e,
                                     int base, const Concurrency::index<N>& stride,
                                     const char* container) restrict(cpu) {
  static_assert(N <= 3,
                "a hand-written kernel sees views of rank 1 to 3 (AMPCL_VIEW): pass "
                "view.reinterpret_as<T>() for a flat one");
  ampcl::detail::view_shape s = {base, {1, 1, 1}, {0, 0, 1}, N};
  for (int d = 0; d < N; ++d) {
    s.extent[d] = e[d];
    s.stride[d] = d == N - 1 ? 1 : stride[d];  // the last stride is 1, implicitly
  }
  return ampcl::detail::bind_memory(ampcl::detail::element_type_of<T>(), core.storage(), s, N,
                                    container);
}

}  // namespace __ampcl
}  // namespace Concurrency
