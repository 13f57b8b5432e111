#include "launch/kernel_state.hpp"
#include "support/stats_counters.hpp"

namespace ampcl {

namespace detail {
counters& global_counters() {
  static counters c;
  return c;
}
std::atomic<std::int64_t>& live_cl_objects() {
  static std::atomic<std::int64_t> n{0};
  return n;
}
}  // namespace detail

statistics get_statistics() {
  const auto& c = detail::global_counters();
  // Launches count in their kernel's launch state (lib/launch/kernel_state.hpp).
  const detail::launch_counts l = detail::counted_launches();
  statistics s;
  s.programs_built = c.programs_built.load();
  s.program_cache_hits = c.program_cache_hits.load() + l.cache_hits;
  s.programs_loaded_from_disk = c.programs_loaded_from_disk.load();
  s.host_to_device_copies = c.host_to_device_copies.load();
  s.device_to_host_copies = c.device_to_host_copies.load();
  s.bytes_to_device = c.bytes_to_device.load();
  s.bytes_to_host = c.bytes_to_host.load();
  s.host_registrations = c.host_registrations.load();
  s.launches = l.launches;
  s.repeat_launches = l.repeat_launches;
  s.queue_flushes = c.queue_flushes.load();
  s.live_cl_objects = static_cast<std::uint64_t>(detail::live_cl_objects().load());
  return s;
}

void reset_statistics() {
  auto& c = detail::global_counters();
  c.programs_built = 0;
  c.program_cache_hits = 0;
  c.programs_loaded_from_disk = 0;
  c.host_to_device_copies = 0;
  c.device_to_host_copies = 0;
  c.bytes_to_device = 0;
  c.bytes_to_host = 0;
  c.host_registrations = 0;
  detail::reset_counted_launches();
  c.queue_flushes = 0;
}

}  // namespace ampcl
