#include "host_hazards.hpp"

#include <algorithm>

#include "byte_ranges.hpp"
#include "unchecked_reason.hpp"

namespace ampcl::debug {

namespace {

constexpr std::uint64_t fnv_offset = 1469598103934665603ull;

std::uint64_t fnv1a(const void* data, std::size_t bytes, std::uint64_t h = fnv_offset) {
  const auto* p = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < bytes; ++i) h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

// The bytes of `w` that no page guard covers.
std::uint64_t hash_unguarded(const host_memory_watch& w) {
  const auto* first = static_cast<const unsigned char*>(w.data);
  if (w.guarded.empty()) return fnv1a(first, w.bytes);
  const auto* begin = reinterpret_cast<const unsigned char*>(w.guarded.begin);
  const auto* end = reinterpret_cast<const unsigned char*>(w.guarded.end);
  return fnv1a(end, static_cast<std::size_t>(first + w.bytes - end),
               fnv1a(first, static_cast<std::size_t>(begin - first)));
}

// A buffer created over this host memory (CL_MEM_USE_HOST_PTR: zero-copy
// arrays) is the device's own memory: on PoCL the kernel would fault on a guard.
bool device_uses_the_memory(const launch_argument& a) {
  void* host_ptr = nullptr;
  if (clGetMemObjectInfo(a.buffer, CL_MEM_HOST_PTR, sizeof host_ptr, &host_ptr, nullptr) !=
      CL_SUCCESS)
    return true;  // cannot tell: leave it alone
  return ranges_overlap(host_ptr, a.buffer_bytes, a.host_data, a.host_bytes);
}

// The parameter of `launch` that may write the memory behind `a` (any parameter
// over the same storage or memory that is not const), or null when none does.
const launch_argument* writer_of(const launch_record& launch, const launch_argument& a) {
  for (const launch_argument& b : launch.args) {
    const bool same = (a.storage && b.storage == a.storage) || b.host_data == a.host_data;
    if (b.what == launch_argument::kind::buffer && same && !b.is_const) return &b;
  }
  return nullptr;
}

bool watched(const launch_argument& a) {
  return a.what == launch_argument::kind::buffer && a.host_data && a.host_bytes;
}

// True once every command enqueued before `marker` has ended (waiting for them);
// false when that cannot be known.
bool earlier_work_done(cl_event marker) {
  if (!marker) return false;
  cl_int status = CL_QUEUED;
  auto ended = [&] {
    return clGetEventInfo(marker, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status,
                          nullptr) == CL_SUCCESS &&
           status <= CL_COMPLETE;  // below 0: ended with an error, nothing runs any more
  };
  if (ended()) return true;
  clWaitForEvents(1, &marker);  // an error here shows in the status
  return ended();
}

std::string where(const host_touch& t) {
  std::string s = "at " + describe_instruction(t.instruction);
  if (t.thread) s += " on thread " + std::to_string(t.thread);
  if (t.main_thread) s += " (the main thread)";
  return s;
}

std::string host_access_words(host_touch::kind k) {
  switch (k) {
    case host_touch::kind::read:
      return "host read of";
    case host_touch::kind::write:
      return "host write to";
    default:
      return "host access to";
  }
}

const char* fix_text =
    "; wait for the launch (accelerator_view::wait, or synchronize() on the view) before "
    "touching the data on the host, through a raw pointer or the original container.";

}  // namespace

bool hashes_in_place_memory(const launch_record& launch) {
  for (const launch_argument& a : launch.args)
    if (watched(a) && !writer_of(launch, a) && device_uses_the_memory(a)) return true;
  return false;
}

std::vector<host_memory_watch> watch_host_memory(const launch_record& launch,
                                                 cl_event earlier_work) {
  // In-place memory is hashed once the queue's earlier commands, which may
  // still be writing it, are done: the hash is then the memory the kernel reads.
  const bool earlier_done = hashes_in_place_memory(launch) && earlier_work_done(earlier_work);
  std::vector<host_memory_watch> watches;
  for (const launch_argument& a : launch.args) {
    if (!watched(a)) continue;
    auto same_memory = [&](const host_memory_watch& w) { return w.data == a.host_data; };
    if (std::any_of(watches.begin(), watches.end(), same_memory)) continue;
    host_memory_watch w;
    w.param = a.name;
    w.data = a.host_data;
    w.bytes = a.host_bytes;
    if (const launch_argument* writer = writer_of(launch, a)) {
      w.param = writer->name;  // name the parameter that writes
      w.kernel_writes = true;
    }
    w.in_place = device_uses_the_memory(a);
    if (!w.in_place) {
      w.guard = guard_host_pages(a.host_data, a.host_bytes, w.kernel_writes);
      if (w.guard) w.guarded = whole_pages_inside(a.host_data, a.host_bytes);
    }
    // A kernel that writes the memory changes its hash itself: nothing to compare.
    if (!w.kernel_writes) {
      w.compared = w.hashed = true;
      w.launch_hash_uncertain = w.in_place && !earlier_done;
      w.hash_at_launch = hash_unguarded(w);
    }
    watches.push_back(std::move(w));
  }
  return watches;
}

bool writes_hashed_memory(const std::vector<host_memory_watch>& watches,
                          const launch_record& next) {
  for (const host_memory_watch& w : watches) {
    if (!w.compared || !w.in_place) continue;
    for (const launch_argument& b : next.args)
      if (watched(b) && !b.is_const && ranges_overlap(w.data, w.bytes, b.host_data, b.host_bytes))
        return true;
  }
  return false;
}

void settle_host_watches(std::vector<host_memory_watch>& watches, bool at_completion) {
  for (host_memory_watch& w : watches) {
    w.touch = release_host_pages(w.guard);
    w.guard = {};
    if (w.hashed && at_completion) w.changed = hash_unguarded(w) != w.hash_at_launch;
    w.hashed = false;  // compared once
  }
}

std::vector<hazard> host_device_hazards(const launch_record& launch,
                                        const std::vector<host_memory_watch>& watches) {
  std::vector<hazard> found;
  for (const host_memory_watch& w : watches) {
    const bool touched = w.touch.access != host_touch::kind::none;
    if (!touched && !w.changed) continue;
    if (!touched && w.launch_hash_uncertain) {
      // The difference may be the queue's earlier commands finishing their writes.
      found.push_back(not_checked(
          unchecked_reason::host_device_unknown, launch.kernel_name, launch.source_name,
          "the host/device check of '" + w.param + "' was not made: its data changed between " +
              "the launch of kernel '" + launch.kernel_name + "' and its completion, but the " +
              "commands enqueued before the kernel, which may write that memory (the device " +
              "uses it in place), could not be waited for, so whether the host wrote it while " +
              "the kernel read it is unknown; a host write there is a race: wait for the " +
              "launch before touching the data"));
      continue;
    }
    hazard h;
    h.kind = hazard_class::host_device_race;
    h.kernel = launch.kernel_name;
    h.variable = w.param;
    h.memory = "global";
    h.first.file = launch.source_name;
    h.first.access = w.kernel_writes ? "write" : "read";  // the kernel's side
    h.rank = static_cast<int>(launch.work_dim);
    const std::string kernel_does = w.kernel_writes ? "writing" : "reading";
    if (touched) {
      h.detail = host_access_words(w.touch.access) + " the data of '" + w.param + "' " +
                 where(w.touch) + " while kernel '" + launch.kernel_name +
                 "' was still running and " + kernel_does + " it";
      if (w.touch.access == host_touch::kind::read) h.detail += " (the host saw stale data)";
    } else {
      const std::size_t unguarded = w.bytes - (w.guarded.end - w.guarded.begin);
      h.detail = "host write to the data of '" + w.param + "' (found by comparing the " +
                 std::to_string(unguarded) +
                 " bytes no page guard covers at launch and at completion, so where is unknown) "
                 "while kernel '" +
                 launch.kernel_name + "' was still running and reading it";
    }
    h.detail += fix_text;
    found.push_back(std::move(h));
  }
  return found;
}

}  // namespace ampcl::debug
