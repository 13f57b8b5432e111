// parallel_for_each and launch_ndrange end here: find the compiled variant
// (launch/compile.hpp), check the shape against the device, bind, let a launch
// hook rewrite, enqueue. The path without a hook allocates nothing once warm.
#include <algorithm>
#include <ampcl/errors.hpp>
#include <ampcl/launch_hook.hpp>
#include <ampcl/ndrange.hpp>
#include <ampcl/parallel_for_each.hpp>
#include <string>

#include "devices/device_state.hpp"
#include "launch/bind.hpp"
#include "launch/compile.hpp"
#include "launch/hook_state.hpp"
#include "memory/storage.hpp"
#include "programs/kernel_source.hpp"
#include "support/stats_counters.hpp"

namespace ampcl::detail {

namespace {

std::string opencl_dims(const ndrange& r, const std::size_t* v) {
  std::string s;
  for (unsigned d = 0; d < r.dims; ++d) s += (d ? "x" : "") + std::to_string(v[d]);
  return s;
}

// Checks a tile shape against the device and the compiled kernel before the
// driver rejects it with a bare error code. What the kernel itself allows is
// left to the driver (see enqueue_locked): CL_KERNEL_WORK_GROUP_SIZE is not a
// limit everywhere (NVIDIA's driver reports 256 for every kernel on an H100,
// even one compiled with reqd_work_group_size(1024, 1, 1), and runs 1024).
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
  if (items > dev.info.max_work_group)
    throw invalid_compute_domain("a tile of " + std::to_string(items) +
                                 " work-items is larger than " + dev.info.name +
                                 " allows (at most " + std::to_string(dev.info.max_work_group) +
                                 " per tile): use a smaller tile");
  const cl_ulong local = ck.static_local_bytes + dynamic_local;
  if (local > dev.info.local_mem)
    throw invalid_compute_domain("kernel '" + ck.name + "' needs " + std::to_string(local) +
                                 " bytes of tile_static memory but " + dev.info.name + " has " +
                                 std::to_string(dev.info.local_mem) +
                                 " per tile: use smaller tile_static arrays or a "
                                 "smaller tile");
}

std::size_t dynamic_local_bytes(const bound_arg* args, std::size_t count) {
  std::size_t bytes = 0;
  for (std::size_t i = 0; i < count; ++i)
    if (args[i].what == bound_arg::kind::local_memory) bytes += args[i].size;
  return bytes;
}

// A tile the driver refused, for a reason the kernel shows: it was compiled for
// another tile (reqd_work_group_size), or it says it runs fewer work-items.
void explain_refused_tile(const device_state& dev, const compiled_kernel& ck, const ndrange& r,
                          cl_int err) {
  if (err != CL_INVALID_WORK_GROUP_SIZE && err != CL_OUT_OF_RESOURCES) return;
  const std::string& device = dev.info.name;
  const std::string refused =
      " (the driver refused it with " + std::string(cl_error_name(err)) + ")";
  const std::size_t* c = ck.compiled_tile;
  if (c[0] && (c[0] != r.local[0] || (r.dims > 1 && c[1] != r.local[1]) ||
               (r.dims > 2 && c[2] != r.local[2])))
    throw invalid_compute_domain(
        "kernel '" + ck.name + "' was compiled for tiles of " + opencl_dims(r, c) +
        " (reqd_work_group_size) but launched in tiles of " + opencl_dims(r, r.local) +
        " (OpenCL order) on " + device + refused + ": launch it with the tile it was compiled for");
  std::size_t items = 1;
  for (unsigned d = 0; d < r.dims; ++d) items *= r.local[d];
  if (ck.max_work_group && items > ck.max_work_group)
    throw invalid_compute_domain("a tile of " + std::to_string(items) +
                                 " work-items is larger than kernel '" + ck.name + "' can run on " +
                                 device + refused + ", which says at most " +
                                 std::to_string(ck.max_work_group) +
                                 " per tile: use a smaller tile, or fewer registers in the kernel");
}

// Throws for an enqueue the driver refused. Out of line: the launch path's frame
// stays small (a launch's stack lines are missed again after the driver's enqueue).
[[noreturn]] __attribute__((noinline, cold)) void enqueue_failed(view_state& vs,
                                                                 kernel_launch_state& state,
                                                                 const ndrange& r, cl_int err) {
  if (r.has_local()) explain_refused_tile(*vs.dev, *state.compiled, r, err);
  throw_cl_error(err, "clEnqueueNDRangeKernel",
                 "for kernel '" + state.compiled->name + "' over " + opencl_dims(r, r.global) +
                     (r.has_local() ? " in tiles of " + opencl_dims(r, r.local) : "") +
                     " (OpenCL order)");
}

// Call with state.m held, the kernel's arguments set. Everything it reads before
// the driver's call (which evicts the caller's data from L1) is on the view's and
// the state's lines; afterwards it touches only the state's.
inline void enqueue_locked(view_state& vs, kernel_launch_state& state, const ndrange& r,
                           cl_event* done) {
  vs.check_usable();  // as accelerator_view::queue() checks every enqueue
  const bool immediate = vs.mode == queuing_mode_immediate;
  const cl_int err = clEnqueueNDRangeKernel(vs.queue.get(), state.kernel, r.dims, nullptr, r.global,
                                            r.has_local() ? r.local : nullptr, 0, nullptr, done);
  if (err != CL_SUCCESS) enqueue_failed(vs, state, r, err);
  state.launches.bump();
  if (immediate) flush_immediate(vs);
}

// The build of a hook's rewritten kernel: the variant's last one while the hook
// hands back the same text object and options, else from the program cache.
kernel_launch_state& hooked_state(device_state& dev, const kernel& k, const kernel_variant& v,
                                  const instrumented_launch& inst) {
  if (!inst.source)
    throw runtime_exception(
        "the launch hook's before_launch returned an instrumented_launch for kernel '" + k.name() +
        "' with no source: set its source to the program to run, or return "
        "std::nullopt to run the kernel as it is");
  std::lock_guard<std::mutex> lock(v.hooked_m);
  if (v.hooked_source != inst.source || v.hooked_options != inst.options) {
    v.hooked_state =
        &launch_state_of(dev.programs.get(dev, *inst.source, k.source_name() + " (instrumented)",
                                          inst.options, k.name(), inst.program));
    v.hooked_source = inst.source;
    v.hooked_options = inst.options;
  }
  return *v.hooked_state;
}

// The hook sees the bound launch and may run a rewritten kernel with extra
// arguments instead; it hears of the completion event afterwards.
void run_with_hook(const accelerator_view& view, const std::shared_ptr<launch_hook>& hook,
                   const kernel& k, const kernel_variant& v, const ndrange& r,
                   const bound_arg* args, std::size_t count) {
  device_state& dev = *view.state()->dev;
  launch_record rec;
  rec.kernel_name = k.name();
  rec.source = std::shared_ptr<const std::string>(k.source_ptr(), &k.source());
  rec.source_name = k.source_name();
  rec.options = v.options;
  rec.work_dim = r.dims;
  rec.tiled = r.has_local();
  for (unsigned d = 0; d < 3; ++d) {
    rec.global[d] = r.global[d];
    rec.local[d] = r.local[d];
  }
  rec.args = bind_for_hook(view, *v.state, args, count);
  std::optional<instrumented_launch> inst = hook->before_launch(view, rec);
  if (!inst) {
    std::lock_guard<std::mutex> lock(v.state->m);
    v.state->previous.forget();
    set_described(*v.state, rec.args);
    enqueue_locked(*view.state(), *v.state, r, nullptr);
    return;
  }
  kernel_launch_state& rewritten = hooked_state(dev, k, v, *inst);
  cl_handle<cl_event> done;
  {
    std::lock_guard<std::mutex> lock(rewritten.m);
    rewritten.previous.forget();
    set_described(rewritten, rec.args);
    set_described(rewritten, inst->extra_args, static_cast<cl_uint>(rec.args.size()));
    enqueue_locked(*view.state(), rewritten, r, done.receive());
    done.adopted();
  }
  for (std::size_t i = 0; i < count; ++i)  // host/device hazards: see storage::note_launch
    if (args[i].what == bound_arg::kind::memory) args[i].store->note_launch(done.get());
  hook->after_launch(view, rec, *inst, done.get());
}

// The hook for this launch, when any may apply.
std::shared_ptr<launch_hook> hook_for(const accelerator_view& view) {
  std::shared_ptr<launch_hook> hook = view.get_launch_hook();
  return hook ? hook : global_launch_hook();
}

// A launch that is not a repeat: check the tile, bind (setting what changed), enqueue.
// Call with state.m held. Out of line, so that a repeat's frame stays small.
__attribute__((noinline)) void bind_and_enqueue(const accelerator_view& view,
                                                kernel_launch_state& state, const ndrange& r,
                                                const bound_arg* args, std::size_t count) {
  view_state& vs = *view.state();
  check_tile(*vs.dev, *state.compiled, r, dynamic_local_bytes(args, count));
  const std::uint64_t epoch = storage_epoch.load(std::memory_order_acquire);
  state.previous.forget();  // binding may fail half-way
  const bool resident = bind_and_set(view, state, args, count);
  enqueue_locked(vs, state, r, nullptr);
  if (resident) state.previous.keep(epoch, &vs, r, args, count);
}

// A launch with a hook to ask, or of a variant not the kernel's latest (compiled
// on first use). Out of line, as above.
__attribute__((noinline)) void run_other(const accelerator_view& view, const kernel& k, int rank,
                                         const int* tile, const ndrange& r, const bound_arg* args,
                                         std::size_t count, const kernel_variant* latest) {
  device_state& dev = *view.state()->dev;
  const kernel_variant& v = latest ? *latest : variant_for(dev, k, rank, tile);
  if (any_launch_hook()) {
    if (std::shared_ptr<launch_hook> hook = hook_for(view)) {
      if (latest) ++global_counters().program_cache_hits;
      check_tile(dev, *v.state->compiled, r, dynamic_local_bytes(args, count));
      run_with_hook(view, hook, k, v, r, args, count);
      return;
    }
  }
  kernel_launch_state& state = *v.state;
  std::lock_guard<std::mutex> lock(state.m);
  if (latest) state.cache_hits.bump();
  if (state.previous.repeated_by(view.state().get(), r, args, count)) {
    enqueue_locked(*view.state(), state, r, nullptr);
    state.repeat_launches.bump();
    return;
  }
  bind_and_enqueue(view, state, r, args, count);
}

// The warm path: the kernel's latest variant, no hook, and a repeat of its previous
// launch (no binding, no clSetKernelArg) or else binding. It allocates nothing,
// takes one lock and makes no locked read-modify-write besides. Inlined into
// launch(): one frame fewer to pop after the driver's call.
__attribute__((always_inline)) inline void run(const accelerator_view& view, const kernel& k,
                                               int rank, const int* tile, const ndrange& r,
                                               const bound_arg* args, std::size_t count) {
  view_state& vs = *view.state();
  vs.check_usable();  // a view the watchdog removed takes no more work
  const kernel_variant* latest = latest_variant(*vs.dev, k, rank, tile);
  if (!latest || any_launch_hook()) return run_other(view, k, rank, tile, r, args, count, latest);
  kernel_launch_state& state = *latest->state;
  std::lock_guard<std::mutex> lock(state.m);
  state.cache_hits.bump();
  if (state.previous.repeated_by(&vs, r, args, count)) {
    enqueue_locked(vs, state, r, nullptr);
    state.repeat_launches.bump();
    return;
  }
  bind_and_enqueue(view, state, r, args, count);
}

}  // namespace

accelerator_view default_launch_view() {
  return accelerator().get_default_view();
}

void launch(const accelerator_view& view, const kernel& k, int rank, const int* ext,
            const int* tile, const bound_arg* args, std::size_t count) {
  ndrange r;
  r.dims = static_cast<unsigned>(rank);
  for (int d = 0; d < rank; ++d) {
    if (ext[d] < 0)
      throw invalid_compute_domain("extent dimension " + std::to_string(d) + " is negative (" +
                                   std::to_string(ext[d]) + ")");
    if (ext[d] == 0) return;  // nothing to run, as in C++ AMP
    // AMP dimension d is OpenCL dimension rank-1-d.
    r.global[rank - 1 - d] = static_cast<std::size_t>(ext[d]);
    if (tile) r.local[rank - 1 - d] = static_cast<std::size_t>(tile[d]);
  }
  run(view, k, rank, tile, r, args, count);
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
  std::vector<detail::bound_arg> bound(args.size());
  for (std::size_t i = 0; i < args.size(); ++i) {
    const raw_arg& a = args[i];
    detail::bound_arg& b = bound[i];
    switch (a.what()) {
      case raw_arg::kind::buffer:
        b.what = detail::bound_arg::kind::raw_buffer;
        b.raw = a.mem();
        break;
      case raw_arg::kind::bytes:
        b.what = detail::bound_arg::kind::scalar;
        b.value = a.data().data();
        b.size = a.data().size();
        break;
      case raw_arg::kind::local_memory:
        b.what = detail::bound_arg::kind::local_memory;
        b.size = a.local_size();
        break;
    }
  }
  detail::run(view, k, 0, nullptr, range, bound.data(), bound.size());
}

std::vector<kernel_parameter> kernel_parameters(const accelerator_view& view, const kernel& k) {
  view.state()->check_usable();
  const detail::kernel_variant& v =
      detail::variant_for(*view.state()->dev, k, 0, nullptr);  // launch_ndrange's variant
  const detail::compiled_kernel& ck = *v.state->compiled;
  std::vector<kernel_parameter> out(ck.params.size());
  for (std::size_t i = 0; i < out.size(); ++i) {
    const detail::param_info& p = ck.params[i];
    out[i].name = p.name;
    out[i].type_name = p.type_name;
    out[i].address = p.address;
    out[i].pointee_const = p.pointee_const;
  }
  return out;
}

}  // namespace ampcl
