// copy() and copy_async(): every overload of C++ AMP's, between host iterators,
// arrays and array_views, on one view, across views and across accelerators.
//
// Array to array on one device is one device-side copy (copy_async returns its
// event). Everything else goes through host memory: a source's current data is
// read where it is (its data source is not written), and a copy into a view is
// written through to the view's data source (detail::copy_into); strided views go
// through the one gather and scatter both APIs use (detail/strided_copy.hpp).
// copy_async runs those on the library's host worker thread, in submission order;
// sources and destinations must stay alive (and untouched) until the future
// completes, as in C++ AMP.
#pragma once

#include <algorithm>
#include <ampcl/array.hpp>
#include <ampcl/array_view.hpp>
#include <ampcl/completion_future.hpp>
#include <ampcl/detail/strided_copy.hpp>
#include <ampcl/errors.hpp>
#include <iterator>
#include <vector>

namespace ampcl {

namespace detail {

bool same_device(const accelerator_view& a, const accelerator_view& b);

template <int N>
void check_same_extent(const extent<N>& src, const extent<N>& dst, const char* what) {
  if (src != dst)
    throw runtime_exception(std::string(what) + ": source extent " + to_string(src) +
                            " differs from destination extent " + to_string(dst) +
                            "; copy a section() of the larger one");
}

// Where a view's elements lie in its storage (detail/strided_copy.hpp).
template <class T, int N>
strided_layout layout_of(const array_view<T, N>& v) {
  strided_layout layout;
  layout.first = static_cast<std::size_t>(v.shape().offset);
  layout.element_bytes = sizeof(T);
  for (int d = 0; d < N; ++d) {
    layout.extent.push_back(v.get_extent()[d]);
    layout.stride.push_back(v.shape().stride[d]);
  }
  return layout;
}

// The view's elements, read for a copy: which copies are current does not change
// (detail::bytes_for_copy), so a view's data source is not written.
template <class T, int N>
std::vector<std::remove_const_t<T>> read_elements(const array_view<T, N>& v) {
  std::vector<std::remove_const_t<T>> out(element_count(v.get_extent()));
  gather_elements(*v.storage(), layout_of(v), out.data());
  return out;
}

// Writes the first `count` elements of the view (row-major) from `src`, as if
// through the view to its data source (detail::copy_into).
template <class T, int N>
void write_elements(const array_view<T, N>& v, const T* src, std::size_t count) {
  static_assert(!std::is_const_v<T>, "cannot copy into a read-only array_view");
  scatter_elements(*v.storage(), layout_of(v), src, count);
}

template <class InputIt, class T>
std::vector<T> collect(InputIt first, InputIt last, std::size_t capacity, const char* what) {
  std::vector<T> host;
  for (; first != last; ++first) {
    if (host.size() == capacity)
      throw runtime_exception(std::string(what) + ": the source range holds more than the " +
                              std::to_string(capacity) +
                              " elements the destination has room for; copy a shorter range");
    host.push_back(*first);
  }
  return host;
}

// An element's bytes. Copies between arrays and views of a type that is
// device-copyable but not trivially copyable (<ampcl/device_copyable.hpp>) go
// through views of these, as C++ AMP's do: none of the type's copy constructors or
// assignments runs (they may be user-provided, and differ between host and device).
template <class T>
struct element_bytes {
  alignas(T) unsigned char bytes[sizeof(T)];
};
template <class T>
inline constexpr bool copy_as_bytes = !std::is_trivially_copyable_v<std::remove_const_t<T>>;
template <class T, int N>
array_view<element_bytes<std::remove_const_t<T>>, N> as_bytes(const array_view<T, N>& v) {
  return array_view<element_bytes<std::remove_const_t<T>>, N>(v.storage(), v.shape(),
                                                              v.get_extent());
}

}  // namespace detail

// ---- array -> array ----
template <class T, int N>
void copy(const array<T, N>& src, array<T, N>& dest) {
  src.copy_to(dest);
}

// ---- host iterators -> array / array_view ----
// Overwrites the first distance(first, last) elements; more than the destination
// holds throws.
template <class InputIt, class T, int N, class = detail::iterator_value_t<InputIt>>
void copy(InputIt first, InputIt last, array<T, N>& dest) {
  copy(first, last, dest.view());
}
template <class InputIt, class T, int N, class = detail::iterator_value_t<InputIt>>
void copy(InputIt first, array<T, N>& dest) {
  InputIt last = first;
  std::advance(last, element_count(dest.get_extent()));
  copy(first, last, dest);
}
template <class InputIt, class T, int N, class = detail::iterator_value_t<InputIt>>
void copy(InputIt first, InputIt last, const array_view<T, N>& dest) {
  using V = typename std::iterator_traits<InputIt>::value_type;
  constexpr bool contiguous =
      std::is_same_v<V, T> && (std::is_pointer_v<InputIt> ||
                               std::is_same_v<InputIt, typename std::vector<T>::iterator> ||
                               std::is_same_v<InputIt, typename std::vector<T>::const_iterator>);
  if constexpr (contiguous) {
    // Straight from the caller's memory: no intermediate host copy.
    const auto count = static_cast<std::size_t>(std::distance(first, last));
    if (count > element_count(dest.get_extent()))
      throw runtime_exception("copy: the source range holds " + std::to_string(count) +
                              " elements, more than the destination's " +
                              std::to_string(element_count(dest.get_extent())) +
                              "; pass a shorter range or a larger destination");
    if (count) detail::write_elements(dest, &*first, count);
  } else {
    const std::vector<T> host =
        detail::collect<InputIt, T>(first, last, element_count(dest.get_extent()), "copy");
    detail::write_elements(dest, host.data(), host.size());
  }
}
template <class InputIt, class T, int N, class = detail::iterator_value_t<InputIt>>
void copy(InputIt first, const array_view<T, N>& dest) {
  InputIt last = first;
  std::advance(last, element_count(dest.get_extent()));
  copy(first, last, dest);
}

// ---- array / array_view -> host iterator ----
template <class T, int N, class OutputIt>
void copy(const array<T, N>& src, OutputIt dest) {
  constexpr bool contiguous =
      std::is_same_v<OutputIt, T*> || std::is_same_v<OutputIt, typename std::vector<T>::iterator>;
  if constexpr (contiguous) {
    // Straight into the caller's memory when the device holds the data.
    const std::size_t count = src.get_extent().size();
    if (count == 0 ||
        detail::read_from_device_directly(*src.storage(), &*dest, 0, count * sizeof(T)))
      return;
  }
  const std::vector<T> host = src;
  std::copy(host.begin(), host.end(), dest);
}
// When only the device holds the view's current data, straight from there: the
// host copy (for a view over host data, the user's memory) is left as it was, as
// in C++ AMP, where a view's data source changes only on synchronize() or the
// last view's destruction.
template <class T, int N, class OutputIt>
void copy(const array_view<T, N>& src, OutputIt dest) {
  using V = std::remove_const_t<T>;
  const std::size_t count = src.get_extent().size();
  if (count && src.is_contiguous()) {
    std::vector<V> host(count);
    if (detail::read_from_device_directly(*src.storage(), host.data(),
                                          static_cast<std::size_t>(src.shape().offset) * sizeof(V),
                                          count * sizeof(V))) {
      std::copy(host.begin(), host.end(), dest);
      return;
    }
  }
  const auto host = detail::read_elements(src);
  std::copy(host.begin(), host.end(), dest);
}

// ---- array <-> array_view, array_view -> array_view ----
template <class T, int N>
void copy(const array<T, N>& src, const array_view<T, N>& dest) {
  src.copy_to(dest);
}
template <class T, int N>
void copy(const array_view<const T, N>& src, array<T, N>& dest) {
  src.copy_to(dest);
}
template <class T, int N>
void copy(const array_view<T, N>& src, array<T, N>& dest) {
  src.copy_to(dest);
}
template <class T, int N>
void copy(const array_view<const T, N>& src, const array_view<T, N>& dest) {
  src.copy_to(dest);
}
template <class T, int N>
void copy(const array_view<T, N>& src, const array_view<T, N>& dest) {
  src.copy_to(dest);
}

// ---- copy_async: the same overloads, returning a completion_future ----
template <class T, int N>
completion_future copy_async(const array<T, N>& src, array<T, N>& dest) {
  detail::check_same_extent(src.get_extent(), dest.get_extent(), "copy_async");
  const accelerator_view on = dest.get_associated_accelerator_view();
  if (detail::same_device(src.get_associated_accelerator_view(), on))
    return detail::copy_device_to_device_async(*src.storage(), *dest.storage(), on);
  return completion_future::run_on_host([&src, &dest] { copy(src, dest); });
}
template <class InputIt, class T, int N, class = detail::iterator_value_t<InputIt>>
completion_future copy_async(InputIt first, InputIt last, array<T, N>& dest) {
  return completion_future::run_on_host([first, last, &dest] { copy(first, last, dest); });
}
template <class InputIt, class T, int N, class = detail::iterator_value_t<InputIt>>
completion_future copy_async(InputIt first, array<T, N>& dest) {
  return completion_future::run_on_host([first, &dest] { copy(first, dest); });
}
template <class InputIt, class T, int N, class = detail::iterator_value_t<InputIt>>
completion_future copy_async(InputIt first, InputIt last, const array_view<T, N>& dest) {
  return completion_future::run_on_host([first, last, dest] { copy(first, last, dest); });
}
template <class InputIt, class T, int N, class = detail::iterator_value_t<InputIt>>
completion_future copy_async(InputIt first, const array_view<T, N>& dest) {
  return completion_future::run_on_host([first, dest] { copy(first, dest); });
}
template <class T, int N, class OutputIt>
completion_future copy_async(const array<T, N>& src, OutputIt dest) {
  return completion_future::run_on_host([&src, dest] { copy(src, dest); });
}
template <class T, int N, class OutputIt>
completion_future copy_async(const array_view<T, N>& src, OutputIt dest) {
  return completion_future::run_on_host([src, dest] { copy(src, dest); });
}
template <class T, int N>
completion_future copy_async(const array<T, N>& src, const array_view<T, N>& dest) {
  return completion_future::run_on_host([&src, dest] { copy(src, dest); });
}
template <class T, int N>
completion_future copy_async(const array_view<const T, N>& src, array<T, N>& dest) {
  return completion_future::run_on_host([src, &dest] { copy(src, dest); });
}
template <class T, int N>
completion_future copy_async(const array_view<T, N>& src, array<T, N>& dest) {
  return completion_future::run_on_host([src, &dest] { copy(src, dest); });
}
template <class T, int N>
completion_future copy_async(const array_view<const T, N>& src, const array_view<T, N>& dest) {
  return completion_future::run_on_host([src, dest] { copy(src, dest); });
}
template <class T, int N>
completion_future copy_async(const array_view<T, N>& src, const array_view<T, N>& dest) {
  return completion_future::run_on_host([src, dest] { copy(src, dest); });
}

// ---- members defined here, where both classes are complete ----
// Element types that are not trivially copyable move as bytes (detail::as_bytes).
template <class T, int N>
void array<T, N>::copy_to(array& dest) const {
  detail::check_same_extent(ext_, dest.ext_, "array::copy_to");
  if (storage_ == dest.storage_) return;
  if (detail::same_device(associated_, dest.associated_)) {
    detail::copy_device_to_device(*storage_, *dest.storage_, dest.associated_);
    return;
  }
  // Across accelerators: through the host, leaving each array's buffer on its device.
  if constexpr (detail::copy_as_bytes<T>) {
    detail::as_bytes(view()).copy_to(detail::as_bytes(dest.view()));
  } else {
    const std::vector<T> host = *this;
    dest.assign(host.begin(), host.end());
  }
}

template <class T, int N>
void array<T, N>::copy_to(const array_view<T, N>& dest) const {
  detail::check_same_extent(ext_, dest.get_extent(), "array::copy_to");
  if constexpr (detail::copy_as_bytes<T>) {
    detail::as_bytes(view()).copy_to(detail::as_bytes(dest));
  } else {
    const std::vector<T> host = *this;
    detail::write_elements(dest, host.data(), host.size());
  }
}

template <class T, int N>
template <class U>
void array<T, N>::copy_from(const array_view<U, N>& src) {
  detail::check_same_extent(src.get_extent(), ext_, "copy into an array");
  if constexpr (detail::copy_as_bytes<T>) {
    detail::as_bytes(src).copy_to(detail::as_bytes(view()));
  } else {
    const std::vector<T> host = detail::read_elements(src);
    assign(host.begin(), host.end());
  }
}

template <class T, int N>
void array_view<T, N>::copy_to(array<value_type, N>& dest) const {
  detail::check_same_extent(ext_, dest.get_extent(), "array_view::copy_to");
  if constexpr (detail::copy_as_bytes<T>) {
    detail::as_bytes(*this).copy_to(detail::as_bytes(dest.view()));
  } else {
    const std::vector<value_type> host = detail::read_elements(*this);
    dest.assign(host.begin(), host.end());
  }
}

template <class T, int N>
void array_view<T, N>::copy_to(const array_view<value_type, N>& dest) const {
  detail::check_same_extent(ext_, dest.get_extent(), "array_view::copy_to");
  if constexpr (detail::copy_as_bytes<T>) {
    detail::as_bytes(*this).copy_to(detail::as_bytes(dest));
  } else {
    const std::vector<value_type> host = detail::read_elements(*this);
    detail::write_elements(dest, host.data(), host.size());
  }
}

}  // namespace ampcl
