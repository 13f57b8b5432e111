// The host side of an array or array_view: ampcl's storage (coherence, copies,
// device buffers) seen as one flat, contiguous run of elements. Concurrency's
// views add their own N-dimensional shape (any rank) on top, which is what the
// kernel sees too.
//
// Every array and array_view holds its core through a core_handle, which device
// code may copy like the rest of the view.
#pragma once

#include <ampcl/concurrency/namespace.h>

#include <ampcl/array.hpp>
#include <ampcl/array_view.hpp>
#include <ampcl/detail/library_kernels.hpp>
#include <ampcl/parallel_for_each.hpp>

#include <atomic>
#include <memory>
#include <type_traits>

// C++ AMP asks of array and array_view elements that they be amp-compatible, not
// trivially copyable: an element's copy constructor, assignment or destructor may be
// user-provided (and differ between restrict(cpu) and restrict(amp)), and the runtime
// still moves elements between host and accelerator as bytes, calling none of them
// (conformance: Special_member_functions/Test.03, amp_compatible/non.pod.inheritance).
// ampcl-c++'s rules check each declared array's and array_view's element type
// (translate/compiler/amp_rules/rules/containers.cpp: no pointers, views, arrays or
// textures inside, a size in 4-byte words); a polymorphic class is never
// amp-compatible (its vtable pointer is a host address), and stays rejected here.
namespace ampcl {
template <class T>
struct is_device_copyable<
    T, typename std::enable_if<std::is_class<T>::value && !std::is_polymorphic<T>::value &&
                               !std::is_trivially_copyable<T>::value>::type> : std::true_type {};
}  // namespace ampcl

namespace Concurrency {
namespace __ampcl {

// What the launch and the host side need of the data behind a view.
class view_core {
 public:
  virtual ~view_core() = default;
  void retain() { count_.fetch_add(1, std::memory_order_relaxed); }
  void release() {
    if (count_.fetch_sub(1, std::memory_order_acq_rel) == 1) delete this;
  }
  // The whole buffer as a kernel argument (read-only views copy nothing back).
  virtual ampcl::detail::bound_arg bind() const = 0;
  // ampcl's coherence engine for the buffer (ampcl::detail::host_data(), ...).
  ampcl::detail::storage& storage() const { return *storage_; }
  const std::shared_ptr<ampcl::detail::storage>& storage_ptr() const { return storage_; }
  std::size_t bytes() const { return bytes_; }
  // The number of elements in the buffer.
  virtual std::size_t count() const = 0;
  // Where the data lives (an array's view, the CPU's for host data); throws for a
  // view made from an extent alone.
  virtual ampcl::accelerator_view source_view() const = 0;
  virtual bool is_array() const { return false; }

 protected:
  view_core(std::shared_ptr<ampcl::detail::storage> s, std::size_t bytes)
      : storage_(std::move(s)), bytes_(bytes) {}

 private:
  std::shared_ptr<ampcl::detail::storage> storage_;
  std::size_t bytes_;
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
  view_core* operator->() const restrict(cpu) { return p_; }
  view_core& operator*() const restrict(cpu) { return *p_; }
  view_core* get() const restrict(cpu) { return p_; }
  explicit operator bool() const restrict(cpu) { return p_ != nullptr; }

  view_core* p_ __AMPCL_HOST_ONLY;
};

// A view's core: ampcl's flat array_view<T, 1> over host data, an array, or nothing.
template <class T>
class view_core_of final : public view_core {
 public:
  // `over_host_data`: the view was made over the user's memory, which C++ AMP
  // brings up to date when the view goes.
  explicit view_core_of(ampcl::array_view<T, 1> flat, bool over_host_data = false)
      : view_core(flat.storage(), flat.get_extent().size() * sizeof(T)),
        flat_(std::move(flat)),
        sync_on_destruction_(over_host_data && !std::is_const<T>::value) {}
  // C++ AMP: when the last view of host data goes, what the device wrote reaches
  // the host (errors cannot leave a destructor: call synchronize() to see them).
  ~view_core_of() override {
    if (!sync_on_destruction_) return;
    try {
      ampcl::detail::synchronize_to_host(storage());
    } catch (...) {
    }
  }
  // Every element of a storage of `bytes` bytes seen as T (a reinterpretation of
  // another core's data).
  view_core_of(const std::shared_ptr<ampcl::detail::storage>& s, std::size_t bytes)
      : view_core_of(whole(s, bytes)) {}

  ampcl::detail::bound_arg bind() const override {
    return ampcl::detail::bind(flat_);
  }
  std::size_t count() const override { return flat_.get_extent().size(); }
  ampcl::accelerator_view source_view() const override {
    return flat_.get_source_accelerator_view();
  }
  const ampcl::array_view<T, 1>& flat() const { return flat_; }

 private:
  static ampcl::array_view<T, 1> whole(const std::shared_ptr<ampcl::detail::storage>& s,
                                       std::size_t bytes) {
    const ampcl::extent<1> e(static_cast<int>(bytes / sizeof(T)));
    return ampcl::array_view<T, 1>(s, ampcl::detail::contiguous_shape(e), e);
  }
  ampcl::array_view<T, 1> flat_;
  bool sync_on_destruction_;
};

// An array's core: it owns the device-resident ampcl array.
template <class T>
class array_core_of final : public view_core {
 public:
  explicit array_core_of(ampcl::array<T, 1> a)
      : view_core(a.storage(), a.get_extent().size() * sizeof(T)), array_(std::move(a)) {}

  ampcl::detail::bound_arg bind() const override {
    return ampcl::detail::bind(array_);
  }
  std::size_t count() const override { return array_.get_extent().size(); }
  ampcl::accelerator_view source_view() const override { return array_.get_accelerator_view(); }
  bool is_array() const override { return true; }
  ampcl::array<T, 1>& array() { return array_; }
  const ampcl::array<T, 1>& array() const { return array_; }

 private:
  ampcl::array<T, 1> array_;
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
                "view.view_as(extent<1>(view.get_extent().size())) for a flat one");
  ampcl::detail::view_shape s = {base, {1, 1, 1}, {0, 0, 1}, N};
  for (int d = 0; d < N; ++d) {
    s.extent[d] = e[d];
    s.stride[d] = d == N - 1 ? 1 : stride[d];  // the last stride is 1, implicitly
  }
  return ampcl::detail::bind_memory<T>(core.storage(), s, N, container);
}

}  // namespace __ampcl
}  // namespace Concurrency
