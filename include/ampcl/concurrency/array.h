// array<T, N>: C++ AMP's device-resident container, of any rank; ampcl's too
// (<ampcl/array.hpp> names it). Laid out like array_view (the device sees the
// same fields), so one kernel-side code path serves both; its core carries where
// it lives (view_core.h's array_home).
//
// CPU access (access_type): an array with access_type_read, _write or
// _read_write lives in host-visible memory that the device uses in place where it
// shares memory with the host (PoCL, integrated GPUs): data() and host element
// access work without copies, and the pointer never changes. access_type_auto
// takes the accelerator's default_cpu_access_type, which is access_type_read_write
// on such devices. Asking for CPU access on a device that shares no memory throws
// unsupported_feature; staging arrays (an array on the CPU view, associated with
// a device view) give host-visible memory there.
#pragma once

#include <ampcl/concurrency/array_view.h>

#include <cstring>
#include <iterator>
#include <optional>
#include <vector>

namespace Concurrency {

template <typename T, int N = 1>
class array {
  static_assert(N > 0, "array rank must be positive");
  static_assert(ampcl::is_device_copyable_v<T>,
                "elements move between host and accelerator as bytes: a polymorphic class "
                "(its vtable pointer is a host address) cannot be one; hold its data in a "
                "plain struct (<ampcl/device_copyable.hpp>)");
  static_assert(!std::is_const<T>::value, "array elements are not const; use array_view<const T>");

 public:
  static const int rank = N;
  typedef T value_type;

  // ---- construction (host) ----
  explicit array(const Concurrency::extent<N>& e) restrict(cpu)
      : array(e, Concurrency::accelerator().get_default_view()) {}
  array(const Concurrency::extent<N>& e, const Concurrency::accelerator_view& av) restrict(cpu)
      : array(__ampcl::shape_tag(), e, __home_on(av, access_type_auto)) {}
  // A staging array: lives where `cpu_av` can reach it, for copies to `av`. Only
  // the CPU accelerator stages: with another first view this is a plain array on
  // it, associated with that same view, as in C++ AMP.
  array(const Concurrency::extent<N>& e, const Concurrency::accelerator_view& cpu_av,
        const Concurrency::accelerator_view& av) restrict(cpu)
      : array(__ampcl::shape_tag(), e,
              cpu_av.is_cpu_accelerator_view()
                  ? __ampcl::array_home{cpu_av, av, access_type_read_write}
                  : __home_on(cpu_av, access_type_auto)) {}
  array(const Concurrency::extent<N>& e, const Concurrency::accelerator_view& av, access_type cpu_access)
      restrict(cpu)
      : array(__ampcl::shape_tag(), e, __home_on(av, cpu_access)) {}

  // Every form below with the extent spelled out as integers:
  // array<int>(5, v.begin(), v.end()), array<float, 2>(rows, cols, av), ...
  template <class... Rest, int M = N, class = typename std::enable_if<M == 1>::type>
  explicit array(int e0, Rest&&... rest) restrict(cpu)
      : array(Concurrency::extent<1>(e0), std::forward<Rest>(rest)...) {}
  template <class... Rest, int M = N, class = typename std::enable_if<M == 2>::type>
  array(int e0, int e1, Rest&&... rest) restrict(cpu)
      : array(Concurrency::extent<2>(e0, e1), std::forward<Rest>(rest)...) {}
  template <class... Rest, int M = N, class = typename std::enable_if<M == 3>::type>
  array(int e0, int e1, int e2, Rest&&... rest) restrict(cpu)
      : array(Concurrency::extent<3>(e0, e1, e2), std::forward<Rest>(rest)...) {}

  // From host data, [first, last) or extent.size() elements from first.
  template <class It, class = typename std::iterator_traits<It>::value_type>
  array(const Concurrency::extent<N>& e, It first, It last) restrict(cpu) : array(e) {
    __fill(first, last);
  }
  template <class It, class = typename std::iterator_traits<It>::value_type>
  array(const Concurrency::extent<N>& e, It first) restrict(cpu) : array(e) {
    __fill_n(first);
  }
  template <class It, class = typename std::iterator_traits<It>::value_type>
  array(const Concurrency::extent<N>& e, It first, It last, const Concurrency::accelerator_view& av)
      restrict(cpu)
      : array(e, av) {
    __fill(first, last);
  }
  template <class It, class = typename std::iterator_traits<It>::value_type>
  array(const Concurrency::extent<N>& e, It first, const Concurrency::accelerator_view& av) restrict(cpu)
      : array(e, av) {
    __fill_n(first);
  }
  template <class It, class = typename std::iterator_traits<It>::value_type>
  array(const Concurrency::extent<N>& e, It first, It last, const Concurrency::accelerator_view& av,
        access_type cpu_access) restrict(cpu)
      : array(e, av, cpu_access) {
    __fill(first, last);
  }
  template <class It, class = typename std::iterator_traits<It>::value_type>
  array(const Concurrency::extent<N>& e, It first, const Concurrency::accelerator_view& av,
        access_type cpu_access) restrict(cpu)
      : array(e, av, cpu_access) {
    __fill_n(first);
  }
  template <class It, class = typename std::iterator_traits<It>::value_type>
  array(const Concurrency::extent<N>& e, It first, It last, const Concurrency::accelerator_view& av,
        const Concurrency::accelerator_view& assoc) restrict(cpu)
      : array(e, av, assoc) {
    __fill(first, last);
  }
  template <class It, class = typename std::iterator_traits<It>::value_type>
  array(const Concurrency::extent<N>& e, It first, const Concurrency::accelerator_view& av,
        const Concurrency::accelerator_view& assoc) restrict(cpu)
      : array(e, av, assoc) {
    __fill_n(first);
  }
  // From a view: a deep copy.
  explicit array(const array_view<const T, N>& src) restrict(cpu) : array(src.get_extent()) {
    __copy_from(src);
  }
  array(const array_view<const T, N>& src, const Concurrency::accelerator_view& av) restrict(cpu)
      : array(src.get_extent(), av) {
    __copy_from(src);
  }
  array(const array_view<const T, N>& src, const Concurrency::accelerator_view& av,
        access_type cpu_access) restrict(cpu)
      : array(src.get_extent(), av, cpu_access) {
    __copy_from(src);
  }
  // A staging array holding a copy of the view.
  array(const array_view<const T, N>& src, const Concurrency::accelerator_view& cpu_av,
        const Concurrency::accelerator_view& av) restrict(cpu)
      : array(src.get_extent(), cpu_av, av) {
    __copy_from(src);
  }

  // Deep copies, as C++ AMP's array has value semantics: where the source lives,
  // with its CPU access.
  array(const array& o) restrict(cpu) : array(__ampcl::shape_tag(), o._M_extent, o._M_core->home()) {
    o.copy_to(*this);
  }
  array(array&& o) noexcept = default;
  array& operator=(const array& o) restrict(cpu) {
    if (this != &o) {
      array copy(o);
      *this = std::move(copy);
    }
    return *this;
  }
  array& operator=(array&& o) noexcept = default;
  array& operator=(const array_view<const T, N>& src) restrict(cpu) {
    __copy_from(src);
    return *this;
  }

  // ---- properties ----
  Concurrency::extent<N> get_extent() const restrict(cpu, amp) { return _M_extent; }
  __AMPCL_PROPERTY(get = get_extent) Concurrency::extent<N> extent;
  Concurrency::accelerator_view get_accelerator_view() const restrict(cpu) {
    return _M_core->home().view;
  }
  __AMPCL_PROPERTY(get = get_accelerator_view) Concurrency::accelerator_view accelerator_view;
  Concurrency::accelerator_view get_associated_accelerator_view() const restrict(cpu) {
    return _M_core->home().associated;
  }
  __AMPCL_PROPERTY(get = get_associated_accelerator_view)
  Concurrency::accelerator_view associated_accelerator_view;
  access_type get_cpu_access_type() const restrict(cpu) { return _M_core->home().cpu_access; }
  __AMPCL_PROPERTY(get = get_cpu_access_type) access_type cpu_access_type;

  // ---- elements ----
#if __AMPCL_DEVICE_ONLY
  T& operator[](const index<N>& i) restrict(amp) { return _M_data[__offset(i)]; }
  const T& operator[](const index<N>& i) const restrict(amp) { return _M_data[__offset(i)]; }
#endif  // __AMPCL_DEVICE_ONLY
  T& operator[](const index<N>& i) restrict(cpu) { return __host_ref(i); }
  const T& operator[](const index<N>& i) const restrict(cpu) { return __host_ref(i); }
#if __AMPCL_DEVICE_ONLY
  T& operator()(const index<N>& i) restrict(amp) { return _M_data[__offset(i)]; }
  const T& operator()(const index<N>& i) const restrict(amp) { return _M_data[__offset(i)]; }
#endif  // __AMPCL_DEVICE_ONLY
  T& operator()(const index<N>& i) restrict(cpu) { return __host_ref(i); }
  const T& operator()(const index<N>& i) const restrict(cpu) { return __host_ref(i); }

#if __AMPCL_DEVICE_ONLY
  template <int M = N, class = typename std::enable_if<M == 1>::type>
  T& operator[](int i0) restrict(amp) {
    return _M_data[i0];
  }
  template <int M = N, class = typename std::enable_if<M == 1>::type>
  const T& operator[](int i0) const restrict(amp) {
    return _M_data[i0];
  }
#endif  // __AMPCL_DEVICE_ONLY
  template <int M = N, class = typename std::enable_if<M == 1>::type>
  T& operator[](int i0) restrict(cpu) {
    return __host_ref(index<1>(i0));
  }
  template <int M = N, class = typename std::enable_if<M == 1>::type>
  const T& operator[](int i0) const restrict(cpu) {
    return __host_ref(index<1>(i0));
  }
  template <int M = N, class = typename std::enable_if<(M > 1)>::type>
  array_view<T, N - 1> operator[](int i0) restrict(cpu, amp) {
    return array_view<T, N>(*this).projection(i0);
  }
  template <int M = N, class = typename std::enable_if<(M > 1)>::type>
  array_view<const T, N - 1> operator[](int i0) const restrict(cpu, amp) {
    return array_view<const T, N>(*this).projection(i0);
  }

  // Rank > 1: a(i0) is a[i0], the view of one slice along dimension 0.
  template <int M = N, class = typename std::enable_if<(M > 1)>::type>
  array_view<T, N - 1> operator()(int i0) restrict(cpu, amp) {
    return (*this)[i0];
  }
  template <int M = N, class = typename std::enable_if<(M > 1)>::type>
  array_view<const T, N - 1> operator()(int i0) const restrict(cpu, amp) {
    return (*this)[i0];
  }
#if __AMPCL_DEVICE_ONLY
  template <int M = N, class = typename std::enable_if<M == 1>::type>
  T& operator()(int i0) restrict(amp) {
    return _M_data[i0];
  }
  template <int M = N, class = typename std::enable_if<M == 1>::type>
  const T& operator()(int i0) const restrict(amp) {
    return _M_data[i0];
  }
#endif  // __AMPCL_DEVICE_ONLY
  template <int M = N, class = typename std::enable_if<M == 1>::type>
  T& operator()(int i0) restrict(cpu) {
    return __host_ref(index<1>(i0));
  }
  template <int M = N, class = typename std::enable_if<M == 1>::type>
  const T& operator()(int i0) const restrict(cpu) {
    return __host_ref(index<1>(i0));
  }
#if __AMPCL_DEVICE_ONLY
  template <int M = N, class = typename std::enable_if<M == 2>::type>
  T& operator()(int i0, int i1) restrict(amp) {
    return _M_data[i0 * _M_stride[0] + i1];
  }
  template <int M = N, class = typename std::enable_if<M == 2>::type>
  const T& operator()(int i0, int i1) const restrict(amp) {
    return _M_data[i0 * _M_stride[0] + i1];
  }
#endif  // __AMPCL_DEVICE_ONLY
  template <int M = N, class = typename std::enable_if<M == 2>::type>
  T& operator()(int i0, int i1) restrict(cpu) {
    return __host_ref(index<2>(i0, i1));
  }
  template <int M = N, class = typename std::enable_if<M == 2>::type>
  const T& operator()(int i0, int i1) const restrict(cpu) {
    return __host_ref(index<2>(i0, i1));
  }
#if __AMPCL_DEVICE_ONLY
  template <int M = N, class = typename std::enable_if<M == 3>::type>
  T& operator()(int i0, int i1, int i2) restrict(amp) {
    return _M_data[i0 * _M_stride[0] + i1 * _M_stride[1 % N] + i2];
  }
  template <int M = N, class = typename std::enable_if<M == 3>::type>
  const T& operator()(int i0, int i1, int i2) const restrict(amp) {
    return _M_data[i0 * _M_stride[0] + i1 * _M_stride[1 % N] + i2];
  }
#endif  // __AMPCL_DEVICE_ONLY
  template <int M = N, class = typename std::enable_if<M == 3>::type>
  T& operator()(int i0, int i1, int i2) restrict(cpu) {
    return __host_ref(index<3>(i0, i1, i2));
  }
  template <int M = N, class = typename std::enable_if<M == 3>::type>
  const T& operator()(int i0, int i1, int i2) const restrict(cpu) {
    return __host_ref(index<3>(i0, i1, i2));
  }

  // ---- views ----
  array_view<T, N> section(const index<N>& o, const Concurrency::extent<N>& e) restrict(cpu, amp) {
    return array_view<T, N>(*this).section(o, e);
  }
  array_view<const T, N> section(const index<N>& o, const Concurrency::extent<N>& e) const
      restrict(cpu, amp) {
    return array_view<const T, N>(*this).section(o, e);
  }
  array_view<T, N> section(const index<N>& o) restrict(cpu, amp) {
    return array_view<T, N>(*this).section(o);
  }
  array_view<const T, N> section(const index<N>& o) const restrict(cpu, amp) {
    return array_view<const T, N>(*this).section(o);
  }
  array_view<T, N> section(const Concurrency::extent<N>& e) restrict(cpu, amp) {
    return array_view<T, N>(*this).section(e);
  }
  array_view<const T, N> section(const Concurrency::extent<N>& e) const restrict(cpu, amp) {
    return array_view<const T, N>(*this).section(e);
  }
  template <int M = N, class = typename std::enable_if<M == 1>::type>
  array_view<T, 1> section(int i0, int e0) restrict(cpu, amp) {
    return array_view<T, 1>(*this).section(i0, e0);
  }
  template <int M = N, class = typename std::enable_if<M == 1>::type>
  array_view<const T, 1> section(int i0, int e0) const restrict(cpu, amp) {
    return array_view<const T, 1>(*this).section(i0, e0);
  }
  template <int M = N, class = typename std::enable_if<M == 2>::type>
  array_view<T, 2> section(int i0, int i1, int e0, int e1) restrict(cpu, amp) {
    return array_view<T, 2>(*this).section(i0, i1, e0, e1);
  }
  template <int M = N, class = typename std::enable_if<M == 2>::type>
  array_view<const T, 2> section(int i0, int i1, int e0, int e1) const restrict(cpu, amp) {
    return array_view<const T, 2>(*this).section(i0, i1, e0, e1);
  }
  template <int M = N, class = typename std::enable_if<M == 3>::type>
  array_view<T, 3> section(int i0, int i1, int i2, int e0, int e1, int e2) restrict(cpu, amp) {
    return array_view<T, 3>(*this).section(i0, i1, i2, e0, e1, e2);
  }
  template <int M = N, class = typename std::enable_if<M == 3>::type>
  array_view<const T, 3> section(int i0, int i1, int i2, int e0, int e1, int e2) const
      restrict(cpu, amp) {
    return array_view<const T, 3>(*this).section(i0, i1, i2, e0, e1, e2);
  }
  template <int K>
  array_view<T, K> view_as(const Concurrency::extent<K>& e) restrict(cpu, amp) {
    return array_view<T, N>(*this)._Reshape(e);
  }
  template <int K>
  array_view<const T, K> view_as(const Concurrency::extent<K>& e) const restrict(cpu, amp) {
    return array_view<const T, N>(*this)._Reshape(e);
  }
  template <class U>
  array_view<U, 1> reinterpret_as() restrict(cpu, amp) {
    return array_view<T, N>(*this).template reinterpret_as<U>();
  }
  template <class U>
  array_view<const U, 1> reinterpret_as() const restrict(cpu, amp) {
    return array_view<const T, N>(*this).template reinterpret_as<const U>();
  }

  // ---- host ----
#if __AMPCL_DEVICE_ONLY
  T* data() restrict(amp) { return _M_data; }
  const T* data() const restrict(amp) { return _M_data; }
#endif  // __AMPCL_DEVICE_ONLY
  // Null for an array the host cannot touch (cpu_access_type access_type_none), as
  // in C++ AMP; its elements are reached through copies then.
  // A pointer stays valid for the array's lifetime; after a launch, call data()
  // again (or wait) before using it: it waits for the device to finish with the data.
  T* data() restrict(cpu) {
    return __host_access() ? static_cast<T*>(ampcl::detail::host_data(__storage(), true))
                           : nullptr;
  }
  const T* data() const restrict(cpu) {
    return __host_access() ? static_cast<const T*>(ampcl::detail::host_data(__storage(), false))
                           : nullptr;
  }
  operator std::vector<T>() const restrict(cpu) {  // NOLINT: as C++ AMP
    std::vector<T> out(_M_extent.size());
    const std::size_t bytes = out.size() * sizeof(T);
    if (!out.empty() &&
        !ampcl::detail::read_from_device_directly(__storage(), out.data(), 0, bytes))
      std::memcpy(static_cast<void*>(out.data()), ampcl::detail::host_data(__storage(), false),
                  bytes);
    return out;
  }
  void copy_to(array& dest) const restrict(cpu);
  void copy_to(const array_view<T, N>& dest) const restrict(cpu);

  // ---- as an argument of ampcl's launches (a hand-written kernel, the library),
  // which run where the first array argument lives, as C++ AMP's do ----
  friend ampcl::detail::bound_arg bind(const array& a) restrict(cpu) {
    return __ampcl::bind_memory<T, N>(*a._M_core, a._M_extent, a._M_base, a._M_stride, "array");
  }
  friend void pick_view(const array& a, std::optional<ampcl::accelerator_view>& out) restrict(cpu) {
    if (!out) out = a.get_accelerator_view();
  }

  // ---- representation: array_view's, first the device's part ----
  Concurrency::extent<N> _M_extent;
  int _M_base;
  Concurrency::index<N> _M_stride;
  T* _M_data __AMPCL_GLOBAL_PTR;
  __ampcl::core_handle _M_core __AMPCL_VIEW_CORE;

  int __offset(const index<N>& i) const restrict(cpu, amp) {
    int off = i[N - 1];
    for (int d = 0; d < N - 1; ++d) off += i[d] * _M_stride[d];
    return off;
  }
  T& __host_ref(const index<N>& i) restrict(cpu) {
    __ampcl::check_index(_M_extent, i);
    return static_cast<T*>(__cpu_memory(true))[__offset(i)];
  }
  const T& __host_ref(const index<N>& i) const restrict(cpu) {
    __ampcl::check_index(_M_extent, i);
    return static_cast<const T*>(__cpu_memory(false))[__offset(i)];
  }
  ampcl::detail::storage& __storage() const restrict(cpu) { return _M_core->storage(); }
  bool __host_access() const restrict(cpu) {
    return get_cpu_access_type() != access_type_none;
  }

 private:
  // Where an array on `av` lives. The CPU accelerator's memory is the host's: its
  // arrays are host memory whatever access was asked for (cpu_access_type
  // access_type_read_write), as in C++ AMP, where only a device's arrays may lack it.
  static __ampcl::array_home __home_on(const Concurrency::accelerator_view& av,
                                       access_type cpu_access) restrict(cpu) {
    if (av.is_cpu_accelerator_view()) return {av, av, access_type_read_write};
    return {av, av, ampcl::detail::resolve_cpu_access(av, cpu_access)};
  }
  // Memory the host reaches in place where the array has CPU access, else the
  // device's alone.
  array(__ampcl::shape_tag, const Concurrency::extent<N>& e, __ampcl::array_home home)
      restrict(cpu)
      : _M_extent(e), _M_base(0), _M_stride(__ampcl::contiguous_strides(e)), _M_data(nullptr) {
    const std::size_t count = static_cast<std::size_t>(__size(e));
    const std::size_t bytes = count * sizeof(T);
    auto storage = home.cpu_access == access_type_none
                       ? ampcl::detail::storage_on_device(home.associated, bytes)
                       : ampcl::detail::storage_host_visible(home.associated, bytes);
    _M_core = __ampcl::core_handle(
        __ampcl::view_core::for_array<T>(std::move(storage), count, std::move(home)));
  }
  void* __cpu_memory(bool will_write) const restrict(cpu) {
    if (!__host_access())
      throw runtime_exception(
          "array: this array of " + ampcl::to_string(_M_extent) +
          " has cpu_access_type access_type_none, so the host cannot touch its memory. Copy it "
          "out (std::vector<T> v = a; or copy(a, v.begin())), view it through an array_view, "
          "or create it with access_type_read_write on an accelerator whose "
          "get_supports_cpu_shared_memory() is true");
    return ampcl::detail::host_data(__storage(), will_write);
  }
  // The element count, checked: C++ AMP throws for an extent no array can have.
  static int __size(const Concurrency::extent<N>& e) restrict(cpu) {
    long long n = 1;
    for (int d = 0; d < N; ++d) {
      if (e[d] <= 0)
        throw runtime_exception(("array: dimension " + std::to_string(d) + " of the extent is " +
                                 std::to_string(e[d]) + "; an array's extent must be positive")
                                    .c_str(),
                                E_INVALIDARG);
      n *= e[d];
      if (n > 0x7fffffffLL)
        throw runtime_exception("array: the extent holds more than 2^31 - 1 elements", E_INVALIDARG);
    }
    return static_cast<int>(n);
  }
  // Through a copy, never data(): an array on a discrete GPU has no host memory
  // (access_type_none), which is C++ AMP's default there.
  template <class It>
  void __fill(It first, It last) restrict(cpu) {
    std::vector<T> staged;
    staged.reserve(_M_extent.size());
    for (; first != last; ++first) {
      if (staged.size() == _M_extent.size())
        throw runtime_exception(("array: the source range holds more than the extent's " +
                                 std::to_string(_M_extent.size()) +
                                 " elements: pass a range of at most that many, or a larger extent")
                                    .c_str(),
                                E_INVALIDARG);
      staged.push_back(*first);
    }
    staged.resize(_M_extent.size());
    __write(staged);
  }
  template <class It>
  void __fill_n(It first) restrict(cpu) {
    std::vector<T> staged;
    staged.reserve(_M_extent.size());
    for (std::size_t i = 0; i < _M_extent.size(); ++i, ++first) staged.push_back(*first);
    __write(staged);
  }
  void __write(const std::vector<T>& staged) restrict(cpu) {
    ampcl::detail::copy_into(__storage(), 0, staged.size() * sizeof(T), staged.data());
  }
  void __copy_from(const array_view<const T, N>& src) restrict(cpu);
};

// array_view over an array: the array's buffer, its whole extent.
template <typename T, int N>
array_view<T, N>::array_view(array<__element, N>& a) restrict(cpu, amp)
    : _M_extent(a._M_extent), _M_base(0), _M_stride(a._M_stride), _M_data(a._M_data) {
  _M_core = __ampcl::reinterpret_core<T>(a._M_core);
}
template <typename T, int N>
array_view<T, N>::array_view(array<__element, N>&& a) restrict(cpu)
    : _M_extent(a._M_extent), _M_base(0), _M_stride(a._M_stride), _M_data(a._M_data) {
  _M_core = __ampcl::reinterpret_core<T>(a._M_core);
}
template <typename T, int N>
array_view<T, N>::array_view(const array<__element, N>& a) restrict(cpu, amp)
    : _M_extent(a._M_extent), _M_base(0), _M_stride(a._M_stride), _M_data(a._M_data) {
  static_assert(std::is_const<T>::value,
                "array_view<T> over a const array: a const array gives only "
                "array_view<const T>; declare the view's element type const, or view a "
                "non-const array");
  _M_core = __ampcl::reinterpret_core<T>(a._M_core);
}

}  // namespace Concurrency
