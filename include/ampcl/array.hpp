// array<T,N>: storage that lives on one accelerator_view. Construction from host
// data is a deep copy.
//
// CPU access (access_type, as in C++ AMP): an array with access_type_read,
// _write or _read_write lives in host-visible memory that the device uses in
// place where it shares memory with the host (PoCL, integrated GPUs): data()
// and host element access work without copies, and the pointer never changes.
// access_type_auto takes the accelerator's default_cpu_access_type, which is
// access_type_read_write on such devices. Asking for CPU access on a device that
// shares no memory throws unsupported_feature; staging arrays (an array on the
// CPU view, associated with a device view) give host-visible memory there.
#pragma once

#include <algorithm>
#include <ampcl/accelerator.hpp>
#include <ampcl/access_type.hpp>
#include <ampcl/array_view.hpp>
#include <ampcl/detail/storage.hpp>
#include <ampcl/detail/view_shape.hpp>
#include <ampcl/device_copyable.hpp>
#include <ampcl/extent.hpp>
#include <iterator>
#include <memory>
#include <vector>

namespace ampcl {

namespace detail {
// The access an array asked for becomes on `view`: resolves access_type_auto and
// throws unsupported_feature for CPU access on a device without shared memory.
access_type resolve_cpu_access(const accelerator_view& view, access_type requested);

// Is It an iterator (SFINAE-friendly since C++17)?
template <class It>
using iterator_value_t = typename std::iterator_traits<It>::value_type;
}  // namespace detail

template <class T, int N = 1>
class array {
  static_assert(is_device_copyable_v<T>,
                "array elements are copied bytewise: T must be trivially copyable, or say that its "
                "bytes may be copied by specializing ampcl::is_device_copyable<T> "
                "(<ampcl/device_copyable.hpp>)");

 public:
  using value_type = T;
  static constexpr int rank = N;

  // ---- construction, as in C++ AMP ----
  explicit array(const extent<N>& ext) : array(ext, default_view()) {}
  array(const extent<N>& ext, const accelerator_view& av, access_type cpu = access_type_auto)
      : array(ext, av, av, detail::resolve_cpu_access(av, cpu), false) {}
  // A staging array: host memory on `cpu_av`, ready to be used by `associated_av`.
  array(const extent<N>& ext, const accelerator_view& cpu_av, const accelerator_view& associated_av)
      : array(ext, cpu_av, associated_av, access_type_read_write, true) {}

  // Deep copies of [first, last): at most element_count(ext) elements; the rest is zero.
  template <class It, class = detail::iterator_value_t<It>>
  array(const extent<N>& ext, It first, It last) : array(ext, default_view()) {
    assign(first, last);
  }
  template <class It, class = detail::iterator_value_t<It>>
  array(const extent<N>& ext, It first, It last, const accelerator_view& av,
        access_type cpu = access_type_auto)
      : array(ext, av, cpu) {
    assign(first, last);
  }
  template <class It, class = detail::iterator_value_t<It>>
  array(const extent<N>& ext, It first, It last, const accelerator_view& cpu_av,
        const accelerator_view& associated_av)
      : array(ext, cpu_av, associated_av) {
    assign(first, last);
  }
  // Deep copies of element_count(ext) elements starting at `first`.
  template <class It, class = detail::iterator_value_t<It>>
  array(const extent<N>& ext, It first) : array(ext, default_view()) {
    assign_n(first);
  }
  template <class It, class = detail::iterator_value_t<It>>
  array(const extent<N>& ext, It first, const accelerator_view& av,
        access_type cpu = access_type_auto)
      : array(ext, av, cpu) {
    assign_n(first);
  }
  template <class It, class = detail::iterator_value_t<It>>
  array(const extent<N>& ext, It first, const accelerator_view& cpu_av,
        const accelerator_view& associated_av)
      : array(ext, cpu_av, associated_av) {
    assign_n(first);
  }

  // Every form above with the extent spelled out: array<int>(5, v.begin(), v.end()),
  // array<float, 2>(rows, cols, view), ...
  template <class... Rest, int M = N, class = std::enable_if_t<M == 1>>
  explicit array(int e0, Rest&&... rest) : array(extent<1>(e0), std::forward<Rest>(rest)...) {}
  template <class... Rest, int M = N, class = std::enable_if_t<M == 2>>
  array(int e0, int e1, Rest&&... rest) : array(extent<2>(e0, e1), std::forward<Rest>(rest)...) {}
  template <class... Rest, int M = N, class = std::enable_if_t<M == 3>>
  array(int e0, int e1, int e2, Rest&&... rest)
      : array(extent<3>(e0, e1, e2), std::forward<Rest>(rest)...) {}

  // Deep copies of an array_view's contents.
  template <class U, class = std::enable_if_t<std::is_same_v<std::remove_const_t<U>, T>>>
  explicit array(const array_view<U, N>& src) : array(src, default_view()) {}
  template <class U, class = std::enable_if_t<std::is_same_v<std::remove_const_t<U>, T>>>
  array(const array_view<U, N>& src, const accelerator_view& av, access_type cpu = access_type_auto)
      : array(src.get_extent(), av, cpu) {
    copy_from(src);
  }
  template <class U, class = std::enable_if_t<std::is_same_v<std::remove_const_t<U>, T>>>
  array(const array_view<U, N>& src, const accelerator_view& cpu_av,
        const accelerator_view& associated_av)
      : array(src.get_extent(), cpu_av, associated_av) {
    copy_from(src);
  }

  // A copy on the same view, with the same CPU access.
  array(const array& other)
      : array(other.ext_, other.view_, other.associated_, other.cpu_access_, other.staging_) {
    other.copy_to(*this);
  }
  array(array&&) noexcept = default;
  array& operator=(const array& other) {
    if (this != &other) {
      array copy(other);
      *this = std::move(copy);
    }
    return *this;
  }
  array& operator=(array&&) noexcept = default;
  array& operator=(const array_view<const T, N>& src) {
    copy_from(src);
    return *this;
  }

  // ---- properties ----
  extent<N> get_extent() const { return ext_; }
  accelerator_view get_accelerator_view() const { return view_; }
  // Where a staging array's data is headed; the array's own view otherwise.
  accelerator_view get_associated_accelerator_view() const { return associated_; }
  access_type get_cpu_access_type() const { return cpu_access_; }

  // ---- host access ----
  // Copies the contents to the host.
  operator std::vector<T>() const {  // NOLINT: implicit, as in C++ AMP
    std::vector<T> out(element_count(ext_));
    if (!out.empty() &&
        detail::read_from_device_directly(*storage_, out.data(), 0, out.size() * sizeof(T)))
      return out;
    std::copy_n(static_cast<const T*>(detail::host_data(*storage_, false)), out.size(),
                out.begin());
    return out;
  }
  // The host pointer of an array with CPU access (stable for its lifetime). Call it
  // (or wait) again after a launch: it waits for the device to finish with the data.
  T* data() { return static_cast<T*>(cpu_memory("data()", true)); }
  const T* data() const { return static_cast<const T*>(cpu_memory("data()", false)); }

  T& operator[](const index<N>& idx) { return data()[element(idx)]; }
  const T& operator[](const index<N>& idx) const { return data()[element(idx)]; }
  T& operator()(const index<N>& idx) { return (*this)[idx]; }
  const T& operator()(const index<N>& idx) const { return (*this)[idx]; }
  template <int M = N, class = std::enable_if_t<M == 1>>
  T& operator()(int i) {
    return (*this)[index<1>(i)];
  }
  template <int M = N, class = std::enable_if_t<M == 2>>
  T& operator()(int i, int j) {
    return (*this)[index<2>(i, j)];
  }
  template <int M = N, class = std::enable_if_t<M == 3>>
  T& operator()(int i, int j, int k) {
    return (*this)[index<3>(i, j, k)];
  }
  // Rank 1: the element (CPU access needed). Rank > 1: the projection on the most
  // significant dimension, an array_view (any array).
  decltype(auto) operator[](int i) {
    if constexpr (N == 1) {
      return (*this)[index<1>(i)];
    } else {
      return view().projection(i);
    }
  }
  decltype(auto) operator[](int i) const {
    if constexpr (N == 1) {
      return (*this)[index<1>(i)];
    } else {
      return array_view<const T, N>(*this).projection(i);
    }
  }

  // ---- copies ----
  // Device-to-device copy into another array of the same extent.
  void copy_to(array& dest) const;
  void copy_to(const array_view<T, N>& dest) const;
  // Overwrites the contents from host iterators (at most get_extent().size()
  // elements; the rest becomes zero).
  template <class InputIt>
  void assign(InputIt first, InputIt last) {
    T* host = static_cast<T*>(detail::host_data(*storage_, true));
    std::size_t n = 0;
    for (; first != last && n < element_count(ext_); ++first, ++n) host[n] = *first;
    std::fill(host + n, host + element_count(ext_), T{});
  }

  // ---- views ----
  array_view<T, N> view() { return array_view<T, N>(*this); }
  array_view<const T, N> view() const { return array_view<const T, N>(*this); }
  array_view<T, N> section(const index<N>& origin, const extent<N>& ext) {
    return view().section(origin, ext);
  }
  array_view<const T, N> section(const index<N>& origin, const extent<N>& ext) const {
    return view().section(origin, ext);
  }
  array_view<T, N> section(const index<N>& origin) { return view().section(origin); }
  array_view<const T, N> section(const index<N>& origin) const { return view().section(origin); }
  array_view<T, N> section(const extent<N>& ext) { return view().section(ext); }
  array_view<const T, N> section(const extent<N>& ext) const { return view().section(ext); }
  template <int M = N, class = std::enable_if_t<M == 1>>
  array_view<T, 1> section(int i0, int e0) {
    return view().section(i0, e0);
  }
  template <int M = N, class = std::enable_if_t<M == 2>>
  array_view<T, 2> section(int i0, int i1, int e0, int e1) {
    return view().section(i0, i1, e0, e1);
  }
  template <int M = N, class = std::enable_if_t<M == 3>>
  array_view<T, 3> section(int i0, int i1, int i2, int e0, int e1, int e2) {
    return view().section(i0, i1, i2, e0, e1, e2);
  }
  // The same elements in another shape (at most get_extent().size() of them).
  template <int K>
  array_view<T, K> view_as(const extent<K>& e) {
    return view().view_as(e);
  }
  template <int K>
  array_view<const T, K> view_as(const extent<K>& e) const {
    return view().view_as(e);
  }
  // The same bytes as elements of type U, rank 1.
  template <class U>
  array_view<U, 1> reinterpret_as() {
    return view().template reinterpret_as<U>();
  }
  template <class U>
  array_view<const U, 1> reinterpret_as() const {
    return view().template reinterpret_as<const U>();
  }

  // Internal: what a launch binds.
  const std::shared_ptr<detail::storage>& storage() const { return storage_; }
  const detail::view_shape& shape() const { return shape_; }

 private:
  array(const extent<N>& ext, const accelerator_view& view, const accelerator_view& associated,
        access_type cpu, bool staging)
      : ext_(ext),
        storage_(cpu == access_type_none ? detail::storage_on_device(associated, bytes(ext))
                                         : detail::storage_host_visible(associated, bytes(ext))),
        view_(view),
        associated_(associated),
        cpu_access_(cpu),
        staging_(staging) {}

  static accelerator_view default_view() { return accelerator().get_default_view(); }
  static std::size_t bytes(const extent<N>& e) { return element_count(e) * sizeof(T); }
  template <class It>
  void assign_n(It first) {
    T* host = static_cast<T*>(detail::host_data(*storage_, true));
    for (std::size_t n = 0; n < element_count(ext_); ++n, ++first) host[n] = *first;
  }
  template <class U>
  void copy_from(const array_view<U, N>& src);
  void* cpu_memory(const char* what, bool will_write) const {
    if (cpu_access_ == access_type_none)
      throw runtime_exception(
          std::string("array::") + what + ": this array of " + to_string(ext_) +
          " has cpu_access_type access_type_none, so the host cannot touch its memory. Copy it "
          "out (std::vector<T> v = a; or copy(a, v.begin())), view it through an array_view, "
          "or create it with access_type_read_write on an accelerator whose "
          "get_supports_cpu_shared_memory() is true");
    return detail::host_data(*storage_, will_write);
  }
  std::size_t element(const index<N>& idx) const {
    if (!ext_.contains(idx))
      throw runtime_exception("index " + to_string(idx) + " is outside the array's extent " +
                              to_string(ext_));
    return linearize(idx, ext_);
  }

  extent<N> ext_;
  // What a launch reads of the array, side by side (one cache line, mostly).
  detail::view_shape shape_ = detail::contiguous_shape(ext_);
  std::shared_ptr<detail::storage> storage_;
  accelerator_view view_;
  accelerator_view associated_;
  access_type cpu_access_ = access_type_none;
  bool staging_ = false;
};

template <class T, int N>
array_view<T, N>::array_view(array<value_type, N>& a)
    : storage_(a.storage()), shape_(a.shape()), ext_(a.get_extent()) {}
template <class T, int N>
array_view<T, N>::array_view(array<value_type, N>&& a)
    : storage_(a.storage()), shape_(a.shape()), ext_(a.get_extent()) {}
template <class T, int N>
array_view<T, N>::array_view(const array<value_type, N>& a)
    : storage_(a.storage()), shape_(a.shape()), ext_(a.get_extent()) {
  static_assert(std::is_const_v<T>,
                "array_view<T> over a const array: a const array gives only "
                "array_view<const T>; declare the view's element type const, or view a "
                "non-const array");
}

}  // namespace ampcl

// copy(), copy_async() and the members defined in terms of them.
#include <ampcl/copy.hpp>
