// result[0] = the reduction of `in`: two passes of kernels/reduce.cl (partials per
// work-group into a scratch buffer, then one work-group folds them), its -D strings
// and geometry; group size and count from algorithms/tuning.hpp.
#include <algorithm>
#include <ampcl/detail/storage.hpp>
#include <ampcl/reduce.hpp>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "algorithms/routine.hpp"
#include "algorithms/tuning.hpp"
#include "memory/storage.hpp"

namespace ampcl::detail {

namespace {

// Enough work-groups to fill the device, no more than the input keeps busy.
int first_pass_groups(const accelerator_view& view, const reduce_tuning& t, int n) {
  const int fill = static_cast<int>(library_compute_units(view)) * t.groups_per_unit;
  const int useful = n / (t.group_size * 4 * t.min_vectors_per_item);
  return std::max(1, std::min(fill, useful));
}

// The partials' buffer on `view`, at least `bytes`, kept per view and reused.
cl_mem scratch_buffer(const accelerator_view& view, std::size_t bytes) {
  struct scratch {
    std::size_t bytes = 0;
    std::shared_ptr<storage> memory;
  };
  static std::mutex m;
  static auto* scratches = new std::map<view_state*, scratch>();
  std::lock_guard<std::mutex> lock(m);
  scratch& slot = (*scratches)[view.state().get()];
  // Views live as long as the program in practice; the map keeps its scratch.
  if (!slot.memory || slot.bytes < bytes) {
    slot.bytes = std::max<std::size_t>(bytes, 4096);
    slot.memory = storage_on_device(view, slot.bytes);
  }
  return slot.memory->device_buffer(view, false, true);
}

}  // namespace

void reduce_launch(const accelerator_view& view, const bound_arg& in, const bound_arg& result,
                   reduce_op op, const bound_arg& identity) {
  const int n = contiguous_size(in, "reduce");
  const reduce_tuning t = reduce_tuning_for(view);
  const int groups = first_pass_groups(view, t, n);
  const cl_mem partials = scratch_buffer(view, groups * in.element_size);
  const std::string options =
      "-DT=" + std::string(in.cl_type) + " -DOP=" + std::to_string(static_cast<int>(op)) +
      " -DWG=" + std::to_string(t.group_size) + (starts_aligned16(in) ? " -DALIGNED" : "") +
      (library_device_is_cpu(view) ? " -DCONTIGUOUS" : "");
  const kernel first = library_kernel("reduce.cl", "reduce_partials", options);
  const kernel last = library_kernel("reduce.cl", "reduce_final", options);
  std::size_t local = t.group_size, global = local * groups;
  launch_opencl_order(view, first, 1, &global, &local,
                      {in, bind(n), identity, raw_buffer_arg(partials)});
  global = local;
  launch_opencl_order(view, last, 1, &global, &local,
                      {raw_buffer_arg(partials), bind(groups), identity, result});
}

}  // namespace ampcl::detail
