// copy() and copy_async(), every overload C++ AMP has, and the members defined
// with them (array's and array_view's copy_to, array from a view, the
// synchronize_async family). Contiguous ranges go through ampcl's own copy
// (device to device where both sides are on the device, straight to and from
// device memory otherwise); strided sections through the same gather and scatter
// as ampcl's (ampcl/detail/strided_copy.hpp), a row at a time where rows are runs.
#pragma once

#include <ampcl/concurrency/array.h>
#include <ampcl/concurrency/completion_future.h>

#include <ampcl/copy.hpp>
#include <ampcl/detail/strided_copy.hpp>

#include <algorithm>
#include <iterator>
#include <type_traits>

namespace Concurrency {
namespace __ampcl {

// The run of ampcl's buffer a contiguous view covers, as ampcl's own view.
template <class T, class V>
ampcl::array_view<T, 1> flat_run(const V& v) restrict(cpu) {
  const int n = static_cast<int>(v._M_extent.size());
  ampcl::detail::view_shape s = ampcl::detail::contiguous_shape(ampcl::extent<1>(n));
  s.offset = v._M_base;
  return ampcl::array_view<T, 1>(v._M_core->storage_ptr(), s, ampcl::extent<1>(n));
}

template <int N>
void check_same_extent(const extent<N>& a, const extent<N>& b, const char* what) restrict(cpu) {
  if (!(a == b))
    throw runtime_exception((std::string(what) + ": the source and destination extents differ")
                                .c_str(),
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

// A strided view's elements as bytes, row-major, read for a copy: which copies are
// current does not change, so the view's data source is not written. C++ AMP's
// container copies call none of T's copy constructors or assignments, which may be
// user-provided (view_core.h).
template <class T, class S>
std::vector<unsigned char> gather(const S& src) restrict(cpu) {
  std::vector<unsigned char> out(src._M_extent.size() * sizeof(T));
  ampcl::detail::gather_elements(src._M_core->storage(), layout_of<T>(src), out.data());
  return out;
}

// The first `count` elements of a strided view (row-major) take `bytes`, as if
// written through the view to its data source (ampcl::detail::copy_into).
template <class T, class D>
void scatter(const unsigned char* bytes, std::size_t count, const D& dst) restrict(cpu) {
  ampcl::detail::scatter_elements(dst._M_core->storage(), layout_of<T>(dst), bytes, count);
}

// Any view to any view of the same extent.
template <class S, class D>
void copy_view(const S& src, const D& dst) restrict(cpu) {
  using T = typename std::remove_const<typename D::value_type>::type;
  check_same_extent(src._M_extent, dst._M_extent, "copy");
  if (layout_of<T>(src).contiguous() && layout_of<T>(dst).contiguous()) {
    ampcl::copy(flat_run<const T>(src), flat_run<T>(dst));
    return;
  }
  const std::vector<unsigned char> staged = gather<T>(src);
  scatter<T>(staged.data(), src._M_extent.size(), dst);
}

// Host iterators into a view: at most its size elements.
template <class It, class D>
void copy_in(It first, It last, const D& dst) restrict(cpu) {
  using T = typename std::remove_const<typename D::value_type>::type;
  if (layout_of<T>(dst).contiguous()) {
    ampcl::copy(first, last, flat_run<T>(dst));
    return;
  }
  std::vector<T> staged;
  staged.reserve(dst._M_extent.size());
  for (; first != last && staged.size() < dst._M_extent.size(); ++first)
    staged.push_back(*first);  // not *first++: see copy_out
  scatter<T>(reinterpret_cast<const unsigned char*>(staged.data()), staged.size(), dst);
}

template <class S, class OutputIt>
OutputIt copy_out(const S& src, OutputIt out) restrict(cpu) {
  using T = typename std::remove_const<typename S::value_type>::type;
  if (layout_of<T>(src).contiguous()) {
    std::vector<T> host(src._M_extent.size());
    ampcl::copy(flat_run<const T>(src), host.begin());
    return std::copy(host.begin(), host.end(), out);
  }
  // Gathered, then written by std::copy: `*out++` needs a dereferenceable postfix
  // result, which iterators returning a const copy (the conformance suite's) lack.
  const std::vector<unsigned char> bytes = gather<T>(src);
  const T* gathered = reinterpret_cast<const T*>(bytes.data());
  return std::copy(gathered, gathered + src._M_extent.size(), out);
}

template <class F>
completion_future on_host(F work) restrict(cpu) {
  return completion_future::run_on_host(std::move(work));
}

}  // namespace __ampcl

// ---- array and array_view to array and array_view ----
template <class T, int N>
void copy(const array<T, N>& src, array<T, N>& dest) restrict(cpu) {
  __ampcl::check_same_extent(src.extent, dest.extent, "copy");
  ampcl::copy(src.__array(), dest.__array());
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
  std::advance(last, dest.extent.size());
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
  std::advance(last, dest.extent.size());
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
  copy(*this, dest);
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
