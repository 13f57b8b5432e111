// parallel_for_each and the kernel entries behind it.
//
// In the translation pass parallel_for_each calls a kernel entry, so that Clang
// instantiates it for this functor; the translator turns each instantiation into
// a kernel. In the host pass it finds that kernel by the functor's type and
// launches it (kernel_registry.h).
#pragma once

#include <ampcl/concurrency/accelerator.h>
#include <ampcl/concurrency/index.h>
#include <ampcl/concurrency/kernel_registry.h>

#include <string>
#include <typeinfo>

namespace Concurrency {
namespace __ampcl {

// C++ AMP's rule: a compute domain has no empty or negative dimension.
template <int N>
void check_compute_domain(const extent<N>& e) restrict(cpu) {
  for (int d = 0; d < N; ++d)
    if (e[d] <= 0)
      throw invalid_compute_domain(
          ("parallel_for_each: dimension " + std::to_string(d) + " of the extent is " +
           std::to_string(e[d]) + "; every dimension of a compute domain must be positive")
              .c_str());
}

// The thread's index in an untiled launch. Ranks 1 to 3 are OpenCL dimensions
// (reversed); higher ranks run as one OpenCL dimension, recovered here.
template <int N>
index<N> thread_index(const extent<N>& e) restrict(amp) {
  if (N <= 3) return global_index<N>(thread_tag());
  index<N> i;
  unsigned int linear = static_cast<unsigned int>(cl_global_id(0));
  for (int d = N - 1; d >= 0; --d) {
    i[d] = static_cast<int>(linear % static_cast<unsigned int>(e[d]));
    linear /= static_cast<unsigned int>(e[d]);
  }
  return i;
}

// The functor an entry receives is the work-item's own copy (its kernel
// arguments), which C++ AMP lets a mutable lambda change: its operator() is called
// through a non-const reference, each work-item changing only its copy.
template <int N, class F>
__AMPCL_KERNEL_ENTRY void kernel_entry(const F& f, const extent<N>& e) restrict(cpu, amp) {
  const_cast<F&>(f)(thread_index<N>(e));
}

template <int D0, int D1, int D2, class F>
__AMPCL_KERNEL_ENTRY void tiled_kernel_entry(const F& f) restrict(cpu, amp) {
  const_cast<F&>(f)(tiled_index<D0, D1, D2>(thread_tag()));
}

// What the launch needs of the functor's kernel, found once per instantiation.
template <class F>
const kernel_handle& kernel_for(const std::string& entry) {
  return find_kernel(typeid(F), entry.c_str(), sizeof(F));
}

template <int N, class F>
void run(const ampcl::accelerator_view* av, const extent<N>& e, const F& f) restrict(cpu) {
#ifdef __AMPCL_TRANSLATE__
  (void)av;
  kernel_entry<N, F>(f, e);
#else
  check_compute_domain(e);
  static const kernel_handle& k = kernel_for<F>("kernel_entry<" + std::to_string(N) + ">");
  int ext[3] = {1, 1, 1};
  int rank = N;
  if (N <= 3) {
    for (int d = 0; d < N; ++d) ext[d] = e[d];
  } else {
    rank = 1;
    ext[0] = static_cast<int>(e.size());
  }
  const void* args[] = {&f, &e};
  launch(k, av, args, rank, ext, nullptr);
#endif
}

template <int D0, int D1, int D2, class F>
void run_tiled(const ampcl::accelerator_view* av, const tiled_extent<D0, D1, D2>& e, const F& f)
    restrict(cpu) {
#ifdef __AMPCL_TRANSLATE__
  (void)av;
  (void)e;
  tiled_kernel_entry<D0, D1, D2, F>(f);
#else
  static const kernel_handle& k =
      kernel_for<F>("tiled_kernel_entry<" + std::to_string(D0) + "," + std::to_string(D1) + "," +
                    std::to_string(D2) + ">");
  const int rank = tiled_extent<D0, D1, D2>::rank;
  check_compute_domain(static_cast<const extent<rank>&>(e));
  int ext[3] = {1, 1, 1};
  for (int d = 0; d < rank; ++d) ext[d] = e[d];
  const int tile[3] = {D0, D1, D2};
  const void* args[] = {&f};
  launch(k, av, args, rank, ext, tile);
#endif
}

// C++ AMP's limits on a launched tile, checked where the kernel is launched (a
// tiled_extent alone may be larger): positive dimensions, at most 1024 threads.
template <int D0, int D1, int D2>
void check_tile() restrict(cpu) {
  static_assert(D0 > 0 && D1 >= 0 && D2 >= 0, "tile dimensions must be positive");
  static_assert(static_cast<long long>(D0) * (D1 ? D1 : 1) * (D2 ? D2 : 1) <= 1024,
                "a tile has at most 1024 threads in C++ AMP: use smaller tile dimensions");
}

}  // namespace __ampcl

// Runs `f(idx)` for every index in `e`, on `av` (or, without one, on the view of
// the arrays `f` captures, else the default view).
template <int N, typename Kernel>
void parallel_for_each(const extent<N>& e, const Kernel& f) restrict(cpu) {
  __ampcl::run<N>(nullptr, e, f);
}
template <int N, typename Kernel>
void parallel_for_each(const accelerator_view& av, const extent<N>& e, const Kernel& f)
    restrict(cpu) {
  __ampcl::run<N>(&av, e, f);
}
template <int D0, int D1, int D2, typename Kernel>
void parallel_for_each(const tiled_extent<D0, D1, D2>& e, const Kernel& f) restrict(cpu) {
  __ampcl::check_tile<D0, D1, D2>();
  __ampcl::run_tiled(nullptr, e, f);
}
template <int D0, int D1, int D2, typename Kernel>
void parallel_for_each(const accelerator_view& av, const tiled_extent<D0, D1, D2>& e,
                       const Kernel& f) restrict(cpu) {
  __ampcl::check_tile<D0, D1, D2>();
  __ampcl::run_tiled(&av, e, f);
}

// The older form with the tile as template arguments on a plain extent
// (parallel_for_each<16, 16>(e, f)), which the conformance suite still uses: the
// same as tiling the extent.
template <int D0, typename Kernel>
void parallel_for_each(const extent<1>& e, const Kernel& f) restrict(cpu) {
  parallel_for_each(e.template tile<D0>(), f);
}
template <int D0, int D1, typename Kernel>
void parallel_for_each(const extent<2>& e, const Kernel& f) restrict(cpu) {
  parallel_for_each(e.template tile<D0, D1>(), f);
}
template <int D0, int D1, int D2, typename Kernel>
void parallel_for_each(const extent<3>& e, const Kernel& f) restrict(cpu) {
  parallel_for_each(e.template tile<D0, D1, D2>(), f);
}
template <int D0, typename Kernel>
void parallel_for_each(const accelerator_view& av, const extent<1>& e, const Kernel& f)
    restrict(cpu) {
  parallel_for_each(av, e.template tile<D0>(), f);
}
template <int D0, int D1, typename Kernel>
void parallel_for_each(const accelerator_view& av, const extent<2>& e, const Kernel& f)
    restrict(cpu) {
  parallel_for_each(av, e.template tile<D0, D1>(), f);
}
template <int D0, int D1, int D2, typename Kernel>
void parallel_for_each(const accelerator_view& av, const extent<3>& e, const Kernel& f)
    restrict(cpu) {
  parallel_for_each(av, e.template tile<D0, D1, D2>(), f);
}

}  // namespace Concurrency
