#include "launch/compile.hpp"

#include <algorithm>
#include <cctype>

#include "support/stats_counters.hpp"

namespace ampcl::detail {

std::shared_ptr<kernel_variants> make_kernel_variants() {
  return std::make_shared<kernel_variants>();
}

namespace {

// The options a launch of this rank and tile shape compiles with.
std::string launch_options(const kernel& k, int rank, const int* tile) {
  if (rank == 0) return k.options();
  std::string options = k.options();
  options += (options.empty() ? "" : " ");
  options += "-DAMPCL_RANK=" + std::to_string(rank);
  if (tile)
    for (int d = 0; d < rank; ++d)
      options += " -DAMPCL_TILE" + std::to_string(d) + "=" + std::to_string(tile[d]);
  return options;
}

}  // namespace

const kernel_variant& variant_for(device_state& dev, const kernel& k, int rank, const int* tile) {
  kernel_variants& variants = k.variants();
  const int t[3] = {tile && rank > 0 ? tile[0] : 0, tile && rank > 1 ? tile[1] : 0,
                    tile && rank > 2 ? tile[2] : 0};
  auto matches = [&](const kernel_variant& v) {  // std::equal would call memcmp
    return v.dev == &dev && v.rank == rank && v.tile[0] == t[0] && v.tile[1] == t[1] &&
           v.tile[2] == t[2];
  };
  if (const kernel_variant* last = latest_variant(dev, k, rank, tile)) {
    ++global_counters().program_cache_hits;
    return *last;
  }
  {
    std::lock_guard<std::mutex> lock(variants.m);
    const auto seen = std::find_if(variants.all.begin(), variants.all.end(),
                                   [&](const auto& v) { return matches(*v); });
    if (seen != variants.all.end()) {
      ++global_counters().program_cache_hits;
      variants.last.store(seen->get(), std::memory_order_release);
      return **seen;
    }
  }
  auto v = std::make_unique<kernel_variant>();
  v->dev = &dev;
  v->rank = rank;
  std::copy(t, t + 3, v->tile);
  v->options = launch_options(k, rank, tile);
  v->state = &launch_state_of(compile_for_device(dev, k, v->options));
  std::lock_guard<std::mutex> lock(variants.m);
  variants.all.push_back(std::move(v));
  variants.last.store(variants.all.back().get(), std::memory_order_release);
  return *variants.all.back();
}

bool build_log_blames_fp64(const std::string& log) {
  std::string lower(log);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return lower.find("double") != std::string::npos || lower.find("fp64") != std::string::npos;
}

std::shared_ptr<compiled_kernel> compile_for_device(device_state& dev, const kernel& k,
                                                    const std::string& options) {
  try {
    return dev.programs.get(dev, k.source_ptr(), options, k.name());
  } catch (const build_error& e) {
    // Only a device without fp64 turns a doubles-related failure into a missing
    // feature.
    if (dev.info.fp64 || !build_log_blames_fp64(e.build_log())) throw;
    throw unsupported_feature("kernel '" + k.name() + "' (" + k.source_name() +
                                  ") uses double precision, but " + dev.info.name +
                                  " has no cl_khr_fp64: use float in the kernel, or pick a "
                                  "device with fp64 (ampcl-info lists them). Build log:\n" +
                                  e.build_log(),
                              CL_BUILD_PROGRAM_FAILURE);
  }
}

}  // namespace ampcl::detail
