#include <ampcl/detail/library_kernels.hpp>
#include <ampcl/reduce.hpp>
#include <map>
#include <mutex>
#include <tuple>

#include "devices/device_state.hpp"
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

int reduce_groups(const accelerator_view& view, int n) {
  // Eight groups per compute unit fill a GPU (2048 work-items per SM); beyond
  // that, each work-item should still fold at least 16 float4s.
  const int fill = static_cast<int>(library_compute_units(view)) * 8;
  const int useful = n / (reduce_group_size * 4 * 16);
  return std::max(1, std::min(fill, useful));
}

array<unsigned char, 1>& reduce_scratch(const accelerator_view& view, std::size_t bytes) {
  static std::mutex m;
  static auto* scratch = new std::map<view_state*, std::unique_ptr<array<unsigned char, 1>>>();
  std::lock_guard<std::mutex> lock(m);
  auto& slot = (*scratch)[view.state().get()];
  // Views live as long as the program in practice; the map keeps its scratch.
  if (!slot || slot->get_extent().size() < bytes)
    slot = std::make_unique<array<unsigned char, 1>>(
        static_cast<int>(std::max<std::size_t>(bytes, 4096)), view);
  return *slot;
}

}  // namespace ampcl::detail
