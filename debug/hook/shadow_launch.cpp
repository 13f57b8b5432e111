#include "shadow_launch.hpp"

#include <algorithm>
#include <ampcl/detail/settings.hpp>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <stdexcept>
#include <tuple>
#include <utility>

#include "byte_ranges.hpp"
#include "layout.hpp"
#include "support/cl_info.hpp"

namespace ampcl::debug {

namespace {

std::uint64_t div_up(std::uint64_t a, std::uint64_t b) {
  return (a + b - 1) / b;
}

void check(cl_int err, const char* call) {
  if (err != CL_SUCCESS)
    throw std::runtime_error(std::string("race check: ") + call + " failed with OpenCL error " +
                             std::to_string(err));
}

// The buffer a sub-buffer was made from, and so on up: the memory object itself.
cl_mem root_of(cl_mem m) {
  for (int depth = 0; m && depth < 8; ++depth) {
    cl_mem parent = nullptr;
    if (clGetMemObjectInfo(m, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof parent, &parent, nullptr) !=
            CL_SUCCESS ||
        !parent)
      break;
    m = parent;
  }
  return m;
}

// Host memory a buffer uses in place (CL_MEM_USE_HOST_PTR), as [lo, hi); empty if none.
std::pair<const char*, const char*> host_range(cl_mem m) {
  void* p = nullptr;
  std::size_t n = 0;
  if (clGetMemObjectInfo(m, CL_MEM_HOST_PTR, sizeof p, &p, nullptr) != CL_SUCCESS || !p ||
      clGetMemObjectInfo(m, CL_MEM_SIZE, sizeof n, &n, nullptr) != CL_SUCCESS)
    return {nullptr, nullptr};
  return {static_cast<const char*>(p), static_cast<const char*>(p) + n};
}

// Whether two buffer arguments may reach the same bytes: one memory object (or
// sub-buffers of one), or buffers over overlapping host memory.
bool may_share_memory(cl_mem a, cl_mem b) {
  if (a == b || root_of(a) == root_of(b)) return true;
  const auto [alo, ahi] = host_range(a);
  const auto [blo, bhi] = host_range(b);
  return ranges_overlap(alo, static_cast<std::size_t>(ahi - alo), blo,
                        static_cast<std::size_t>(bhi - blo));
}

// The byte range [lo, hi) an ampcl_view lets the kernel touch, clamped to the buffer.
void view_span(const launch_argument& view, std::uint32_t element_bytes, std::uint64_t buffer_bytes,
               std::uint64_t& lo, std::uint64_t& hi) {
  lo = 0;
  hi = buffer_bytes;
  std::int32_t v[8];
  if (view.value.size() < sizeof v) return;
  std::memcpy(v, view.value.data(), sizeof v);
  const int offset = v[0], rank = v[7];
  if (rank < 1 || rank > 3 || offset < 0) return;
  std::int64_t last = offset;  // element index of the last element
  for (int d = 0; d < rank; ++d) {
    const std::int64_t extent = v[1 + d];
    if (extent <= 0) {
      hi = lo = static_cast<std::uint64_t>(offset) * element_bytes;
      return;
    }
    const std::int64_t stride = d == rank - 1 ? 1 : v[4 + d];
    last += (extent - 1) * stride;
  }
  lo = std::min<std::uint64_t>(static_cast<std::uint64_t>(offset) * element_bytes, buffer_bytes);
  hi = std::min<std::uint64_t>(static_cast<std::uint64_t>(last + 1) * element_bytes, buffer_bytes);
}

// The shadow granule: the largest power of two dividing the element size, so
// the device finds an entry with a shift.
std::uint32_t granule_of(std::uint32_t element_granule) {
  const std::uint32_t g = std::max<std::uint32_t>(element_granule, 1);
  return g & (~g + 1);
}

std::uint32_t log2_of(std::uint32_t pow2) {
  std::uint32_t n = 0;
  while ((1u << n) < pow2) ++n;
  return n;
}

}  // namespace

cl_int execution_status(cl_event event) {
  cl_int status = CL_QUEUED;
  const cl_int err =
      clGetEventInfo(event, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, nullptr);
  return err == CL_SUCCESS ? status : err;
}

std::vector<cl_mem> racecheck_options::uninitialized_from_environment() {
  namespace st = ampcl::detail::settings;
  std::vector<cl_mem> out;
  std::optional<std::vector<std::uint64_t>> list;
  try {
    list = st::handles(st::id::racecheck_uninitialized);
  } catch (const std::invalid_argument& e) {
    // Set only by the .sim launcher: a bad list is its bug. Said once, and
    // the launches are checked without it (no buffer starts uninitialized).
    static std::once_flag said;
    std::call_once(said, [&] {
      std::fprintf(stderr, "ampcl race check: %s; checking as if it were unset\n", e.what());
    });
  }
  if (list)
    for (std::uint64_t v : *list)
      if (v) out.push_back(reinterpret_cast<cl_mem>(static_cast<std::uintptr_t>(v)));
  return out;
}

std::uint64_t shadow_plan::item_buffer_words() const {
  return std::uint64_t{items} * layout::item_words;
}

std::string shadow_plan::build_options() const {
  std::string d = local_words ? "-DAMPCL_LSH_WORDS=" + std::to_string(local_words) : "";
  if (shadow_all) d += std::string(d.empty() ? "" : " ") + "-DAMPCL_SHADOW_ALL=1";
  if (states_tile_shape) {  // for AMPCL_RC_KERNEL_SHAPE (shadow.clh)
    const char* const names[3] = {"X", "Y", "Z"};
    for (unsigned i = 0; i < 3; ++i)
      d += std::string(d.empty() ? "" : " ") + "-DAMPCL_RC_TILE_" + names[i] + "=" +
           std::to_string(launch.local[i]);
  }
  return d;
}

std::size_t device_shadow_budget(std::uint64_t global_mem, std::uint64_t max_alloc) {
  if (!global_mem || !max_alloc) return racecheck_options::fallback_shadow_budget;
  return static_cast<std::size_t>(std::min(global_mem / 4, max_alloc / 2));
}

shadow_zeroing resolve_zeroing(shadow_zeroing chosen, bool cpu_device, std::uint64_t items,
                               std::uint64_t words) {
  if (chosen != shadow_zeroing::automatic) return chosen;
  if (cpu_device) return shadow_zeroing::pages;
  return words > max_zero_words_per_item * items ? shadow_zeroing::host : shadow_zeroing::items;
}

namespace {

const launch_argument* buffer_argument(const global_object& o, const launch_record& launch) {
  const auto at = static_cast<std::size_t>(o.param_index);
  return o.param_index >= 0 && at < launch.args.size() && launch.args[at].buffer ? &launch.args[at]
                                                                                 : nullptr;
}

// Whether another argument of the launch (any, for `any_other`; else one the kernel
// may write) may share the memory of o's.
bool shares_memory(const global_object& o, const instrument_result& program,
                   const launch_record& launch, bool any_other) {
  const launch_argument* mine = buffer_argument(o, launch);
  if (!mine) return false;
  if (any_other) {
    for (const launch_argument& a : launch.args)
      if (&a != mine && a.buffer && may_share_memory(mine->buffer, a.buffer)) return true;
    return false;
  }
  for (const global_object& other : program.globals) {
    if (&other == &o || other.is_const || other.never_written) continue;
    const launch_argument* b = buffer_argument(other, launch);
    if (b && may_share_memory(mine->buffer, b->buffer)) return true;
  }
  return false;
}

// A buffer the kernel only reads needs no shadow (its bounds are still checked),
// unless an argument the kernel writes shares its memory: then its reads can race.
// One whose contents are undefined keeps it where it is not const, so that its
// reads of what nothing wrote are still found.
bool read_only_without_shadow(const global_object& o, const instrument_result& program,
                              const launch_record& launch, bool uninitialized) {
  return (o.is_const || (o.never_written && !uninitialized)) &&
         !shares_memory(o, program, launch, false);
}

}  // namespace

bool shadow_all_needed(const instrument_result& program, const launch_record& launch,
                       const launch_shape& shape, const racecheck_options& options) {
  for (const global_object& o : program.globals) {
    if (!o.owned_dims && !o.read_only_subscripts) continue;
    if (!options.owned) return true;
    const launch_argument* arg = buffer_argument(o, launch);
    if (!arg) continue;
    const bool uninitialized = std::find(options.uninitialized.begin(), options.uninitialized.end(),
                                         arg->buffer) != options.uninitialized.end();
    if (o.read_only_subscripts) {  // bounds-only reads: only where plan_shadow agrees
      if (!read_only_without_shadow(o, program, launch, uninitialized)) return true;
      continue;
    }
    for (unsigned d = 0; d < 3; ++d)
      if (!((o.owned_dims >> d) & 1u) && shape.global[d] != 1) return true;
    if (uninitialized || shares_memory(o, program, launch, true)) return true;
  }
  return false;
}

shadow_plan plan_shadow(const instrument_result& program, const launch_record& launch,
                        const racecheck_options& options, std::uint64_t local_room) {
  shadow_plan p;
  launch_shape& l = p.launch;
  l.work_dim = launch.work_dim ? launch.work_dim : 1;
  l.tiled = launch.tiled && launch.local[0] != 0;
  for (unsigned d = 0; d < 3; ++d) {
    l.global[d] = d < l.work_dim ? std::max<std::size_t>(launch.global[d], 1) : 1;
    l.local[d] = l.tiled && d < l.work_dim ? std::max<std::size_t>(launch.local[d], 1) : 1;
  }
  const std::size_t budget =
      options.shadow_budget_bytes.value_or(racecheck_options::fallback_shadow_budget);
  p.states_tile_shape = l.tiled && !program.tile_static.empty();

  // Configuration words: header, then the objects.
  const std::size_t nl = std::max<std::size_t>(program.tile_static.size(), 1);
  const std::size_t ng = std::max<std::size_t>(program.global_slots, program.globals.size());
  p.cfg.assign(layout::cfg_objects + nl * layout::cfg_local_words + ng * layout::cfg_global_words,
               0);

  // tile_static: a writer and a reader word per granule, per tile.
  std::uint64_t entries = 0, user_local = 0;
  for (std::size_t k = 0; k < program.tile_static.size(); ++k) {
    const auto& o = program.tile_static[k];
    std::uint64_t bytes = o.bytes;
    if (o.param_index >= 0 && static_cast<std::size_t>(o.param_index) < launch.args.size())
      bytes = launch.args[o.param_index].local_bytes;
    const std::uint32_t granule = granule_of(o.granule);
    std::uint32_t* w = &p.cfg[layout::cfg_objects + k * layout::cfg_local_words];
    w[0] = static_cast<std::uint32_t>(bytes);
    w[1] = log2_of(granule);
    w[2] = static_cast<std::uint32_t>(entries);
    entries += div_up(bytes, granule);
    user_local += bytes;
  }
  p.slot_words = static_cast<std::uint32_t>(2 * entries);
  p.tiles = static_cast<std::uint32_t>(l.groups(0) * l.groups(1) * l.groups(2));
  if (!l.tiled) p.tiles = 1;
  const std::uint64_t slot_bytes = std::uint64_t{p.slot_words} * 8;
  p.tile_stride = 1;
  if (l.tiled && entries && options.local_shadow &&
      slot_bytes + user_local + layout::runtime_local_bytes(program.tile_static.size()) <=
          local_room) {
    // Every tile keeps its shadow in __local memory: no __global slots at all.
    p.local_words = p.slot_words;
    p.slots = 0;
  } else {
    const std::uint64_t local_budget = budget / 2;
    if (l.tiled && std::uint64_t{p.tiles} * slot_bytes > local_budget) {
      const std::uint64_t max_slots = std::max<std::uint64_t>(1, local_budget / slot_bytes);
      p.tile_stride = static_cast<std::uint32_t>(div_up(p.tiles, max_slots));
      p.partial = true;
      p.partial_reason = "only every " + std::to_string(p.tile_stride) +
                         "th tile was checked (shadow budget; raise AMPCL_RACECHECK_SHADOW_MB)";
    }
    p.slots = static_cast<std::uint32_t>(div_up(p.tiles, p.tile_stride));
  }

  // Global: writable buffers get a shadow while the budget lasts.
  std::uint64_t global_budget =
      budget - std::min<std::uint64_t>(budget, std::uint64_t{p.slots} * slot_bytes);
  const std::size_t gbase = layout::cfg_objects + nl * layout::cfg_local_words;
  // Arguments bound to one memory object, seen with one granule, share one shadow:
  // a store through one and a load through the other then meet at one location.
  struct shadowed_buffer {
    cl_mem buffer;
    std::uint64_t bytes;
    std::uint32_t granule, entry;
  };
  std::vector<shadowed_buffer> shadowed;
  p.shadow_all = shadow_all_needed(program, launch, l, options);
  for (std::size_t g = 0; g < program.globals.size(); ++g) {
    const auto& o = program.globals[g];
    std::uint32_t* w = &p.cfg[gbase + g * layout::cfg_global_words];
    const launch_argument* arg = static_cast<std::size_t>(o.param_index) < launch.args.size()
                                     ? &launch.args[o.param_index]
                                     : nullptr;
    std::uint64_t bytes = arg ? arg->buffer_bytes : 0;
    std::uint64_t lo = 0, hi = bytes;
    if (o.view_param_index >= 0 &&
        static_cast<std::size_t>(o.view_param_index) < launch.args.size())
      view_span(launch.args[o.view_param_index], o.element_bytes, bytes, lo, hi);
    const std::uint32_t granule = granule_of(o.granule);
    w[0] = static_cast<std::uint32_t>(bytes);
    w[1] = static_cast<std::uint32_t>(lo);
    w[2] = static_cast<std::uint32_t>(hi);
    w[3] = log2_of(granule);
    const std::uint64_t need = div_up(bytes, granule) * layout::g_entry_words;
    if (!arg || !arg->buffer) continue;
    if (o.owned_dims && !p.shadow_all) continue;  // bounds and form only (__ampcl_gpo)
    const bool uninitialized = std::find(options.uninitialized.begin(), options.uninitialized.end(),
                                         arg->buffer) != options.uninitialized.end();
    if (read_only_without_shadow(o, program, launch, uninitialized)) continue;
    // Reads of what nothing wrote: only where every tile is checked, as writes of
    // unchecked tiles leave no trace.
    const bool find_uninitialized = p.tile_stride == 1 && uninitialized;
    if (auto same = std::find_if(shadowed.begin(), shadowed.end(),
                                 [&](const shadowed_buffer& b) {
                                   return b.buffer == arg->buffer && b.bytes == bytes &&
                                          b.granule == granule;
                                 });
        same != shadowed.end()) {
      w[4] = same->entry;
      w[5] = 1;
      w[6] = find_uninitialized;
      continue;
    }
    if ((p.global_words + need) * 8 > global_budget) {
      p.partial = true;
      p.partial_reason += (p.partial_reason.empty() ? "" : "; ") + std::string("global buffer ") +
                          o.name + " was not race-checked (shadow budget)";
      continue;
    }
    w[4] = static_cast<std::uint32_t>(p.global_words / layout::g_entry_words);
    w[5] = 1;
    w[6] = find_uninitialized;
    shadowed.push_back({arg->buffer, bytes, granule, w[4]});
    p.global_words += need;
  }
  const std::uint64_t items = l.items();
  const std::uint64_t left =
      global_budget - std::min<std::uint64_t>(global_budget, p.global_words * 8);
  const std::uint64_t item_bytes = items * layout::item_words * 4;
  p.items =
      program.varying_fence_flags && item_bytes <= left ? static_cast<std::uint32_t>(items) : 0;

  p.cfg[layout::cfg_magic] = layout::magic;
  p.cfg[layout::cfg_tile_stride] = p.tile_stride;
  p.cfg[layout::cfg_slots] = p.slots;
  p.cfg[layout::cfg_slot_words] = p.slot_words;
  p.zeroing = options.zeroing;
  p.cfg[layout::cfg_rec_capacity] = options.record_capacity;
  p.cfg[layout::cfg_untiled] = l.tiled ? 0 : 1;
  p.cfg[layout::cfg_items] = p.items;
  p.cfg[layout::cfg_flags] = options.report_same_value ? layout::cfg_report_same_value : 0u;
  return p;
}

std::unique_ptr<shadow_pool::buffers> shadow_pool::take(cl_context context) {
  std::lock_guard<std::mutex> lock(m_);
  for (auto it = free_.begin(); it != free_.end(); ++it) {
    if ((*it)->context != context) continue;
    auto b = std::move(*it);
    free_.erase(it);
    return b;
  }
  auto b = std::make_unique<buffers>();
  b->context = context;
  return b;
}

void shadow_pool::give_back(std::unique_ptr<buffers> b) {
  std::lock_guard<std::mutex> lock(m_);
  free_.push_back(std::move(b));
  if (free_.size() > kept_sets) free_.erase(free_.begin());
}

shadow_launch::shadow_launch(cl_context context, cl_command_queue queue,
                             std::shared_ptr<const instrument_result> program, shadow_plan plan,
                             std::uint32_t record_capacity, std::shared_ptr<shadow_pool> pool)
    : program_(std::move(program)),
      plan_(std::move(plan)),
      capacity_(record_capacity),
      pool_(std::move(pool)) {
  using namespace layout;
  bytes_[extra_ls] = plan_.local_words ? 0 : std::size_t{plan_.slots} * plan_.slot_words * 8;
  // Whole pages (contract.h: the zeroing goes by page), two shadows, their page maps.
  const std::uint64_t gs_words = div_up(plan_.global_words, gs_page_words) * gs_page_words;
  bytes_[extra_gs] = static_cast<std::size_t>(2 * gs_words + 2 * (gs_words / gs_page_words)) * 8;
  bytes_[extra_rec] = (rec_first + std::size_t{capacity_} * rec_words) * 4;
  bytes_[extra_items] = static_cast<std::size_t>(plan_.item_buffer_words()) * 4;
  bytes_[extra_cfg] = plan_.cfg.size() * 4;
  bufs_ = pool_->take(context);
  for (int i = 0; i < extra_param_count; ++i) {
    const std::size_t need = std::max<std::size_t>(bytes_[i], 16);  // no zero-sized buffers
    if (bufs_->capacity[i] >= need) continue;
    bufs_->mem[i].reset();
    cl_int err = CL_SUCCESS;
    cl_mem m = clCreateBuffer(context, CL_MEM_READ_WRITE, need, nullptr, &err);
    check(err, "clCreateBuffer");
    bufs_->mem[i] = ampcl::detail::basic_cl_handle<cl_mem>(m);
    bufs_->capacity[i] = need;
    if (i == extra_cfg) {
      m = clCreateBuffer(context, CL_MEM_READ_WRITE, need, nullptr, &err);
      check(err, "clCreateBuffer");
      bufs_->cfg_odd = ampcl::detail::basic_cl_handle<cl_mem>(m);
      bufs_->cfg[0].clear();
      bufs_->cfg[1].clear();
    }
    if (i == extra_gs) {
      bufs_->gs_half = need / 8 / (2 * gs_page_words + 2) * gs_page_words;
      bufs_->zeroed[0] = bufs_->zeroed[1] = 0;
      bufs_->maps_marked = false;
      bufs_->cpu_device = ampcl::detail::is_cpu_device(ampcl::detail::queue_device(queue));
    }
    if (i == extra_rec) bufs_->header_zero = false;
  }
  parity_ = bufs_->parity;
  bufs_->parity ^= 1u;
  const shadow_zeroing zeroing =
      resolve_zeroing(plan_.zeroing, bufs_->cpu_device, plan_.launch.items(), gs_words);
  const bool page_maps = zeroing == shadow_zeroing::pages;
  zero_words_ = zeroing == shadow_zeroing::host ? 0 : gs_words;
  const std::uint64_t base = parity_ * bufs_->gs_half, other = (parity_ ^ 1u) * bufs_->gs_half;
  const std::uint64_t half_pages = bufs_->gs_half / gs_page_words, maps = 2 * bufs_->gs_half;
  const std::uint64_t zeroed = std::min(bufs_->zeroed[parity_], gs_words);
  bufs_->zeroed[parity_] = 0;  // this launch uses it; the other's stays unknown until it ends
  // Zeros where the device expects them: the shadow where the launch before did
  // not zero it (each command costs the host about 10 us on NVIDIA's driver:
  // bench/racecheck/cl_call_timer.cpp), the record header and dedup table (records
  // past the count are never read), and the work-items' fence epochs (read from
  // other work-items, 0 for none).
  // A new buffer's page maps: every page marked (its words are not known to be zero).
  const cl_uint zero = 0, marked = 1;
  const std::tuple<int, std::size_t, std::size_t, const cl_uint*> fill[] = {
      {extra_ls, 0, bytes_[extra_ls], &zero},
      {extra_gs, static_cast<std::size_t>(base + zeroed) * 8,
       static_cast<std::size_t>(gs_words - zeroed) * 8, &zero},
      {extra_gs, static_cast<std::size_t>(maps) * 8,
       !page_maps || bufs_->maps_marked ? 0 : static_cast<std::size_t>(2 * half_pages) * 8,
       &marked},
      {extra_rec, 0, bufs_->header_zero ? 0 : std::size_t{rec_first} * 4, &zero},
      {extra_items, 0, bytes_[extra_items], &zero}};
  for (const auto& [i, from, bytes, pattern] : fill) {
    if (!bytes) continue;
    check(clEnqueueFillBuffer(queue, bufs_->mem[i].get(), pattern, sizeof *pattern, from, bytes, 0,
                              nullptr, nullptr),
          "clEnqueueFillBuffer");
    setup_queued_ = true;
  }
  // A launch without the maps writes the shadow unmarked: a later one with them
  // marks every page again first.
  bufs_->maps_marked = page_maps;
  bufs_->header_zero = false;  // until this launch is read back
  // Mapped before the launch is queued (on a driver that runs commands on the
  // host's cores, a map behind a running kernel waits for it).
  if (!bufs_->header.get()) {
    if (cl_device_id device = ampcl::detail::queue_device(queue))
      bufs_->header = pinned_words(context, device, 4);
  }
  std::vector<std::uint32_t> cfg = plan_.cfg;
  cfg[cfg_gs_base] = static_cast<std::uint32_t>(base);
  cfg[cfg_gs_zero] = static_cast<std::uint32_t>(other);
  cfg[cfg_gs_zero_words] = static_cast<std::uint32_t>(zero_words_);
  if (page_maps) {
    cfg[cfg_gs_dirty] = static_cast<std::uint32_t>(maps + parity_ * half_pages - base);
    cfg[cfg_gs_zero_dirty] = static_cast<std::uint32_t>(maps + (parity_ ^ 1u) * half_pages);
  }
  if (bufs_->cfg[parity_] != cfg) {
    // Not blocking: the launch before may still run (racecheck_hook). The words
    // stay where they are until this set is taken again, after this launch ended.
    bufs_->cfg[parity_] = std::move(cfg);
    bufs_->cfg_written[parity_] = {};
    const cl_int err = clEnqueueWriteBuffer(queue, cfg_buffer(), CL_FALSE, 0, bytes_[extra_cfg],
                                            bufs_->cfg[parity_].data(), 0, nullptr,
                                            bufs_->cfg_written[parity_].receive());
    if (err != CL_SUCCESS) bufs_->cfg[parity_].clear();  // what the buffer holds is unknown
    check(err, "clEnqueueWriteBuffer");
    setup_queued_ = true;
  }
}

shadow_pool::buffers::~buffers() {
  for (auto& e : cfg_written)
    if (e) {
      cl_event event = e.get();
      clWaitForEvents(1, &event);
    }
}

shadow_launch::~shadow_launch() {
  if (header_read_) {
    const cl_int status = execution_status(header_read_.get());
    if (status != CL_COMPLETE && status >= 0) abandon();  // the read may still land
  }
  if (bufs_) pool_->give_back(std::move(bufs_));
}

void shadow_launch::abandon() {
  if (bufs_) {
    bufs_->header.leak();  // a pending read may write them
    // The device may still use the buffers: released, never reused. The host words
    // a command still queued may read (the cfg's) are never freed.
    for (auto& m : bufs_->mem) m.reset();
    bufs_->cfg_odd.reset();
    (void)bufs_.release();  // NOLINT(bugprone-unused-return-value): as the words
  }
  (void)header_heap_.release();  // NOLINT(bugprone-unused-return-value): as the header
}

void shadow_launch::queue_header_read(cl_command_queue queue, cl_event launch) {
  header_ = bufs_->header.get();
  if (!header_) {
    header_heap_ = std::make_unique<std::uint32_t[]>(3);
    header_ = header_heap_.get();
  }
  cl_event read = nullptr;
  if (clEnqueueReadBuffer(queue, bufs_->mem[layout::extra_rec].get(), CL_FALSE, 0,
                          3 * sizeof(std::uint32_t), header_, 1, &launch, &read) == CL_SUCCESS) {
    header_read_ = ampcl::detail::basic_cl_handle<cl_event>(read);
    header_queue_ = ampcl::detail::basic_cl_handle<cl_command_queue>::retained(queue);
    clFlush(queue);
  }
}

std::size_t shadow_launch::shadow_bytes() const {
  std::size_t all = 0;
  for (const std::size_t b : bytes_) all += b;
  return all;
}

std::vector<launch_argument> shadow_launch::extra_args() const {
  std::vector<launch_argument> out;
  for (int i = 0; i < layout::extra_param_count; ++i) {
    launch_argument a;
    a.what = launch_argument::kind::buffer;
    a.name = kExtraParams[i].name;
    a.type_name = kExtraParams[i].host_type;
    a.address = CL_KERNEL_ARG_ADDRESS_GLOBAL;
    a.is_const = kExtraParams[i].read_only;
    a.buffer = i == layout::extra_cfg ? cfg_buffer() : bufs_->mem[i].get();
    a.buffer_bytes = bufs_->capacity[i];
    out.push_back(std::move(a));
  }
  return out;
}

analysis_input shadow_launch::read_back(cl_command_queue queue) const {
  if (header_queue_) queue = header_queue_.get();
  analysis_input in;
  in.program = program_.get();
  in.launch = plan_.launch;
  in.partial = plan_.partial;
  // The header first: a clean launch reads back 12 bytes, queued behind the
  // launch where queue_header_read was called.
  std::uint32_t head[3] = {};
  cl_mem rec_mem = bufs_->mem[layout::extra_rec].get();
  if (header_read_ && execution_status(header_read_.get()) >= CL_COMPLETE) {
    cl_event read = header_read_.get();
    check(clWaitForEvents(1, &read), "clWaitForEvents (the records' header)");
    std::copy(header_, header_ + 3, head);
  } else {  // not queued, or failed: read it now
    check(clEnqueueReadBuffer(queue, rec_mem, CL_TRUE, 0, sizeof head, head, 0, nullptr, nullptr),
          "clEnqueueReadBuffer");
  }
  const std::uint32_t stored = std::min(head[layout::rec_count], capacity_);
  in.dropped = head[layout::rec_dropped];
  bufs_->header_zero = head[layout::rec_count] == 0 && in.dropped == 0;
  bufs_->zeroed[parity_ ^ 1u] = zero_words_;  // the launch ended: its work-items zeroed that
  if (!stored) return in;
  const std::size_t from = layout::rec_hits;
  std::vector<std::uint32_t> rec(layout::rec_first + std::size_t{stored} * layout::rec_words);
  check(clEnqueueReadBuffer(queue, rec_mem, CL_TRUE, from * 4, (rec.size() - from) * 4,
                            rec.data() + from, 0, nullptr, nullptr),
        "clEnqueueReadBuffer");
  in.records = decode_records(rec, stored);
  return in;
}

std::vector<layout::device_record> decode_records(const std::vector<std::uint32_t>& rec,
                                                  std::uint32_t stored) {
  std::vector<std::uint64_t> counts(stored, 1);
  for (std::uint32_t s = 0; s < layout::rec_hash; ++s) {
    const std::uint32_t idx = rec[layout::rec_index + s];
    if (idx >= 1 && idx <= stored) counts[idx - 1] += rec[layout::rec_hits + s];
  }
  std::vector<layout::device_record> out;
  for (std::uint32_t i = 0; i < stored; ++i) {
    const std::uint32_t* r = &rec[layout::rec_first + std::size_t{i} * layout::rec_words];
    layout::device_record d;
    d.cls = r[layout::kind_memory] & 0xFF;
    d.memory = (r[layout::kind_memory] >> 8) & 0xFF;
    d.site_first = r[layout::site_first];
    d.site_second = r[layout::site_second];
    d.tile = r[layout::tile];
    d.item_first = r[layout::item_first];
    d.item_second = r[layout::item_second];
    d.epoch = r[layout::epoch];
    d.object = r[layout::object];
    d.count = counts[i];
    out.push_back(d);
  }
  return out;
}

}  // namespace ampcl::debug
