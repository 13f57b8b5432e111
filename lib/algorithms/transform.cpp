// out[i] = f(in[i]) or f(a[i], b[i]): kernels/transform.cl with the expression as
// its map macro, four elements per work-item (float4 loads where every view starts
// 16-byte aligned); group size from algorithms/tuning.hpp.
#include <algorithm>
#include <ampcl/errors.hpp>
#include <ampcl/transform.hpp>
#include <string>

#include "algorithms/routine.hpp"
#include "algorithms/tuning.hpp"

namespace ampcl::detail {

void transform_launch(const accelerator_view& view, const std::string& expression,
                      const bound_arg& a, const bound_arg* b, const bound_arg& out) {
  const int n = contiguous_size(a, "transform");
  if ((b && contiguous_size(*b, "transform") != n) || contiguous_size(out, "transform") != n)
    throw runtime_exception("transform: input and output views differ in size");
  const bool aligned = starts_aligned16(a) && (!b || starts_aligned16(*b)) && starts_aligned16(out);
  const std::string options = "-DT=" + std::string(a.cl_type) + (aligned ? " -DALIGNED" : "");
  const kernel k =
      b ? library_kernel_with_prefix("transform.cl", "transform_binary",
                                     "#define AMPCL_MAP2(a, b) (" + expression + ")\n", options)
        : library_kernel_with_prefix("transform.cl", "transform_unary",
                                     "#define AMPCL_MAP(x) (" + expression + ")\n", options);
  const std::size_t local = transform_tuning_for(view).group_size,
                    global = round_up(std::max(n / 4, 1), local);
  if (b)
    launch_opencl_order(view, k, 1, &global, &local, {a, *b, out, bind(n)});
  else
    launch_opencl_order(view, k, 1, &global, &local, {a, out, bind(n)});
}

}  // namespace ampcl::detail
