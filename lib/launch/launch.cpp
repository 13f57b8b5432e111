// parallel_for_each and launch_ndrange end here: compile (cached), check the
// shape against the device, bind, let the launch hook rewrite, enqueue.
#include <ampcl/errors.hpp>
#include <ampcl/launch_hook.hpp>
#include <ampcl/ndrange.hpp>
#include <ampcl/parallel_for_each.hpp>

#include "devices/device_state.hpp"
#include "launch/bind.hpp"
#include "launch/feature_check.hpp"
#include "programs/kernel_source.hpp"
#include "support/stats_counters.hpp"

#include <string>

namespace ampcl::detail {

namespace {

std::string opencl_dims(const ndrange& r, const std::size_t* v) {
  std::string s;
  for (unsigned d = 0; d < r.dims; ++d) s += (d ? "x" : "") + std::to_string(v[d]);
  return s;
}

// Checks a tile shape against the device and the compiled kernel before the
// driver rejects it with a bare error code.
void check_tile(const device_state& dev, const compiled_kernel& ck, const ndrange& r,
                std::size_t dynamic_local) {
  if (!r.has_local()) return;
  std::size_t items = 1;
  for (unsigned d = 0; d < r.dims; ++d) {
    items *= r.local[d];
    if (d < dev.info.max_item_sizes.size() && r.local[d] > dev.info.max_item_sizes[d])
      throw invalid_compute_domain(
          "tile dimension " + std::to_string(r.dims - 1 - d) + " (AMP order) is " +
          std::to_string(r.local[d]) + " but " + dev.info.name + " allows at most " +
          std::to_string(dev.info.max_item_sizes[d]) + " there: use a smaller tile");
  }
  const std::size_t limit = std::min(dev.info.max_work_group, ck.max_work_group ? ck.max_work_group : dev.info.max_work_group);
  if (items > limit)
    throw invalid_compute_domain(
        "a tile of " + std::to_string(items) + " work-items is larger than kernel '" + ck.name +
        "' can run on " + dev.info.name + " (at most " + std::to_string(limit) +
        " per tile): use a smaller tile");
  const cl_ulong local = ck.static_local_bytes + dynamic_local;
  if (local > dev.info.local_mem)
    throw invalid_compute_domain(
        "kernel '" + ck.name + "' needs " + std::to_string(local) + " bytes of tile_static memory but " +
        dev.info.name + " has " + std::to_string(dev.info.local_mem) +
        " per tile: use smaller tile_static arrays or a smaller tile");
}

void enqueue(const accelerator_view& view, compiled_kernel& ck, const ndrange& r,
             const std::vector<launch_argument>& args, const std::vector<launch_argument>& extra,
             cl_event* done) {
  std::lock_guard<std::mutex> lock(ck.launch_mutex);
  set_arguments(ck, args);
  set_arguments(ck, extra, static_cast<cl_uint>(args.size()));
  const cl_int err = clEnqueueNDRangeKernel(view.queue(), ck.kernel.get(), r.dims, nullptr, r.global,
                                            r.has_local() ? r.local : nullptr, 0, nullptr, done);
  if (err != CL_SUCCESS)
    throw_cl_error(err, "clEnqueueNDRangeKernel",
                   "for kernel '" + ck.name + "' over " + opencl_dims(r, r.global) +
                       (r.has_local() ? " in tiles of " + opencl_dims(r, r.local) : "") +
                       " (OpenCL order)");
  ++global_counters().launches;
  after_enqueue(*view.state());
}

void run(const accelerator_view& view, const kernel& k, const std::string& options,
         const ndrange& r, std::vector<bound_arg>& args) {
  device_state& dev = *view.state()->dev;
  auto ck = compile_for_device(dev, k, options);
  std::size_t dynamic_local = 0;
  for (const auto& a : args)
    if (a.what == bound_arg::kind::local_memory) dynamic_local += a.local_bytes;
  check_tile(dev, *ck, r, dynamic_local);
  std::vector<launch_argument> bound = bind_arguments(view, *ck, args);

  std::shared_ptr<launch_hook> hook = view.get_launch_hook();
  if (!hook) hook = global_launch_hook();
  if (!hook) {
    enqueue(view, *ck, r, bound, {}, nullptr);
    return;
  }
  launch_record rec;
  rec.kernel_name = k.name();
  rec.source = k.source();
  rec.source_name = k.source_name();
  rec.options = options;
  rec.work_dim = r.dims;
  rec.tiled = r.has_local();
  for (unsigned d = 0; d < 3; ++d) {
    rec.global[d] = r.global[d];
    rec.local[d] = r.local[d];
  }
  rec.args = std::move(bound);
  std::optional<instrumented_launch> inst = hook->before_launch(view, rec);
  if (!inst) {
    enqueue(view, *ck, r, rec.args, {}, nullptr);
    return;
  }
  auto ick = dev.programs.get(dev, inst->source, k.source_name() + " (instrumented)", inst->options,
                              k.name());
  cl_event done = nullptr;
  enqueue(view, *ick, r, rec.args, inst->extra_args, &done);
  cl_handle<cl_event> done_handle(done);
  hook->after_launch(view, rec, *inst, done);
}

}  // namespace

accelerator_view default_launch_view() { return accelerator().get_default_view(); }

void launch(const accelerator_view& view, const kernel& k, int rank, const int* ext,
            const int* tile, std::vector<bound_arg>&& args) {
  ndrange r;
  r.dims = static_cast<unsigned>(rank);
  std::string options = k.options();
  options += (options.empty() ? "" : " ");
  options += "-DAMPCL_RANK=" + std::to_string(rank);
  for (int d = 0; d < rank; ++d) {
    if (ext[d] < 0)
      throw invalid_compute_domain("extent dimension " + std::to_string(d) + " is negative (" +
                                   std::to_string(ext[d]) + ")");
    if (ext[d] == 0) return;  // nothing to run, as in C++ AMP
    // AMP dimension d is OpenCL dimension rank-1-d.
    r.global[rank - 1 - d] = static_cast<std::size_t>(ext[d]);
    if (tile) {
      r.local[rank - 1 - d] = static_cast<std::size_t>(tile[d]);
      options += " -DAMPCL_TILE" + std::to_string(d) + "=" + std::to_string(tile[d]);
    }
  }
  run(view, k, options, r, args);
}

}  // namespace ampcl::detail

namespace ampcl {

void launch_ndrange(const accelerator_view& view, const kernel& k, const ndrange& range,
                    const std::vector<raw_arg>& args) {
  if (range.dims < 1 || range.dims > 3)
    throw invalid_compute_domain("an NDRange has 1 to 3 dimensions, not " +
                                 std::to_string(range.dims));
  for (unsigned d = 0; d < range.dims; ++d) {
    if (range.global[d] == 0) return;
    if (range.has_local() && (range.local[d] == 0 || range.global[d] % range.local[d] != 0))
      throw invalid_compute_domain(
          "global size " + std::to_string(range.global[d]) + " in OpenCL dimension " +
          std::to_string(d) + " is not a multiple of the work-group size " +
          std::to_string(range.local[d]) + ": OpenCL 1.2 needs whole work-groups");
  }
  std::vector<detail::bound_arg> bound;
  for (const raw_arg& a : args) {
    detail::bound_arg b;
    switch (a.what()) {
      case raw_arg::kind::buffer:
        b.what = detail::bound_arg::kind::raw_buffer;
        b.raw = a.mem();
        b.description = "a cl_mem buffer";
        break;
      case raw_arg::kind::bytes:
        b.what = detail::bound_arg::kind::scalar;
        b.bytes = a.data();
        b.description = "a " + std::to_string(a.data().size()) + "-byte value";
        break;
      case raw_arg::kind::local_memory:
        b.what = detail::bound_arg::kind::local_memory;
        b.local_bytes = a.local_size();
        b.description = std::to_string(a.local_size()) + " bytes of __local memory";
        break;
    }
    bound.push_back(std::move(b));
  }
  detail::run(view, k, k.options(), range, bound);
}

}  // namespace ampcl
