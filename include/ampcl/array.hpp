// array<T,N>: storage that lives on one accelerator_view. Construction from host
// data is a deep copy; reading it on the host is an explicit copy.
#pragma once

#include <ampcl/accelerator.hpp>
#include <ampcl/array_view.hpp>
#include <ampcl/detail/storage.hpp>
#include <ampcl/detail/view_shape.hpp>
#include <ampcl/extent.hpp>

#include <algorithm>
#include <iterator>
#include <memory>
#include <vector>

namespace ampcl {

template <class T, int N = 1>
class array {
  static_assert(std::is_trivially_copyable_v<T>, "array elements are copied bytewise");

 public:
  using value_type = T;
  static constexpr int rank = N;

  explicit array(const extent<N>& ext, const accelerator_view& view = default_view())
      : ext_(ext), view_(view), storage_(detail::storage::on_device(view, bytes(ext))) {}
  template <int M = N, class = std::enable_if_t<M == 1>>
  explicit array(int e0, const accelerator_view& view = default_view())
      : array(extent<1>(e0), view) {}
  template <int M = N, class = std::enable_if_t<M == 2>>
  array(int e0, int e1, const accelerator_view& view = default_view())
      : array(extent<2>(e0, e1), view) {}
  template <int M = N, class = std::enable_if_t<M == 3>>
  array(int e0, int e1, int e2, const accelerator_view& view = default_view())
      : array(extent<3>(e0, e1, e2), view) {}

  // Deep copy of [first, last) (at most ext.size() elements; the rest is zero).
  template <class InputIt, class = typename std::iterator_traits<InputIt>::value_type>
  array(const extent<N>& ext, InputIt first, InputIt last,
        const accelerator_view& view = default_view())
      : array(ext, view) {
    std::vector<T> host(ext.size(), T{});
    std::size_t n = 0;
    for (; first != last && n < host.size(); ++first, ++n) host[n] = *first;
    upload(host.data());
  }
  // Deep copy of ext.size() elements starting at `first`.
  template <class InputIt, class = typename std::iterator_traits<InputIt>::value_type>
  array(const extent<N>& ext, InputIt first, const accelerator_view& view = default_view())
      : array(ext, view) {
    std::vector<T> host(ext.size());
    for (auto& v : host) v = *first++;
    upload(host.data());
  }
  // Deep copy of an array_view's contents onto `view`.
  template <class U, class = std::enable_if_t<std::is_same_v<std::remove_const_t<U>, T>>>
  explicit array(const array_view<U, N>& src, const accelerator_view& view = default_view())
      : array(src.get_extent(), view) {
    std::vector<T> host = read_view(src);
    upload(host.data());
  }

  array(const array& other) : array(other.ext_, other.view_) { other.copy_to(*this); }
  array(array&&) noexcept = default;
  array& operator=(const array& other) {
    if (this != &other) {
      array copy(other);
      *this = std::move(copy);
    }
    return *this;
  }
  array& operator=(array&&) noexcept = default;

  extent<N> get_extent() const { return ext_; }
  accelerator_view get_accelerator_view() const { return view_; }

  // Copies the contents to the host.
  operator std::vector<T>() const {  // NOLINT: implicit, as in C++ AMP
    std::vector<T> out(ext_.size());
    std::copy_n(static_cast<const T*>(storage_->host_data(false)), out.size(), out.begin());
    return out;
  }
  // Device-to-device copy into another array of the same extent.
  void copy_to(array& dest) const;
  // Overwrites the contents from host iterators (at most get_extent().size() elements).
  template <class InputIt>
  void assign(InputIt first, InputIt last) {
    std::vector<T> host(ext_.size(), T{});
    std::size_t n = 0;
    for (; first != last && n < host.size(); ++first, ++n) host[n] = *first;
    upload(host.data());
  }

  array_view<T, N> view() { return array_view<T, N>(*this); }
  array_view<T, N> section(const index<N>& origin, const extent<N>& ext) {
    return view().section(origin, ext);
  }

  // Internal: what a launch binds.
  const std::shared_ptr<detail::storage>& storage() const { return storage_; }
  detail::view_shape shape() const { return detail::contiguous_shape(ext_); }

 private:
  static accelerator_view default_view() { return accelerator().get_default_view(); }
  static std::size_t bytes(const extent<N>& e) { return e.size() * sizeof(T); }
  void upload(const T* host) {
    std::copy_n(host, ext_.size(), static_cast<T*>(storage_->host_data(true)));
  }
  template <class U>
  static std::vector<T> read_view(const array_view<U, N>& v) {
    std::vector<T> out;
    out.reserve(v.get_extent().size());
    const extent<N> e = v.get_extent();
    index<N> idx;
    for (std::size_t n = 0; n < e.size(); ++n) {
      std::size_t rem = n;
      for (int d = N - 1; d >= 0; --d) {
        idx[d] = static_cast<int>(rem % e[d]);
        rem /= e[d];
      }
      out.push_back(v[idx]);
    }
    return out;
  }

  extent<N> ext_;
  accelerator_view view_;
  std::shared_ptr<detail::storage> storage_;
};

template <class T, int N>
array_view<T, N>::array_view(array<value_type, N>& a)
    : storage_(a.storage()), shape_(a.shape()), ext_(a.get_extent()) {}
template <class T, int N>
array_view<T, N>::array_view(const array<value_type, N>& a)
    : storage_(a.storage()), shape_(a.shape()), ext_(a.get_extent()) {
  static_assert(std::is_const_v<T>, "a const array gives only array_view<const T>");
}

namespace detail {
void copy_device_to_device(storage& src, storage& dst, const accelerator_view& view);
}

template <class T, int N>
void array<T, N>::copy_to(array& dest) const {
  if (dest.ext_ != ext_)
    throw runtime_exception("array::copy_to: extents differ (" + ext_.to_string() + " vs " +
                            dest.ext_.to_string() + ")");
  detail::copy_device_to_device(*storage_, *dest.storage_, dest.view_);
}

// copy(): between host iterators, arrays and array_views.
template <class T, int N, class OutputIt>
void copy(const array<T, N>& src, OutputIt dest) {
  std::vector<T> host = src;
  std::copy(host.begin(), host.end(), dest);
}
template <class InputIt, class T, int N>
void copy(InputIt first, InputIt last, array<T, N>& dest) {
  dest.assign(first, last);
}
template <class InputIt, class T, int N>
void copy(InputIt first, array<T, N>& dest) {
  InputIt last = first;
  std::advance(last, dest.get_extent().size());
  dest.assign(first, last);
}
template <class T, int N>
void copy(const array<T, N>& src, array<T, N>& dest) {
  src.copy_to(dest);
}

}  // namespace ampcl
