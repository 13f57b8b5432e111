// parallel_for_each and launch_ndrange end here: find the compiled kernel (memo,
// then program cache), check the shape against the device, bind, let a launch
// hook rewrite, enqueue. The path without a hook allocates nothing once warm.
#include <algorithm>
#include <ampcl/errors.hpp>
#include <ampcl/launch_hook.hpp>
#include <ampcl/ndrange.hpp>
#include <ampcl/parallel_for_each.hpp>
#include <atomic>
#include <string>

#include "devices/device_state.hpp"
#include "launch/bind.hpp"
#include "launch/feature_check.hpp"
#include "launch/hook_state.hpp"
#include "memory/storage.hpp"
#include "programs/kernel_source.hpp"
#include "support/stats_counters.hpp"

namespace ampcl::detail {

// The compiled kernels one `kernel` object has launched, by device and launch shape.
struct launch_memo {
  struct entry {
    const device_state* dev;
    int rank;  // 0: launch_ndrange, whose options are the kernel's own
    int tile[3];
    std::shared_ptr<compiled_kernel> compiled;
    std::string options;
  };
  std::atomic<const entry*> last{nullptr};  // the latest found: no lock to check it
  std::mutex m;
  std::vector<std::unique_ptr<entry>> entries;  // only ever grows
};

std::shared_ptr<launch_memo> make_launch_memo() {
  return std::make_shared<launch_memo>();
}

namespace {

std::string opencl_dims(const ndrange& r, const std::size_t* v) {
  std::string s;
  for (unsigned d = 0; d < r.dims; ++d) s += (d ? "x" : "") + std::to_string(v[d]);
  return s;
}

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

const launch_memo::entry& compiled_for(device_state& dev, const kernel& k, int rank,
                                       const int* tile) {
  launch_memo& memo = k.memo();
  const int t[3] = {tile && rank > 0 ? tile[0] : 0, tile && rank > 1 ? tile[1] : 0,
                    tile && rank > 2 ? tile[2] : 0};
  auto matches = [&](const launch_memo::entry& e) {
    return e.dev == &dev && e.rank == rank && std::equal(t, t + 3, e.tile);
  };
  if (const launch_memo::entry* last = memo.last.load(std::memory_order_acquire);
      last && matches(*last)) {
    ++global_counters().program_cache_hits;
    return *last;
  }
  {
    std::lock_guard<std::mutex> lock(memo.m);
    for (const auto& e : memo.entries)
      if (matches(*e)) {
        ++global_counters().program_cache_hits;
        memo.last.store(e.get(), std::memory_order_release);
        return *e;
      }
  }
  auto e = std::make_unique<launch_memo::entry>();
  e->dev = &dev;
  e->rank = rank;
  std::copy(t, t + 3, e->tile);
  e->options = launch_options(k, rank, tile);
  e->compiled = compile_for_device(dev, k, e->options);
  std::lock_guard<std::mutex> lock(memo.m);
  memo.entries.push_back(std::move(e));
  memo.last.store(memo.entries.back().get(), std::memory_order_release);
  return *memo.entries.back();
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
  const std::size_t limit = std::min(
      dev.info.max_work_group, ck.max_work_group ? ck.max_work_group : dev.info.max_work_group);
  if (items > limit)
    throw invalid_compute_domain("a tile of " + std::to_string(items) +
                                 " work-items is larger than kernel '" + ck.name + "' can run on " +
                                 dev.info.name + " (at most " + std::to_string(limit) +
                                 " per tile): use a smaller tile");
  const cl_ulong local = ck.static_local_bytes + dynamic_local;
  if (local > dev.info.local_mem)
    throw invalid_compute_domain("kernel '" + ck.name + "' needs " + std::to_string(local) +
                                 " bytes of tile_static memory but " + dev.info.name + " has " +
                                 std::to_string(dev.info.local_mem) +
                                 " per tile: use smaller tile_static arrays or a "
                                 "smaller tile");
}

// A launch as the caller bound it, for the kernel's repeat memo.
struct launch_as_bound {
  std::uint64_t epoch;  // storage_epoch before binding
  const bound_arg* args;
  std::size_t count;
};

// Call with ck.launch_mutex held, the kernel's arguments set.
void enqueue_locked(const accelerator_view& view, compiled_kernel& ck, const ndrange& r,
                    cl_event* done) {
  const cl_int err =
      clEnqueueNDRangeKernel(view.queue(), ck.kernel.get(), r.dims, nullptr, r.global,
                             r.has_local() ? r.local : nullptr, 0, nullptr, done);
  if (err != CL_SUCCESS)
    throw_cl_error(err, "clEnqueueNDRangeKernel",
                   "for kernel '" + ck.name + "' over " + opencl_dims(r, r.global) +
                       (r.has_local() ? " in tiles of " + opencl_dims(r, r.local) : "") +
                       " (OpenCL order)");
  ++global_counters().launches;
  after_enqueue(*view.state());
}

// `remember`: a launch of plain resident arguments, which a repeat may skip binding for.
void enqueue(const accelerator_view& view, compiled_kernel& ck, const ndrange& r,
             const std::vector<arg_binding>& args, cl_event* done,
             const launch_as_bound* remember = nullptr) {
  std::lock_guard<std::mutex> lock(ck.launch_mutex);
  ck.last_launch.forget();  // set_arguments may fail half-way
  set_arguments(ck, args);
  enqueue_locked(view, ck, r, done);
  if (remember)
    ck.last_launch.record(remember->epoch, view.state().get(), r, remember->args, remember->count);
}

// The launch repeats the kernel's previous one: enqueue it as it stands.
bool enqueue_repeat(const accelerator_view& view, compiled_kernel& ck, const ndrange& r,
                    const bound_arg* args, std::size_t count) {
  std::lock_guard<std::mutex> lock(ck.launch_mutex);
  if (!ck.last_launch.matches(view.state().get(), r, args, count)) return false;
  enqueue_locked(view, ck, r, nullptr);
  ++global_counters().repeat_launches;
  return true;
}

void run_with_hook(const accelerator_view& view, const std::shared_ptr<launch_hook>& hook,
                   const kernel& k, const launch_memo::entry& e, const ndrange& r,
                   std::vector<arg_binding>& bindings) {
  device_state& dev = *view.state()->dev;
  launch_record rec;
  rec.kernel_name = k.name();
  rec.source = k.source();
  rec.source_name = k.source_name();
  rec.options = e.options;
  rec.work_dim = r.dims;
  rec.tiled = r.has_local();
  for (unsigned d = 0; d < 3; ++d) {
    rec.global[d] = r.global[d];
    rec.local[d] = r.local[d];
  }
  rec.args = describe_for_hook(*e.compiled, bindings);
  std::optional<instrumented_launch> inst = hook->before_launch(view, rec);
  if (!inst) {
    enqueue(view, *e.compiled, r, bindings, nullptr);
    return;
  }
  auto ick = dev.programs.get(dev, inst->source, k.source_name() + " (instrumented)", inst->options,
                              k.name());
  append_hook_arguments(inst->extra_args, bindings);
  cl_event done = nullptr;
  enqueue(view, *ick, r, bindings, &done);
  cl_handle<cl_event> done_handle(done);
  for (const arg_binding& b : bindings)  // host/device hazards: see storage::note_launch
    if (b.arg && b.arg->store) b.arg->store->note_launch(done);
  hook->after_launch(view, rec, *inst, done);
}

void run(const accelerator_view& view, const kernel& k, int rank, const int* tile, const ndrange& r,
         const bound_arg* args, std::size_t count) {
  view.state()->check_usable();  // a view the watchdog removed takes no more work
  device_state& dev = *view.state()->dev;
  const launch_memo::entry& e = compiled_for(dev, k, rank, tile);
  const bool hooks = any_launch_hook();
  if (!hooks && enqueue_repeat(view, *e.compiled, r, args, count)) return;
  const std::uint64_t epoch = storage_epoch.load(std::memory_order_acquire);
  std::size_t dynamic_local = 0;
  for (std::size_t i = 0; i < count; ++i)
    if (args[i].what == bound_arg::kind::local_memory) dynamic_local += args[i].size;
  check_tile(dev, *e.compiled, r, dynamic_local);
  // Reused per thread, so a warm launch does not allocate.
  thread_local std::vector<arg_binding> bindings;
  const bool resident = bind_arguments(view, *e.compiled, args, count, bindings);

  if (hooks) {
    std::shared_ptr<launch_hook> hook = view.get_launch_hook();
    if (!hook) hook = global_launch_hook();
    if (hook) {
      std::vector<arg_binding> own = bindings;  // the hook may launch kernels itself
      run_with_hook(view, hook, k, e, r, own);
      return;
    }
  }
  const launch_as_bound as_bound{epoch, args, count};
  enqueue(view, *e.compiled, r, bindings, nullptr, resident ? &as_bound : nullptr);
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

}  // namespace ampcl
