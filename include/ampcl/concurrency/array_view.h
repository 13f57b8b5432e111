// array_view<T, N>: C++ AMP's view of data on the host, in an array, or nowhere
// yet, of any rank; ampcl's too (<ampcl/array_view.hpp> names it). Copies are
// lazy: the data behind every view is one of ampcl's storages, seen through its
// core (view_core.h); the view adds where its elements are in it (extent, base
// offset, strides), which is also what the kernel receives.
#pragma once

#include <ampcl/concurrency/accelerator.h>
#include <ampcl/concurrency/index.h>
#include <ampcl/concurrency/view_core.h>

#include <string>
#include <type_traits>

namespace Concurrency {

template <typename T, int N>
class array;
template <typename T, int N>
class array_view;

namespace __ampcl {

// Passed to the constructor that leaves a view to be filled in by the headers.
struct shape_tag {};

// Row-major strides of a contiguous extent (the last dimension varies fastest).
template <int N>
index<N> contiguous_strides(const extent<N>& e) restrict(cpu, amp) {
  index<N> s;
  int stride = 1;
  for (int d = N - 1; d >= 0; --d) {
    s[d] = stride;
    stride *= e[d];
  }
  return s;
}

// Throws on the host for a section that leaves its view or is empty (an extent's
// dimensions are positive); the device has no exceptions, and C++ AMP leaves it
// undefined there.
template <int N>
void check_section(const extent<N>& whole, const index<N>& origin, const extent<N>& part)
    restrict(cpu) {
  for (int d = 0; d < N; ++d) {
    if (origin[d] < 0 || part[d] <= 0 || origin[d] + part[d] > whole[d])
      throw ampcl::runtime_exception(
          "array_view::section: the section does not fit in the view (dimension " +
          std::to_string(d) + ": origin " + std::to_string(origin[d]) + ", extent " +
          std::to_string(part[d]) + ", view extent " + std::to_string(whole[d]) + ")");
  }
}
#if __AMPCL_DEVICE_ONLY
template <int N>
void check_section(const extent<N>&, const index<N>&, const extent<N>&) restrict(amp) {}
#endif  // __AMPCL_DEVICE_ONLY

// projection(i) (and view[i] at rank 2 or more) on the host: i must be a row of
// the view, as C++ AMP's runtime_exception for an out-of-bound projection says.
template <int N>
void check_projection(const extent<N>& whole, int i) restrict(cpu) {
  if (i < 0 || i >= whole[0])
    throw ampcl::runtime_exception(
        ("projection: index " + std::to_string(i) + " is outside dimension 0 of the extent (" +
         std::to_string(whole[0]) + "); pass an index in [0, " + std::to_string(whole[0]) + ")"),
        E_INVALIDARG);
}
#if __AMPCL_DEVICE_ONLY
template <int N>
void check_projection(const extent<N>&, int) restrict(amp) {}
#endif  // __AMPCL_DEVICE_ONLY

// view_as and reinterpret_as keep the view's elements in place, which works only
// for a view whose elements are one run of the buffer (C++ AMP has them on arrays
// and rank-1 views, which always are).
template <int N>
void check_contiguous(const extent<N>& e, const index<N>& stride, const char* what) restrict(cpu) {
  int expect = 1;
  for (int d = N - 1; d >= 0; --d) {
    if (e[d] > 1 && stride[d] != expect)
      throw ampcl::runtime_exception(
          (std::string(what) +
           ": the view's elements are not contiguous (a section of a larger view); copy them "
           "into an array or a view of their own first"),
          E_INVALIDARG);
    expect *= e[d];
  }
}

// view_as's extent: positive dimensions, and no more elements than the source has.
template <int N, int K>
void check_view_as(const extent<N>& whole, const index<N>& stride, const extent<K>& e)
    restrict(cpu) {
  check_contiguous(whole, stride, "view_as");
  long long n = 1;
  std::string dims;
  for (int d = 0; d < K; ++d) {
    dims += (d ? ", " : "") + std::to_string(e[d]);
    if (e[d] <= 0)
      throw ampcl::runtime_exception(
          ("view_as: dimension " + std::to_string(d) + " of the extent is " + std::to_string(e[d]) +
           "; every dimension must be positive"),
          E_INVALIDARG);
    n *= e[d];
  }
  if (n > static_cast<long long>(whole.size()))
    throw ampcl::runtime_exception(
        ("view_as: the extent (" + dims + ") holds " + std::to_string(n) +
         " elements, more than the source's " + std::to_string(whole.size()) +
         "; pass an extent of at most that many"),
        E_INVALIDARG);
}
#if __AMPCL_DEVICE_ONLY
template <int N, int K>
void check_view_as(const extent<N>&, const index<N>&, const extent<K>&) restrict(amp) {}
#endif  // __AMPCL_DEVICE_ONLY

// reinterpret_as<U>: the source's bytes must be a whole number of U elements, and
// start on one (a section of a view starts `base` elements into the buffer).
template <class T, class U, int N>
void check_reinterpret(const extent<N>& whole, const index<N>& stride, int base) restrict(cpu) {
  check_contiguous(whole, stride, "reinterpret_as");
  const std::size_t offset = static_cast<std::size_t>(base) * sizeof(T);
  if (offset % sizeof(U) != 0)
    throw ampcl::runtime_exception(
        ("reinterpret_as: the view starts " + std::to_string(offset) +
         " bytes into its data, not a whole number of " + std::to_string(sizeof(U)) +
         "-byte elements; reinterpret a section that starts on one"),
        E_INVALIDARG);
  const std::size_t count = whole.size();
  const std::size_t bytes = count * sizeof(T);
  if (bytes % sizeof(U) != 0)
    throw ampcl::runtime_exception(
        ("reinterpret_as: the source's " + std::to_string(bytes) + " bytes (" +
         std::to_string(count) + " elements of " + std::to_string(sizeof(T)) +
         " bytes) are not a whole number of " + std::to_string(sizeof(U)) +
         "-byte elements; reinterpret a section whose size in bytes is a multiple of the new "
         "element's"),
        E_INVALIDARG);
}
#if __AMPCL_DEVICE_ONLY
template <class T, class U, int N>
void check_reinterpret(const extent<N>&, const index<N>&, int) restrict(amp) {}
#endif  // __AMPCL_DEVICE_ONLY

template <int N>
void check_index(const extent<N>& e, const index<N>& i) restrict(cpu) {
  if (!e.contains(i))
    throw ampcl::runtime_exception("index " + ampcl::to_string(i) + " is outside the extent " +
                                   ampcl::to_string(e));
}

// A core that sees the same storage as elements of U (reinterpret_as, and
// array_view<const T> from array_view<T>).
template <class U>
core_handle reinterpret_core(const core_handle& c) restrict(cpu) {
  return core_handle(view_core::reinterpreted<U>(*c));
}
#if __AMPCL_DEVICE_ONLY
template <class U>
core_handle reinterpret_core(const core_handle& c) restrict(amp) {
  return c;
}
#endif  // __AMPCL_DEVICE_ONLY

}  // namespace __ampcl

template <typename T, int N = 1>
class array_view {
  static_assert(N > 0, "array_view rank must be positive");
  static_assert(ampcl::is_device_copyable_v<T>,
                "elements move between host and accelerator as bytes: a polymorphic class "
                "(its vtable pointer is a host address) cannot be one; hold its data in a "
                "plain struct (<ampcl/device_copyable.hpp>)");

 public:
  static const int rank = N;
  typedef T value_type;
  typedef typename std::remove_const<T>::type __element;

  // ---- over host data ----
  template <class Container,
            class = decltype(std::declval<Container&>().data() + std::declval<Container&>().size())>
  array_view(const Concurrency::extent<N>& e, Container& src) restrict(cpu)
      : array_view(e, src.data(), src.size()) {}
  array_view(const Concurrency::extent<N>& e, T* src) restrict(cpu)
      : array_view(e, src, static_cast<std::size_t>(e.size())) {}
  template <class Src, int M = N, class = typename std::enable_if<M == 1>::type>
  array_view(int e0, Src&& src) restrict(cpu)
      : array_view(Concurrency::extent<1>(e0), std::forward<Src>(src)) {}
  template <class Src, int M = N, class = typename std::enable_if<M == 2>::type>
  array_view(int e0, int e1, Src&& src) restrict(cpu)
      : array_view(Concurrency::extent<2>(e0, e1), std::forward<Src>(src)) {}
  template <class Src, int M = N, class = typename std::enable_if<M == 3>::type>
  array_view(int e0, int e1, int e2, Src&& src) restrict(cpu)
      : array_view(Concurrency::extent<3>(e0, e1, e2), std::forward<Src>(src)) {}

  // ---- over memory restrict(amp) code has: a private or tile_static array, or a
  // pointer (the translator makes one struct per memory a view's data is in) ----
#if __AMPCL_DEVICE_ONLY
  array_view(const Concurrency::extent<N>& e, T* src) restrict(amp)
      : _M_extent(e), _M_base(0), _M_stride(__ampcl::contiguous_strides(e)), _M_data(src) {}
  template <int M = N, class = typename std::enable_if<M == 1>::type>
  array_view(int e0, T* src) restrict(amp)
      : _M_extent(e0),
        _M_base(0),
        _M_stride(__ampcl::contiguous_strides(_M_extent)),
        _M_data(src) {}
  template <int M = N, class = typename std::enable_if<M == 2>::type>
  array_view(int e0, int e1, T* src) restrict(amp)
      : _M_extent(e0, e1),
        _M_base(0),
        _M_stride(__ampcl::contiguous_strides(_M_extent)),
        _M_data(src) {}
  template <int M = N, class = typename std::enable_if<M == 3>::type>
  array_view(int e0, int e1, int e2, T* src) restrict(amp)
      : _M_extent(e0, e1, e2),
        _M_base(0),
        _M_stride(__ampcl::contiguous_strides(_M_extent)),
        _M_data(src) {}
#endif  // __AMPCL_DEVICE_ONLY

  // ---- with no data source: storage appears where the view is first used ----
  explicit array_view(const Concurrency::extent<N>& e) restrict(cpu)
      : array_view(__ampcl::shape_tag(), e) {
    _M_core = __ampcl::core_handle(__ampcl::view_core::for_view<T>(
        ampcl::detail::storage_without_source(e.size() * sizeof(T)), e.size(), false));
  }
  template <int M = N, class = typename std::enable_if<M == 1>::type>
  explicit array_view(int e0) restrict(cpu) : array_view(Concurrency::extent<1>(e0)) {}
  template <int M = N, class = typename std::enable_if<M == 2>::type>
  array_view(int e0, int e1) restrict(cpu) : array_view(Concurrency::extent<2>(e0, e1)) {}
  template <int M = N, class = typename std::enable_if<M == 3>::type>
  array_view(int e0, int e1, int e2) restrict(cpu)
      : array_view(Concurrency::extent<3>(e0, e1, e2)) {}

  // ---- over an array ----
  array_view(array<__element, N>& a) restrict(cpu, amp);              // NOLINT: as C++ AMP
  // A temporary array, which Visual C++ binds to array&: the view shares its
  // buffer, which lives as long as a view of it does.
  array_view(array<__element, N>&& a) restrict(cpu);                  // NOLINT: as C++ AMP
  array_view(const array<__element, N>& a) restrict(cpu, amp);        // NOLINT: const T only

  array_view(const array_view&) = default;
  array_view& operator=(const array_view&) = default;
  // array_view<const T> from array_view<T>.
  template <class U, class = typename std::enable_if<std::is_same<const U, T>::value &&
                                                     !std::is_same<U, T>::value>::type>
  array_view(const array_view<U, N>& o) restrict(cpu, amp)  // NOLINT: as C++ AMP
      : _M_extent(o._M_extent), _M_base(o._M_base), _M_stride(o._M_stride), _M_data(o._M_data) {
    _M_core = __ampcl::reinterpret_core<T>(o._M_core);
  }

  // ---- shape ----
  Concurrency::extent<N> get_extent() const restrict(cpu, amp) { return _M_extent; }
  __AMPCL_PROPERTY(get = get_extent) Concurrency::extent<N> extent;

  // ---- elements ----
#if __AMPCL_DEVICE_ONLY
  T& operator[](const index<N>& i) const restrict(amp) { return _M_data[__offset(i)]; }
#endif  // __AMPCL_DEVICE_ONLY
  T& operator[](const index<N>& i) const restrict(cpu) { return __host_ref(i); }
#if __AMPCL_DEVICE_ONLY
  T& operator()(const index<N>& i) const restrict(amp) { return _M_data[__offset(i)]; }
#endif  // __AMPCL_DEVICE_ONLY
  T& operator()(const index<N>& i) const restrict(cpu) { return __host_ref(i); }
#if __AMPCL_DEVICE_ONLY
  T& get_ref(const index<N>& i) const restrict(amp) { return _M_data[__offset(i)]; }
#endif  // __AMPCL_DEVICE_ONLY
  T& get_ref(const index<N>& i) const restrict(cpu) { return __host_ref(i); }

#if __AMPCL_DEVICE_ONLY
  template <int M = N, class = typename std::enable_if<M == 1>::type>
  T& operator[](int i0) const restrict(amp) {
    return _M_data[_M_base + i0];
  }
#endif  // __AMPCL_DEVICE_ONLY
  template <int M = N, class = typename std::enable_if<M == 1>::type>
  T& operator[](int i0) const restrict(cpu) {
    return __host_ref(Concurrency::index<1>(i0));
  }
  // Rank > 1: the view of one slice along dimension 0.
  template <int M = N, class = typename std::enable_if<(M > 1)>::type>
  array_view<T, N - 1> operator[](int i0) const restrict(cpu, amp) {
    return projection(i0);
  }

  // Rank > 1: v(i0) is v[i0], the view of one slice along dimension 0.
  template <int M = N, class = typename std::enable_if<(M > 1)>::type>
  array_view<T, N - 1> operator()(int i0) const restrict(cpu, amp) {
    return projection(i0);
  }
#if __AMPCL_DEVICE_ONLY
  template <int M = N, class = typename std::enable_if<M == 1>::type>
  T& operator()(int i0) const restrict(amp) {
    return _M_data[_M_base + i0];
  }
#endif  // __AMPCL_DEVICE_ONLY
  template <int M = N, class = typename std::enable_if<M == 1>::type>
  T& operator()(int i0) const restrict(cpu) {
    return __host_ref(Concurrency::index<1>(i0));
  }
#if __AMPCL_DEVICE_ONLY
  template <int M = N, class = typename std::enable_if<M == 2>::type>
  T& operator()(int i0, int i1) const restrict(amp) {
    return _M_data[_M_base + i0 * _M_stride[0] + i1];
  }
#endif  // __AMPCL_DEVICE_ONLY
  template <int M = N, class = typename std::enable_if<M == 2>::type>
  T& operator()(int i0, int i1) const restrict(cpu) {
    return __host_ref(Concurrency::index<2>(i0, i1));
  }
#if __AMPCL_DEVICE_ONLY
  template <int M = N, class = typename std::enable_if<M == 3>::type>
  T& operator()(int i0, int i1, int i2) const restrict(amp) {
    return _M_data[_M_base + i0 * _M_stride[0] + i1 * _M_stride[1 % N] + i2];
  }
#endif  // __AMPCL_DEVICE_ONLY
  template <int M = N, class = typename std::enable_if<M == 3>::type>
  T& operator()(int i0, int i1, int i2) const restrict(cpu) {
    return __host_ref(Concurrency::index<3>(i0, i1, i2));
  }

  // ---- other views of the same data ----
  array_view<T, N - 1> projection(int i0) const restrict(cpu, amp) {
    static_assert(N > 1, "a projection needs rank 2 or more");
    __ampcl::check_projection(_M_extent, i0);
    array_view<T, N - 1> r{__ampcl::shape_tag()};
    for (int d = 1; d < N; ++d) {
      r._M_extent[d - 1] = _M_extent[d];
      r._M_stride[d - 1] = _M_stride[d];
    }
    r._M_base = _M_base + i0 * _M_stride[0];
    r._M_data = _M_data;
    r._M_core = _M_core;
    return r;
  }

  array_view section(const index<N>& origin, const Concurrency::extent<N>& e) const
      restrict(cpu, amp) {
    __ampcl::check_section(_M_extent, origin, e);
    array_view r = *this;
    r._M_base = __offset(origin);
    r._M_extent = e;
    return r;
  }
  array_view section(const index<N>& origin) const restrict(cpu, amp) {
    return section(origin, _M_extent - origin);
  }
  array_view section(const Concurrency::extent<N>& e) const restrict(cpu, amp) {
    return section(index<N>(), e);
  }
  template <int M = N, class = typename std::enable_if<M == 1>::type>
  array_view section(int i0, int e0) const restrict(cpu, amp) {
    return section(index<1>(i0), Concurrency::extent<1>(e0));
  }
  template <int M = N, class = typename std::enable_if<M == 2>::type>
  array_view section(int i0, int i1, int e0, int e1) const restrict(cpu, amp) {
    return section(index<2>(i0, i1), Concurrency::extent<2>(e0, e1));
  }
  template <int M = N, class = typename std::enable_if<M == 3>::type>
  array_view section(int i0, int i1, int i2, int e0, int e1, int e2) const restrict(cpu, amp) {
    return section(index<3>(i0, i1, i2), Concurrency::extent<3>(e0, e1, e2));
  }

  // The same elements in another shape (contiguous views only). Only a rank-1 view
  // reshapes, as in C++ AMP (an array of any rank does).
  template <int K>
  array_view<T, K> view_as(const Concurrency::extent<K>& e) const restrict(cpu, amp) {
    static_assert(N == 1,
                  "view_as is only permissible on array views of rank 1: take a rank-1 view "
                  "(of the array, or reinterpret_as) and reshape that");
    return _Reshape(e);
  }
  // view_as without the rank rule (array::view_as reshapes an array of any rank).
  template <int K>
  array_view<T, K> _Reshape(const Concurrency::extent<K>& e) const restrict(cpu, amp) {
    __ampcl::check_view_as(_M_extent, _M_stride, e);
    array_view<T, K> r{__ampcl::shape_tag()};
    r._M_extent = e;
    r._M_stride = __ampcl::contiguous_strides(e);
    r._M_base = _M_base;
    r._M_data = _M_data;
    r._M_core = _M_core;
    return r;
  }
  // The same bytes as elements of U, rank 1 (contiguous views only). A read-only
  // view gives a read-only one: array_view<const T>::reinterpret_as<U> is an
  // array_view<const U>, as in C++ AMP.
  template <class U>
  using __reinterpreted =
      array_view<typename std::conditional<std::is_const<T>::value, const U, U>::type, 1>;
  template <class U>
  __reinterpreted<U> reinterpret_as() const restrict(cpu, amp) {
    using R = typename __reinterpreted<U>::value_type;
    __ampcl::check_reinterpret<T, R>(_M_extent, _M_stride, _M_base);
    __reinterpreted<U> r{__ampcl::shape_tag()};
    const int bytes = static_cast<int>(_M_extent.size() * sizeof(T));
    r._M_extent[0] = bytes / static_cast<int>(sizeof(R));
    r._M_stride[0] = 1;
    r._M_base = _M_base * static_cast<int>(sizeof(T)) / static_cast<int>(sizeof(R));
    r._M_data = reinterpret_cast<R*>(_M_data);
    r._M_core = __ampcl::reinterpret_core<R>(_M_core);
    return r;
  }

  // Rank 1: the first element's address.
#if __AMPCL_DEVICE_ONLY
  template <int M = N, class = typename std::enable_if<M == 1>::type>
  T* data() const restrict(amp) {
    return _M_data + _M_base;
  }
#endif  // __AMPCL_DEVICE_ONLY
  template <int M = N, class = typename std::enable_if<M == 1>::type>
  T* data() const restrict(cpu) {
    return &__host_ref(Concurrency::index<1>(0));
  }

  // ---- coherence (host) ----
  void synchronize() const restrict(cpu) { ampcl::detail::synchronize_to_host(_M_core->storage()); }
  completion_future synchronize_async() const restrict(cpu);
  void synchronize_to(const accelerator_view& av) const restrict(cpu) {
    ampcl::detail::device_buffer(_M_core->storage(), av, true, false);
  }
  completion_future synchronize_to_async(const accelerator_view& av) const restrict(cpu);
  void refresh() const restrict(cpu) { ampcl::detail::host_changed(_M_core->storage()); }
  void discard_data() const restrict(cpu) { ampcl::detail::discard(_M_core->storage()); }
  accelerator_view get_source_accelerator_view() const restrict(cpu) {
    return _M_core->source_view();
  }

  void copy_to(array<__element, N>& dest) const restrict(cpu);
  void copy_to(const array_view<__element, N>& dest) const restrict(cpu);

  // ---- as an argument of ampcl's launches (a hand-written kernel, the library) ----
  friend ampcl::detail::bound_arg bind(const array_view& v) restrict(cpu) {
    return __ampcl::bind_memory<T, N>(*v._M_core, v._M_extent, v._M_base, v._M_stride,
                                      "array_view");
  }

  // ---- representation: what the device sees, then the host's handle ----
  Concurrency::extent<N> _M_extent;
  int _M_base;                   // elements from the buffer start to element (0, ..., 0)
  Concurrency::index<N> _M_stride;  // elements between neighbours; the last is 1
  T* _M_data __AMPCL_GLOBAL_PTR;    // the buffer on the device; null on the host
  __ampcl::core_handle _M_core __AMPCL_VIEW_CORE;

  explicit array_view(__ampcl::shape_tag) restrict(cpu, amp) : _M_base(0), _M_data(nullptr) {}
  array_view(__ampcl::shape_tag, const Concurrency::extent<N>& e) restrict(cpu, amp)
      : _M_extent(e), _M_base(0), _M_stride(__ampcl::contiguous_strides(e)), _M_data(nullptr) {}

  int __offset(const index<N>& i) const restrict(cpu, amp) {
    int off = _M_base + i[N - 1];
    for (int d = 0; d < N - 1; ++d) off += i[d] * _M_stride[d];
    return off;
  }
  T& __host_ref(const index<N>& i) const restrict(cpu) {
    __ampcl::check_index(_M_extent, i);
    auto* base = static_cast<__element*>(
        ampcl::detail::host_data(_M_core->storage(), !std::is_const<T>::value));
    return base[__offset(i)];
  }

 private:
  array_view(const Concurrency::extent<N>& e, T* src, std::size_t have) restrict(cpu)
      : array_view(__ampcl::shape_tag(), e) {
    if (have < e.size())
      throw ampcl::runtime_exception(
          "array_view of extent " + ampcl::to_string(e) + " needs " + std::to_string(e.size()) +
              " elements but its source has " + std::to_string(have) +
              ": pass a larger source or a smaller extent",
          E_INVALIDARG);
    _M_core = __ampcl::core_handle(__ampcl::view_core::for_view<T>(
        ampcl::detail::storage_over_host(const_cast<__element*>(src), e.size() * sizeof(T)),
        e.size(), true));
  }
};

}  // namespace Concurrency
