// What the kernel library's headers (gemm.hpp, reduce.hpp, ...) share: binding
// views for a routine, and the view a call runs on when none is given. The
// routines themselves, with their variants and tuning, are lib/algorithms/<op>.cpp.
#pragma once

#include <ampcl/accelerator.hpp>
#include <ampcl/array_view.hpp>
#include <ampcl/parallel_for_each.hpp>
#include <memory>
#include <type_traits>

namespace ampcl::detail {

// The view that already holds the storage's device copy, else the default view.
accelerator_view library_view(const std::shared_ptr<storage>& s);

// What a routine asks of the views it takes: the element type, const for a
// read-only view, the rank, and the storage behind it.
template <class V>
struct view_traits {
  static constexpr bool is_view = false;
};
template <class T, int N>
struct view_traits<array_view<T, N>> {
  static constexpr bool is_view = true;
  using element = T;
  static constexpr int rank = N;
  static const std::shared_ptr<storage>& storage_of(const array_view<T, N>& v) {
    return v._M_core->storage_ptr();
  }
};

template <class... V>
constexpr bool are_views_v = (view_traits<V>::is_view && ...);
template <class V>
using view_element_t = typename view_traits<V>::element;
template <class V>
constexpr int view_rank_v = view_traits<V>::rank;
// Whether a routine may read a view of element type In and write one of Out.
template <class In, class Out>
constexpr bool same_elements_v =
    std::is_same_v<std::remove_const_t<view_element_t<In>>, view_element_t<Out>>;

// A view binds through its own bind(), found by argument-dependent lookup.
template <class V>
bound_arg bind_view(const V& v) {
  return bind(v);
}
// The view a routine runs on when the call names none.
template <class V>
accelerator_view library_view_of(const V& v) {
  return library_view(view_traits<V>::storage_of(v));
}

}  // namespace ampcl::detail
