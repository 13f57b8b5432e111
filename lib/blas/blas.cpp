// ampcl::blas: CLBlast calls on the buffers behind array_views.
#include <clblast.h>

#include <ampcl/blas.hpp>
#include <ampcl/errors.hpp>
#include <string>

namespace ampcl::blas::detail {

namespace {

using ampcl::detail::bound_arg;

// The view's buffer on `view`'s device, current for reading and/or writing.
cl_mem buffer_of(const accelerator_view& view, const bound_arg& v, bool read, bool write) {
  return ampcl::detail::device_buffer(*v.store, view, read, write && !v.read_only_view);
}

void check(clblast::StatusCode s, const char* routine) {
  if (s != clblast::StatusCode::kSuccess)
    throw runtime_exception(std::string("CLBlast ") + routine + " failed with status " +
                            std::to_string(static_cast<int>(s)) +
                            " (see clblast.h's StatusCode; negative values are OpenCL errors)");
}

clblast::Transpose cl_transpose(transpose t) {
  return t == transpose::yes ? clblast::Transpose::kYes : clblast::Transpose::kNo;
}

std::size_t ld(const bound_arg& v) {
  return static_cast<std::size_t>(v.shape.stride[0]);
}

}  // namespace

template <class T>
void gemm(const accelerator_view& view, transpose ta, transpose tb, T alpha, const bound_arg& a,
          const bound_arg& b, T beta, const bound_arg& c) {
  const std::size_t m = c.shape.extent[0], n = c.shape.extent[1];
  const std::size_t k = ta == transpose::no ? a.shape.extent[1] : a.shape.extent[0];
  const std::size_t am = ta == transpose::no ? a.shape.extent[0] : a.shape.extent[1];
  const std::size_t bk = tb == transpose::no ? b.shape.extent[0] : b.shape.extent[1];
  const std::size_t bn = tb == transpose::no ? b.shape.extent[1] : b.shape.extent[0];
  if (am != m || bk != k || bn != n)
    throw runtime_exception("blas::gemm: op(A) is " + std::to_string(am) + " x " +
                            std::to_string(k) + ", op(B) " + std::to_string(bk) + " x " +
                            std::to_string(bn) + ", C " + std::to_string(m) + " x " +
                            std::to_string(n) + ": the shapes do not multiply");
  if (m == 0 || n == 0) return;
  cl_command_queue q = view.queue();
  check(
      clblast::Gemm<T>(clblast::Layout::kRowMajor, cl_transpose(ta), cl_transpose(tb), m, n, k,
                       alpha, buffer_of(view, a, true, false), a.shape.offset, ld(a),
                       buffer_of(view, b, true, false), b.shape.offset, ld(b), beta,
                       buffer_of(view, c, beta != T(0), true), c.shape.offset, ld(c), &q, nullptr),
      "Gemm");
}

template <class T>
void syrk(const accelerator_view& view, bool upper, transpose ta, T alpha, const bound_arg& a,
          T beta, const bound_arg& c) {
  const std::size_t n = c.shape.extent[0];
  const std::size_t k = ta == transpose::no ? a.shape.extent[1] : a.shape.extent[0];
  if (c.shape.extent[1] != c.shape.extent[0] ||
      (ta == transpose::no ? a.shape.extent[0] : a.shape.extent[1]) != static_cast<int>(n))
    throw runtime_exception("blas::syrk: C must be n x n and op(A) n x k");
  cl_command_queue q = view.queue();
  check(clblast::Syrk<T>(clblast::Layout::kRowMajor,
                         upper ? clblast::Triangle::kUpper : clblast::Triangle::kLower,
                         cl_transpose(ta), n, k, alpha, buffer_of(view, a, true, false),
                         a.shape.offset, ld(a), beta, buffer_of(view, c, true, true),
                         c.shape.offset, ld(c), &q, nullptr),
        "Syrk");
}

template void gemm<float>(const accelerator_view&, transpose, transpose, float, const bound_arg&,
                          const bound_arg&, float, const bound_arg&);
template void gemm<double>(const accelerator_view&, transpose, transpose, double, const bound_arg&,
                           const bound_arg&, double, const bound_arg&);
template void syrk<float>(const accelerator_view&, bool, transpose, float, const bound_arg&, float,
                          const bound_arg&);
template void syrk<double>(const accelerator_view&, bool, transpose, double, const bound_arg&,
                           double, const bound_arg&);

}  // namespace ampcl::blas::detail
