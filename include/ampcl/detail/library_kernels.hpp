// Shared plumbing of the kernel library (tile_average.hpp, reduce.hpp, ...): cached
// kernel objects and launches in OpenCL order on the view that holds the data.
#pragma once

#include <ampcl/accelerator.hpp>
#include <ampcl/array_view.hpp>
#include <ampcl/kernel.hpp>
#include <ampcl/parallel_for_each.hpp>
#include <cstddef>
#include <string>

namespace ampcl::detail {

// A built-in kernel (kernels/<file>) with build options, created once per
// (file, name, options): launches then hit the program cache's fast path, which
// is keyed by the kernel's source object.
kernel library_kernel(const std::string& file, const std::string& name, const std::string& options);
// Same for a source made from a prefix (e.g. "#define AMPCL_MAP(x) ...") followed
// by the built-in file's text.
kernel library_kernel_with_prefix(const std::string& file, const std::string& name,
                                  const std::string& prefix, const std::string& options);

// The view a library call runs on when none is given: the one that already holds
// the storage's device copy, else the default view.
accelerator_view library_view(const std::shared_ptr<storage>& s);

// Whether the accelerator is a CPU (PoCL): picks CPU-friendly kernel variants.
bool library_device_is_cpu(const accelerator_view& view);
unsigned library_compute_units(const accelerator_view& view);

// A cl_mem the library owns (scratch), bound to a plain __global pointer parameter.
struct raw_buffer_arg {
  cl_mem mem;
};
inline bound_arg bind(const raw_buffer_arg& r) {
  bound_arg b;
  b.what = bound_arg::kind::raw_buffer;
  b.raw = r.mem;
  return b;
}

// Enqueues `k` over `global` (OpenCL order, `dims` of them) in work-groups of
// `local`; each global size must be a multiple of its local size.
template <class... Args>
void launch_opencl_order(const accelerator_view& view, const kernel& k, int dims,
                         const std::size_t* global, const std::size_t* local, const Args&... args) {
  int ext[3], tile[3];
  for (int d = 0; d < dims; ++d) {  // AMP dimension d is OpenCL dimension dims-1-d
    ext[d] = static_cast<int>(global[dims - 1 - d]);
    tile[d] = static_cast<int>(local[dims - 1 - d]);
  }
  const auto bound = bind_all(args...);
  launch(view, k, dims, ext, tile, bound.data(), bound.size());
}

inline std::size_t round_up(std::size_t n, std::size_t m) {
  return (n + m - 1) / m * m;
}

template <class T, int N>
bool starts_aligned16(const array_view<T, N>& v) {
  return v.shape().offset % (16 / static_cast<int>(sizeof(T) < 16 ? sizeof(T) : 16)) == 0;
}

}  // namespace ampcl::detail
