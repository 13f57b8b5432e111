// CLBlast on array_views: level-3 BLAS on the view's own queue, row-major, no copies
// beyond those the views need anyway (link ampcl::blas; built when CLBlast is found).
//
//   ampcl::blas::gemm(ampcl::blas::transpose::no, ampcl::blas::transpose::no,
//                     1.0f, a, b, 0.0f, c);          // c = a * b
#pragma once

#include <ampcl/detail/library_kernels.hpp>
#include <type_traits>

namespace ampcl::blas {

enum class transpose { no, yes };

namespace detail {
// Reads the shapes of the bound views; op(A) is M x K, op(B) K x N, C M x N.
template <class T>
void gemm(const accelerator_view& view, transpose ta, transpose tb, T alpha,
          const ampcl::detail::bound_arg& a, const ampcl::detail::bound_arg& b, T beta,
          const ampcl::detail::bound_arg& c);
template <class T>
void syrk(const accelerator_view& view, bool upper, transpose ta, T alpha,
          const ampcl::detail::bound_arg& a, T beta, const ampcl::detail::bound_arg& c);
}  // namespace detail

// C = alpha * op(A) * op(B) + beta * C; T is float or double.
template <class A, class B, class C, class T,
          class = std::enable_if_t<ampcl::detail::are_views_v<A, B, C>>>
void gemm(const accelerator_view& view, transpose ta, transpose tb, T alpha, const A& a,
          const B& b, T beta, const C& c) {
  static_assert(ampcl::detail::same_elements_v<A, C> && ampcl::detail::same_elements_v<B, C> &&
                    std::is_same_v<ampcl::detail::view_element_t<C>, T>,
                "blas::gemm: element types differ");
  static_assert(ampcl::detail::view_rank_v<A> == 2 && ampcl::detail::view_rank_v<B> == 2 &&
                    ampcl::detail::view_rank_v<C> == 2,
                "blas::gemm: matrices (rank 2)");
  detail::gemm<T>(view, ta, tb, alpha, ampcl::detail::bind_view(a), ampcl::detail::bind_view(b),
                  beta, ampcl::detail::bind_view(c));
}
template <class A, class B, class C, class T,
          class = std::enable_if_t<ampcl::detail::are_views_v<A, B, C>>>
void gemm(transpose ta, transpose tb, T alpha, const A& a, const B& b, T beta, const C& c) {
  gemm(ampcl::detail::library_view_of(c), ta, tb, alpha, a, b, beta, c);
}

// C = alpha * op(A) * op(A)^T + beta * C on the upper or lower triangle of C.
template <class A, class C, class T, class = std::enable_if_t<ampcl::detail::are_views_v<A, C>>>
void syrk(const accelerator_view& view, bool upper, transpose ta, T alpha, const A& a, T beta,
          const C& c) {
  static_assert(ampcl::detail::same_elements_v<A, C> &&
                    std::is_same_v<ampcl::detail::view_element_t<C>, T>,
                "blas::syrk: element types differ");
  static_assert(ampcl::detail::view_rank_v<A> == 2 && ampcl::detail::view_rank_v<C> == 2,
                "blas::syrk: matrices (rank 2)");
  detail::syrk<T>(view, upper, ta, alpha, ampcl::detail::bind_view(a), beta,
                  ampcl::detail::bind_view(c));
}
template <class A, class C, class T, class = std::enable_if_t<ampcl::detail::are_views_v<A, C>>>
void syrk(bool upper, transpose ta, T alpha, const A& a, T beta, const C& c) {
  syrk(ampcl::detail::library_view_of(c), upper, ta, alpha, a, beta, c);
}

}  // namespace ampcl::blas
