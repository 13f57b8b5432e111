#include "algorithms/routine.hpp"

#include <ampcl/detail/library_kernels.hpp>
#include <ampcl/errors.hpp>
#include <cstring>
#include <map>
#include <mutex>
#include <tuple>

#include "devices/device_state.hpp"
#include "memory/storage.hpp"
#include "programs/kernel_source.hpp"

namespace ampcl::detail {

namespace {

std::mutex cache_mutex;
// Never shrinks: one entry per (file, name, prefix, options) the program uses.
std::map<std::tuple<std::string, std::string, std::string, std::string>, kernel>& kernel_cache() {
  static auto* cache =
      new std::map<std::tuple<std::string, std::string, std::string, std::string>, kernel>();
  return *cache;
}

}  // namespace

kernel library_kernel_with_prefix(const std::string& file, const std::string& name,
                                  const std::string& prefix, const std::string& options) {
  std::lock_guard<std::mutex> lock(cache_mutex);
  auto& cache = kernel_cache();
  const auto key = std::make_tuple(file, name, prefix, options);
  auto it = cache.find(key);
  if (it != cache.end()) return it->second;
  kernel k = prefix.empty() ? kernel::builtin(file, name) : [&] {
    const char* text = embedded_kernel(file);
    if (!text) throw runtime_exception("ampcl has no built-in kernel file '" + file + "'");
    return kernel::from_source(prefix + "#line 1\n" + text, name, "kernels/" + file);
  }();
  if (!options.empty()) k = k.with_option(options);
  return cache.emplace(key, k).first->second;
}

kernel library_kernel(const std::string& file, const std::string& name,
                      const std::string& options) {
  return library_kernel_with_prefix(file, name, "", options);
}

accelerator_view library_view(const std::shared_ptr<storage>& s) {
  if (auto v = s->device_view()) return accelerator_view(v);
  return default_launch_view();
}

bool library_device_is_cpu(const accelerator_view& view) {
  return (view.state()->dev->info.type & CL_DEVICE_TYPE_CPU) != 0;
}

unsigned library_compute_units(const accelerator_view& view) {
  return view.state()->dev->info.compute_units;
}

void launch_opencl_order(const accelerator_view& view, const kernel& k, int dims,
                         const std::size_t* global, const std::size_t* local,
                         std::initializer_list<bound_arg> args) {
  int ext[3], tile[3];
  for (int d = 0; d < dims; ++d) {  // AMP dimension d is OpenCL dimension dims-1-d
    ext[d] = static_cast<int>(global[dims - 1 - d]);
    tile[d] = static_cast<int>(local[dims - 1 - d]);
  }
  launch(view, k, dims, ext, tile, args.begin(), args.size());
}

int contiguous_size(const bound_arg& v, const char* what) {
  const view_shape& s = v.shape;
  std::int64_t expect = 1;
  for (int d = s.rank - 1; d >= 0; --d) {
    if (s.extent[d] > 1 && s.stride[d] != expect)
      throw runtime_exception(std::string(what) +
                              ": the kernel library's element-wise functions "
                              "need contiguous views; this one is a section with gaps");
    expect *= s.extent[d];
  }
  return static_cast<int>(expect);
}

bool starts_aligned16(const bound_arg& v) {
  const int per16 = 16 / static_cast<int>(v.element_size < 16 ? v.element_size : 16);
  return v.shape.offset % per16 == 0;
}

bool is_scalar_type(const bound_arg& v) {
  for (const char* t :
       {"char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "float", "double"})
    if (std::strcmp(v.cl_type, t) == 0) return true;
  return false;
}

}  // namespace ampcl::detail
