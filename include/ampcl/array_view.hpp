// array_view<T, N>, array<T, N>, copy() and copy_async(): C++ AMP's classes and
// functions (ampcl/concurrency/array_view.h, array.h, copy.h), named here for
// ampcl's API. Copies are lazy: to the device at the first launch that uses a
// view, back to the host at the first host access, each only when needed.
//
// ampcl's launches take them too: a hand-written OpenCL C kernel through
// ampcl::parallel_for_each (parallel_for_each.hpp) sees a view of rank 1 to 3 as
// an AMPCL_VIEW parameter, and the library's routines (gemm.hpp, reduce.hpp, ...)
// take them as arguments.
#pragma once

// What C++ AMP's headers use of ampcl's, read before the stretch (stretches do
// not nest).
#include <ampcl/accelerator.hpp>
#include <ampcl/completion_future.hpp>
#include <ampcl/detail/bound_arg.hpp>
#include <ampcl/detail/storage.hpp>
#include <ampcl/detail/strided_copy.hpp>
#include <ampcl/device_copyable.hpp>
#include <ampcl/errors.hpp>
#include <ampcl/extent.hpp>

// C++ AMP's classes inside a stretch (cpp_amp_begin.h): the order is the meaning.
// clang-format off
#include <ampcl/detail/cpp_amp_begin.h>
#include <ampcl/concurrency/copy.h>
#include <ampcl/detail/cpp_amp_end.h>
// clang-format on

namespace ampcl {

using Concurrency::array;
using Concurrency::array_view;
using Concurrency::copy;
using Concurrency::copy_async;

namespace detail {
// The storage behind an array or array_view: its buffers, for benchmarks and the
// library (detail::device_buffer, ...).
template <class T, int N>
storage& storage_of(const array_view<T, N>& v) {
  return v._M_core->storage();
}
template <class T, int N>
storage& storage_of(const array<T, N>& a) {
  return a._M_core->storage();
}
}  // namespace detail

}  // namespace ampcl
