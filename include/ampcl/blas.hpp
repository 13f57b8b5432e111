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
template <class A, class B, class T>
void gemm(const accelerator_view& view, transpose ta, transpose tb, T alpha,
          const array_view<A, 2>& a, const array_view<B, 2>& b, T beta, const array_view<T, 2>& c) {
  static_assert(
      std::is_same_v<std::remove_const_t<A>, T> && std::is_same_v<std::remove_const_t<B>, T>,
      "blas::gemm: element types differ");
  detail::gemm<T>(view, ta, tb, alpha, ampcl::detail::bind(a), ampcl::detail::bind(b), beta,
                  ampcl::detail::bind(c));
}
template <class A, class B, class T>
void gemm(transpose ta, transpose tb, T alpha, const array_view<A, 2>& a, const array_view<B, 2>& b,
          T beta, const array_view<T, 2>& c) {
  gemm(ampcl::detail::library_view(c.storage()), ta, tb, alpha, a, b, beta, c);
}

// C = alpha * op(A) * op(A)^T + beta * C on the upper or lower triangle of C.
template <class A, class T>
void syrk(const accelerator_view& view, bool upper, transpose ta, T alpha,
          const array_view<A, 2>& a, T beta, const array_view<T, 2>& c) {
  static_assert(std::is_same_v<std::remove_const_t<A>, T>, "blas::syrk: element types differ");
  detail::syrk<T>(view, upper, ta, alpha, ampcl::detail::bind(a), beta, ampcl::detail::bind(c));
}
template <class A, class T>
void syrk(bool upper, transpose ta, T alpha, const array_view<A, 2>& a, T beta,
          const array_view<T, 2>& c) {
  syrk(ampcl::detail::library_view(c.storage()), upper, ta, alpha, a, beta, c);
}

}  // namespace ampcl::blas
