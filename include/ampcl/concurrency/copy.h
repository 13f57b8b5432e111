// copy() and copy_async(): every overload C++ AMP has, between host iterators,
// arrays and array_views, on one view, across views and across accelerators; and
// the members defined with them (array's and array_view's copy_to, array from a
// view, the synchronize_async family).
//
// Array to array on one device is one device-side copy (copy_async returns its
// event). Everything else goes through host memory: a source's current data is
// read where it is (its data source is not written), and a copy into a view is
// written through to the view's data source (ampcl::detail::copy_into); strided
// sections go through one gather and scatter (ampcl/detail/strided_copy.hpp).
// Elements move as bytes: C++ AMP calls none of an element's copy constructors or
// assignments, which may be user-provided (view_core.h). copy_async runs on the
// library's host worker thread, in submission order; sources and destinations
// must stay alive (and untouched) until the future completes, as in C++ AMP.
#pragma once

#include <ampcl/concurrency/array.h>
#include <ampcl/concurrency/completion_future.h>

#include <ampcl/detail/strided_copy.hpp>

#include <algorithm>
#include <iterator>
#include <type_traits>
#include <vector>

namespace Concurrency {
namespace __ampcl {

template <int N>
void check_same_extent(const extent<N>& a, const extent<N>& b, const char* what) restrict(cpu) {
  if (!(a == b))
    throw runtime_exception(std::string(what) + ": the source extent " + ampcl::to_string(a) +
                                " differs from the destination's " + ampcl::to_string(b) +
                                "; copy a section() of the larger one",
                            E_INVALIDARG);
}

// Where a view's elements lie in its storage (ampcl/detail/strided_copy.hpp).
template <class T, class V>
ampcl::detail::strided_layout layout_of(const V& v) restrict(cpu) {
  ampcl::detail::strided_layout layout;
  layout.first = static_cast<std::size_t>(v._M_base);
  layout.element_bytes = sizeof(T);
  for (int d = 0; d < V::rank; ++d) {
    layout.extent.push_back(v._M_extent[d]);
    layout.stride.push_back(v._M_stride[d]);
  }
  return layout;
}

// A view's elements as bytes, row-major, read for a copy: which copies are current
// does not change, so the view's data source is not written.
template <class T, class S>
std::vector<unsigned char> gather(const S& src) restrict(cpu) {
  std::vector<unsigned char> out(src._M_extent.size() * sizeof(T));
  ampcl::detail::gather_elements(src._M_core->storage(), layout_of<T>(src), out.data());
  return out;
}

// The first `count` elements of a view (row-major) take `bytes`, as if written
// through the view to its data source (ampcl::detail::copy_into).
template <class T, class D>
void scatter(const void* bytes, std::size_t count, const D& dst) restrict(cpu) {
  ampcl::detail::scatter_elements(dst._M_core->storage(), layout_of<T>(dst), bytes, count);
}

// Any view to any view of the same extent.
template <class S, class D>
void copy_view(const S& src, const D& dst) restrict(cpu) {
  using T = typename std::remove_const<typename D::value_type>::type;
  check_same_extent(src._M_extent, dst._M_extent, "copy");
  const std::vector<unsigned char> staged = gather<T>(src);
  scatter<T>(staged.data(), src._M_extent.size(), dst);
}

// Iterators whose elements are one run of host memory of T: copied from in place.
template <class It, class T>
constexpr bool is_contiguous_iterator_of =
    std::is_same<typename std::iterator_traits<It>::value_type, T>::value &&
    (std::is_pointer<It>::value || std::is_same<It, typename std::vector<T>::iterator>::value ||
     std::is_same<It, typename std::vector<T>::const_iterator>::value);

// Host iterators into a view: more elements than it holds throws.
template <class It, class D>
void copy_in(It first, It last, const D& dst) restrict(cpu) {
  using T = typename std::remove_const<typename D::value_type>::type;
  const std::size_t capacity = dst._M_extent.size();
  if constexpr (is_contiguous_iterator_of<It, T>) {
    const auto count = static_cast<std::size_t>(std::distance(first, last));
    if (count > capacity)
      throw runtime_exception("copy: the source range holds " + std::to_string(count) +
                                  " elements, more than the destination's " +
                                  std::to_string(capacity) +
                                  "; pass a shorter range or a larger destination",
                              E_INVALIDARG);
    if (count) scatter<T>(&*first, count, dst);
    return;
  }
  std::vector<T> staged;
  staged.reserve(capacity);
  for (; first != last; ++first) {
    if (staged.size() == capacity)
      throw runtime_exception("copy: the source range holds more than the destination's " +
                                  std::to_string(capacity) +
                                  " elements; pass a shorter range or a larger destination",
                              E_INVALIDARG);
    staged.push_back(*first);  // not *first++: see copy_out
  }
  scatter<T>(staged.data(), staged.size(), dst);
}

// A view to host iterators. When only the device holds the view's current data,
// straight from there into a pointer or vector's memory (a section's rows as one
// rectangle read): the host copy (for a view over host data, the user's memory)
// is left as it was, as in C++ AMP, where a view's data source changes only on
// synchronize() or the last view's destruction.
template <class S, class OutputIt>
OutputIt copy_out(const S& src, OutputIt out) restrict(cpu) {
  using T = typename std::remove_const<typename S::value_type>::type;
  const std::size_t count = src._M_extent.size();
  if (count == 0) return out;
  if constexpr (std::is_same<OutputIt, T*>::value ||
                std::is_same<OutputIt, typename std::vector<T>::iterator>::value) {
    // Contiguous memory: straight into it (a strided section's rows too).
    const ampcl::detail::strided_layout layout = layout_of<T>(src);
    if (!layout.contiguous() ||
        !ampcl::detail::read_from_device_directly(src._M_core->storage(), &*out,
                                                  layout.first * sizeof(T), count * sizeof(T)))
      ampcl::detail::gather_elements(src._M_core->storage(), layout, &*out);
    return out + static_cast<std::ptrdiff_t>(count);
  }
  // Gathered, then written by std::copy: `*out++` needs a dereferenceable postfix
  // result, which iterators returning a const copy (the conformance suite's) lack.
  const std::vector<unsigned char> gathered = gather<T>(src);
  const T* first = reinterpret_cast<const T*>(gathered.data());
  return std::copy(first, first + count, out);
}

// Array to array: on one device, one device-side copy; across devices through the
// host, leaving each array's buffer on its device.
template <class T, int N>
void copy_array(const array<T, N>& src, array<T, N>& dst) restrict(cpu) {
  check_same_extent(src._M_extent, dst._M_extent, "copy");
  if (src._M_core->storage_ptr() == dst._M_core->storage_ptr()) return;
  const accelerator_view& on = dst._M_core->home().associated;
  if (ampcl::detail::same_device(src._M_core->home().associated, on)) {
    ampcl::detail::copy_device_to_device(src._M_core->storage(), dst._M_core->storage(), on);
    return;
  }
  copy_view(array_view<const T, N>(src), array_view<T, N>(dst));
}

template <class F>
completion_future on_host(F work) restrict(cpu) {
  return completion_future::run_on_host(std::move(work));
}

}  // namespace __ampcl

// ---- array and array_view to array and array_view ----
template <class T, int N>
void copy(const array<T, N>& src, array<T, N>& dest) restrict(cpu) {
  __ampcl::copy_array(src, dest);
}
template <class T, int N>
void copy(const array<T, N>& src, const array_view<T, N>& dest) restrict(cpu) {
  __ampcl::copy_view(array_view<const T, N>(src), dest);
}
template <class T, int N>
void copy(const array_view<const T, N>& src, array<T, N>& dest) restrict(cpu) {
  __ampcl::copy_view(src, array_view<T, N>(dest));
}
template <class T, int N>
void copy(const array_view<T, N>& src, array<T, N>& dest) restrict(cpu) {
  __ampcl::copy_view(src, array_view<T, N>(dest));
}
template <class T, int N>
void copy(const array_view<const T, N>& src, const array_view<T, N>& dest) restrict(cpu) {
  __ampcl::copy_view(src, dest);
}
template <class T, int N>
void copy(const array_view<T, N>& src, const array_view<T, N>& dest) restrict(cpu) {
  __ampcl::copy_view(src, dest);
}

// ---- host iterators to array and array_view ----
template <class InputIt, class T, int N,
          class = typename std::iterator_traits<InputIt>::value_type>
void copy(InputIt first, InputIt last, array<T, N>& dest) restrict(cpu) {
  __ampcl::copy_in(first, last, array_view<T, N>(dest));
}
template <class InputIt, class T, int N,
          class = typename std::iterator_traits<InputIt>::value_type>
void copy(InputIt first, array<T, N>& dest) restrict(cpu) {
  InputIt last = first;
  std::advance(last, dest.get_extent().size());
  copy(first, last, dest);
}
template <class InputIt, class T, int N,
          class = typename std::iterator_traits<InputIt>::value_type>
void copy(InputIt first, InputIt last, const array_view<T, N>& dest) restrict(cpu) {
  __ampcl::copy_in(first, last, dest);
}
template <class InputIt, class T, int N,
          class = typename std::iterator_traits<InputIt>::value_type>
void copy(InputIt first, const array_view<T, N>& dest) restrict(cpu) {
  InputIt last = first;
  std::advance(last, dest.get_extent().size());
  copy(first, last, dest);
}

// ---- array and array_view to host iterators ----
template <class T, int N, class OutputIt>
void copy(const array<T, N>& src, OutputIt dest) restrict(cpu) {
  __ampcl::copy_out(array_view<const T, N>(src), dest);
}
template <class T, int N, class OutputIt>
void copy(const array_view<T, N>& src, OutputIt dest) restrict(cpu) {
  __ampcl::copy_out(src, dest);
}

// ---- asynchronous: the same, on the library's host worker ----
template <class T, int N>
completion_future copy_async(const array<T, N>& src, array<T, N>& dest) restrict(cpu) {
  __ampcl::check_same_extent(src.get_extent(), dest.get_extent(), "copy_async");
  const accelerator_view& on = dest._M_core->home().associated;
  if (ampcl::detail::same_device(src._M_core->home().associated, on) &&
      src._M_core->storage_ptr() != dest._M_core->storage_ptr())
    return ampcl::detail::copy_device_to_device_async(src._M_core->storage(),
                                                      dest._M_core->storage(), on);
  return __ampcl::on_host([&src, &dest] { copy(src, dest); });
}
template <class T, int N>
completion_future copy_async(const array<T, N>& src, const array_view<T, N>& dest) restrict(cpu) {
  return __ampcl::on_host([&src, dest] { copy(src, dest); });
}
template <class T, int N>
completion_future copy_async(const array_view<const T, N>& src, array<T, N>& dest) restrict(cpu) {
  return __ampcl::on_host([src, &dest] { copy(src, dest); });
}
template <class T, int N>
completion_future copy_async(const array_view<T, N>& src, array<T, N>& dest) restrict(cpu) {
  return __ampcl::on_host([src, &dest] { copy(src, dest); });
}
template <class T, int N>
completion_future copy_async(const array_view<const T, N>& src, const array_view<T, N>& dest)
    restrict(cpu) {
  return __ampcl::on_host([src, dest] { copy(src, dest); });
}
template <class T, int N>
completion_future copy_async(const array_view<T, N>& src, const array_view<T, N>& dest)
    restrict(cpu) {
  return __ampcl::on_host([src, dest] { copy(src, dest); });
}
template <class InputIt, class T, int N,
          class = typename std::iterator_traits<InputIt>::value_type>
completion_future copy_async(InputIt first, InputIt last, array<T, N>& dest) restrict(cpu) {
  return __ampcl::on_host([first, last, &dest] { copy(first, last, dest); });
}
template <class InputIt, class T, int N,
          class = typename std::iterator_traits<InputIt>::value_type>
completion_future copy_async(InputIt first, array<T, N>& dest) restrict(cpu) {
  return __ampcl::on_host([first, &dest] { copy(first, dest); });
}
template <class InputIt, class T, int N,
          class = typename std::iterator_traits<InputIt>::value_type>
completion_future copy_async(InputIt first, InputIt last, const array_view<T, N>& dest)
    restrict(cpu) {
  return __ampcl::on_host([first, last, dest] { copy(first, last, dest); });
}
template <class InputIt, class T, int N,
          class = typename std::iterator_traits<InputIt>::value_type>
completion_future copy_async(InputIt first, const array_view<T, N>& dest) restrict(cpu) {
  return __ampcl::on_host([first, dest] { copy(first, dest); });
}
template <class T, int N, class OutputIt>
completion_future copy_async(const array<T, N>& src, OutputIt dest) restrict(cpu) {
  return __ampcl::on_host([&src, dest] { copy(src, dest); });
}
template <class T, int N, class OutputIt>
completion_future copy_async(const array_view<T, N>& src, OutputIt dest) restrict(cpu) {
  return __ampcl::on_host([src, dest] { copy(src, dest); });
}

// ---- members defined with copy ----
template <class T, int N>
void array<T, N>::copy_to(array& dest) const restrict(cpu) {
  __ampcl::copy_array(*this, dest);
}
template <class T, int N>
void array<T, N>::copy_to(const array_view<T, N>& dest) const restrict(cpu) {
  copy(*this, dest);
}
template <class T, int N>
void array<T, N>::__copy_from(const array_view<const T, N>& src) restrict(cpu) {
  __ampcl::copy_view(src, array_view<T, N>(*this));
}
template <class T, int N>
void array_view<T, N>::copy_to(array<__element, N>& dest) const restrict(cpu) {
  copy(*this, dest);
}
template <class T, int N>
void array_view<T, N>::copy_to(const array_view<__element, N>& dest) const restrict(cpu) {
  __ampcl::copy_view(*this, dest);
}
template <class T, int N>
completion_future array_view<T, N>::synchronize_async() const restrict(cpu) {
  const array_view self = *this;
  return __ampcl::on_host([self] { self.synchronize(); });
}
template <class T, int N>
completion_future array_view<T, N>::synchronize_to_async(const accelerator_view& av) const
    restrict(cpu) {
  const array_view self = *this;
  return __ampcl::on_host([self, av] { self.synchronize_to(av); });
}

}  // namespace Concurrency
