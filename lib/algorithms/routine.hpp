// What every routine of the kernel library (lib/algorithms/<op>.cpp) uses: its
// kernels, built once per set of options; launches in OpenCL order on the bound
// arguments; and the facts about views and devices that choose its variants.
#pragma once

#include <ampcl/accelerator.hpp>
#include <ampcl/detail/bound_arg.hpp>
#include <ampcl/kernel.hpp>
#include <ampcl/parallel_for_each.hpp>
#include <cstddef>
#include <string>

namespace ampcl::detail {

// A built-in kernel (kernels/<file>) with build options, created once per
// (file, name, options): launches then hit its compiled variants at once.
kernel library_kernel(const std::string& file, const std::string& name, const std::string& options);
// Same for a source made from a prefix (e.g. "#define AMPCL_MAP(x) ...") followed
// by the built-in file's text.
kernel library_kernel_with_prefix(const std::string& file, const std::string& name,
                                  const std::string& prefix, const std::string& options);

// Whether the accelerator is a CPU (PoCL): picks CPU-friendly kernel variants.
bool library_device_is_cpu(const accelerator_view& view);
unsigned library_compute_units(const accelerator_view& view);

// A cl_mem the library owns (scratch), bound to a plain __global pointer parameter.
inline bound_arg raw_buffer_arg(cl_mem mem) {
  bound_arg b;
  b.what = bound_arg::kind::raw_buffer;
  b.raw = mem;
  return b;
}

// Enqueues `k` over `global` (OpenCL order, `dims` of them) in work-groups of
// `local`; each global size must be a multiple of its local size.
void launch_opencl_order(const accelerator_view& view, const kernel& k, int dims,
                         const std::size_t* global, const std::size_t* local,
                         std::initializer_list<bound_arg> args);

inline std::size_t round_up(std::size_t n, std::size_t m) {
  return (n + m - 1) / m * m;
}

// The elements of a bound array or view, which must be contiguous (the
// element-wise routines' rule); `what` names the routine in the error.
int contiguous_size(const bound_arg& v, const char* what);
// Whether the view's first element sits on a 16-byte boundary of its buffer.
bool starts_aligned16(const bound_arg& v);
// Whether the element type is an OpenCL scalar (char .. double), which has vector types.
bool is_scalar_type(const bound_arg& v);

}  // namespace ampcl::detail
