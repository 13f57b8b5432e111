// array_view<T,N>: a view of data that lives on the host, in an array, or
// nowhere yet. Copies happen lazily: to the device at the first launch that uses
// the view, back to the host at the first host access, each only when needed.
#pragma once

#include <ampcl/accelerator.hpp>
#include <ampcl/completion_future.hpp>
#include <ampcl/detail/storage.hpp>
#include <ampcl/detail/view_shape.hpp>
#include <ampcl/device_copyable.hpp>
#include <ampcl/errors.hpp>
#include <ampcl/extent.hpp>

#include <memory>
#include <string>
#include <type_traits>
#include <vector>

namespace ampcl {

template <class T, int N>
class array;

template <class T, int N = 1>
class array_view {
  static_assert(is_device_copyable_v<T>,
                "array_view elements are copied bytewise: T must be trivially copyable, or say "
                "that its bytes may be copied by specializing ampcl::is_device_copyable<T> "
                "(<ampcl/device_copyable.hpp>)");

 public:
  using value_type = std::remove_const_t<T>;
  static constexpr int rank = N;
  static constexpr bool read_only = std::is_const_v<T>;

  // Over a contiguous container (std::vector, std::array); it must outlive the view.
  template <class Container,
            class = decltype(std::declval<Container&>().data() + std::declval<Container&>().size())>
  array_view(const extent<N>& ext, Container& src) : array_view(ext, src.data()) {
    check_size(src.size());
  }
  // Over raw memory of at least element_count(ext) elements.
  array_view(const extent<N>& ext, T* src)
      : array_view(ext, detail::storage_over_host(const_cast<value_type*>(src),
                                                  element_count(ext) * sizeof(T))) {}
  // Convenience forms with the extent spelled out, as in C++ AMP.
  template <class Src, int M = N, class = std::enable_if_t<M == 1>>
  array_view(int e0, Src&& src) : array_view(extent<1>(e0), std::forward<Src>(src)) {}
  template <class Src, int M = N, class = std::enable_if_t<M == 2>>
  array_view(int e0, int e1, Src&& src) : array_view(extent<2>(e0, e1), std::forward<Src>(src)) {}
  template <class Src, int M = N, class = std::enable_if_t<M == 3>>
  array_view(int e0, int e1, int e2, Src&& src)
      : array_view(extent<3>(e0, e1, e2), std::forward<Src>(src)) {}

  // A view with no data source: storage is allocated where it is first used.
  explicit array_view(const extent<N>& ext)
      : array_view(ext, detail::storage_without_source(element_count(ext) * sizeof(T))) {}
  template <int M = N, class = std::enable_if_t<M == 1>>
  explicit array_view(int e0) : array_view(extent<1>(e0)) {}
  template <int M = N, class = std::enable_if_t<M == 2>>
  array_view(int e0, int e1) : array_view(extent<2>(e0, e1)) {}
  template <int M = N, class = std::enable_if_t<M == 3>>
  array_view(int e0, int e1, int e2) : array_view(extent<3>(e0, e1, e2)) {}

  // Over an array (device-resident); host access copies through a host cache.
  array_view(array<value_type, N>& a);        // NOLINT: implicit, as in C++ AMP
  // A temporary array: the view shares its storage, which lives as long as a view
  // of it does (Visual C++ binds temporaries to the array& form).
  array_view(array<value_type, N>&& a);       // NOLINT: implicit, as in C++ AMP
  array_view(const array<value_type, N>& a);  // NOLINT (read-only views only)

  // array_view<const T> from array_view<T>.
  template <class U, class = std::enable_if_t<std::is_same_v<const U, T> && !std::is_same_v<U, T>>>
  array_view(const array_view<U, N>& other)  // NOLINT
      : storage_(other.storage()), shape_(other.shape()), ext_(other.get_extent()) {}

  extent<N> get_extent() const { return ext_; }

  // Host element access; brings the data to the host first if the device has it.
  T& operator[](const index<N>& idx) const { return host_element(offset_of(idx)); }
  T& operator()(const index<N>& idx) const { return (*this)[idx]; }
  template <int M = N, class = std::enable_if_t<M == 1>>
  T& operator()(int i) const { return (*this)[index<1>(i)]; }
  template <int M = N, class = std::enable_if_t<M == 2>>
  T& operator()(int i, int j) const { return (*this)[index<2>(i, j)]; }
  template <int M = N, class = std::enable_if_t<M == 3>>
  T& operator()(int i, int j, int k) const { return (*this)[index<3>(i, j, k)]; }

  // Rank 1: the element. Rank > 1: the projection on the most significant dimension.
  decltype(auto) operator[](int i) const {
    if constexpr (N == 1) {
      return (*this)[index<1>(i)];
    } else {
      return projection(i);
    }
  }

  array_view<T, N - 1> projection(int i) const {
    static_assert(N > 1, "projection needs rank 2 or 3");
    if (i < 0 || i >= ext_[0])
      throw runtime_exception("array_view projection index " + std::to_string(i) +
                              " is outside extent " + to_string(ext_));
    detail::view_shape s;
    s.rank = N - 1;
    s.offset = shape_.offset + i * shape_.stride[0];
    extent<N - 1> e;
    for (int d = 1; d < N; ++d) {
      s.extent[d - 1] = shape_.extent[d];
      s.stride[d - 1] = shape_.stride[d];
      e[d - 1] = ext_[d];
    }
    for (int d = N - 1; d < 3; ++d) {
      s.extent[d] = 1;
      s.stride[d] = d == 2 ? 1 : 0;
    }
    return array_view<T, N - 1>(storage_, s, e);
  }

  // The sub-rectangle starting at `origin` with extent `ext`.
  array_view section(const index<N>& origin, const extent<N>& ext) const {
    for (int d = 0; d < N; ++d) {
      if (origin[d] < 0 || ext[d] < 0 || origin[d] + ext[d] > ext_[d])
        throw runtime_exception("section at " + to_string(origin) + " of extent " +
                                to_string(ext) + " does not fit in the view's extent " +
                                to_string(ext_));
    }
    detail::view_shape s = shape_;
    s.offset = static_cast<std::int32_t>(offset_of(origin));
    for (int d = 0; d < N; ++d) s.extent[d] = ext[d];
    return array_view(storage_, s, ext);
  }
  array_view section(const index<N>& origin) const { return section(origin, ext_ - origin); }
  array_view section(const extent<N>& ext) const { return section(index<N>(), ext); }
  template <int M = N, class = std::enable_if_t<M == 1>>
  array_view section(int i0, int e0) const { return section(index<1>(i0), extent<1>(e0)); }
  template <int M = N, class = std::enable_if_t<M == 2>>
  array_view section(int i0, int i1, int e0, int e1) const {
    return section(index<2>(i0, i1), extent<2>(e0, e1));
  }
  template <int M = N, class = std::enable_if_t<M == 3>>
  array_view section(int i0, int i1, int i2, int e0, int e1, int e2) const {
    return section(index<3>(i0, i1, i2), extent<3>(e0, e1, e2));
  }

  // The element at `idx`, on the host (C++ AMP's get_ref).
  T& get_ref(const index<N>& idx) const { return (*this)[idx]; }

  // Where the data source lives: an array's view, or the CPU accelerator's default
  // view for host memory. Throws for views without a data source.
  accelerator_view get_source_accelerator_view() const {
    return detail::source_accelerator_view(*storage_, "this array_view of " + to_string(ext_));
  }

  // Copies device changes back to the host data source now.
  void synchronize() const { detail::synchronize_to_host(*storage_); }
  // The same, on the library's host worker thread.
  completion_future synchronize_async() const {
    auto st = storage_;
    return completion_future::run_on_host([st] { detail::synchronize_to_host(*st); });
  }
  // Makes the current data available on `view` (copying it there if needed).
  void synchronize_to(const accelerator_view& view) const {
    detail::device_buffer(*storage_, view, true, false);
  }
  completion_future synchronize_to_async(const accelerator_view& view) const {
    auto st = storage_;
    return completion_future::run_on_host(
        [st, view] { detail::device_buffer(*st, view, true, false); });
  }

  // The same elements as another shape (the view must be contiguous).
  template <int K>
  array_view<T, K> view_as(const extent<K>& e) const {
    require_contiguous("view_as");
    if (element_count(e) > element_count(ext_))
      throw runtime_exception("view_as: extent " + to_string(e) + " has " +
                              std::to_string(element_count(e)) + " elements but the view has only " +
                              std::to_string(element_count(ext_)));
    detail::view_shape s = detail::contiguous_shape(e);
    s.offset = shape_.offset;
    return array_view<T, K>(storage_, s, e);
  }
  // The same bytes as elements of type U, as a rank-1 view (contiguous views only).
  // Trailing bytes that do not fill a whole U are left out.
  template <class U>
  array_view<U, 1> reinterpret_as() const {
    static_assert(!std::is_const_v<T> || std::is_const_v<U>,
                  "a read-only view reinterprets only as array_view<const U>");
    static_assert(is_device_copyable_v<U>,
                  "elements are reinterpreted bytewise: U must be trivially copyable, or "
                  "ampcl::is_device_copyable<U> specialized (<ampcl/device_copyable.hpp>)");
    require_contiguous("reinterpret_as");
    const std::size_t offset_bytes = static_cast<std::size_t>(shape_.offset) * sizeof(T);
    if (offset_bytes % sizeof(U) != 0)
      throw runtime_exception("reinterpret_as: the view starts " + std::to_string(offset_bytes) +
                              " bytes into its data, not a multiple of the new element size " +
                              std::to_string(sizeof(U)));
    const extent<1> e(static_cast<int>(element_count(ext_) * sizeof(T) / sizeof(U)));
    detail::view_shape s = detail::contiguous_shape(e);
    s.offset = static_cast<std::int32_t>(offset_bytes / sizeof(U));
    return array_view<U, 1>(storage_, s, e);
  }

  // Copies the contents into `dest` (same extent).
  void copy_to(array<value_type, N>& dest) const;
  void copy_to(const array_view<value_type, N>& dest) const;

  // The host data was changed directly; the next launch must copy it again.
  void refresh() const { detail::host_changed(*storage_); }
  // The current contents are not needed: the next launch copies nothing in.
  void discard_data() const { detail::discard(*storage_); }

  // Host pointer to the first element, after synchronizing (contiguous views).
  T* data() const {
    require_contiguous("data()");
    return &host_element(shape_.offset);
  }

  bool is_contiguous() const {
    std::int64_t expect = 1;
    for (int d = N - 1; d >= 0; --d) {
      if (ext_[d] > 1 && shape_.stride[d] != expect) return false;
      expect *= ext_[d];
    }
    return true;
  }

  // Internal: what a launch binds.
  const std::shared_ptr<detail::storage>& storage() const { return storage_; }
  const detail::view_shape& shape() const { return shape_; }

  array_view(std::shared_ptr<detail::storage> st, const detail::view_shape& s, const extent<N>& e)
      : storage_(std::move(st)), shape_(s), ext_(e) {}

 private:
  void require_contiguous(const char* what) const {
    if (!is_contiguous())
      throw runtime_exception(std::string("array_view::") + what +
                              " needs a contiguous view; this section of " + to_string(ext_) +
                              " has gaps between rows: copy it into a contiguous array_view first");
  }
  array_view(const extent<N>& ext, std::shared_ptr<detail::storage> st)
      : storage_(std::move(st)), shape_(detail::contiguous_shape(ext)), ext_(ext) {}

  void check_size(std::size_t have) const {
    if (have < element_count(ext_))
      throw runtime_exception("array_view of extent " + to_string(ext_) + " needs " +
                              std::to_string(element_count(ext_)) + " elements but its source has " +
                              std::to_string(have));
  }
  std::size_t offset_of(const index<N>& idx) const {
    if (!ext_.contains(idx))
      throw runtime_exception("index " + to_string(idx) + " is outside the array_view's extent " +
                              to_string(ext_));
    std::int64_t off = shape_.offset;
    for (int d = 0; d < N; ++d) off += static_cast<std::int64_t>(idx[d]) * shape_.stride[d];
    return static_cast<std::size_t>(off);
  }
  T& host_element(std::size_t off) const {
    auto* base = static_cast<value_type*>(detail::host_data(*storage_, !read_only));
    return base[off];
  }

  std::shared_ptr<detail::storage> storage_;
  detail::view_shape shape_;
  extent<N> ext_;
};

}  // namespace ampcl
