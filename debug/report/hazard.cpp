#include "hazard.hpp"

#include <map>
#include <tuple>

#include "hazard_names.hpp"

namespace ampcl::debug {

const char* to_string(hazard_class c) {
  switch (c) {
    case hazard_class::read_after_write:
      return "read-after-write";
    case hazard_class::write_after_read:
      return "write-after-read";
    case hazard_class::write_after_write:
      return "write-after-write";
    case hazard_class::fence_mismatch:
      return "fence-mismatch";
    case hazard_class::uninitialized_read:
      return "uninitialized-read";
    case hazard_class::barrier_divergence:
      return "barrier-divergence";
    case hazard_class::inter_tile_race:
      return "inter-tile-race";
    case hazard_class::out_of_bounds:
      return "out-of-bounds";
    case hazard_class::host_device_race:
      return "host-device-race";
  }
  return "unknown-hazard";
}

const char* rule_id(hazard_class c) {
  switch (c) {
    case hazard_class::read_after_write:
      return "ampcl.raw";
    case hazard_class::write_after_read:
      return "ampcl.war";
    case hazard_class::write_after_write:
      return "ampcl.waw";
    case hazard_class::fence_mismatch:
      return "ampcl.fence-mismatch";
    case hazard_class::uninitialized_read:
      return "ampcl.uninitialized-read";
    case hazard_class::barrier_divergence:
      return "ampcl.barrier-divergence";
    case hazard_class::inter_tile_race:
      return "ampcl.inter-tile-race";
    case hazard_class::out_of_bounds:
      return "ampcl.out-of-bounds";
    case hazard_class::host_device_race:
      return "ampcl.host-device-race";
  }
  return "ampcl.unknown";
}

const char* rule_description(hazard_class c) {
  switch (c) {
    case hazard_class::read_after_write:
      return "A work-item reads memory another work-item of the tile wrote, with no barrier "
             "ordering the write before the read.";
    case hazard_class::write_after_read:
      return "A work-item overwrites memory another work-item of the tile read, with no barrier "
             "ordering the read before the write.";
    case hazard_class::write_after_write:
      return "Two work-items of a tile write the same memory with no barrier between the writes.";
    case hazard_class::fence_mismatch:
      return "A barrier separates two accesses but its memory fence does not cover the memory "
             "they touch (tile_static vs. global).";
    case hazard_class::uninitialized_read:
      return "A read of tile_static memory that no work-item of the tile wrote in this launch.";
    case hazard_class::barrier_divergence:
      return "Work-items of one tile reach different barriers, or a barrier a different number "
             "of times.";
    case hazard_class::inter_tile_race:
      return "Work-items of different tiles access the same global memory, at least one writing, "
             "without atomics; no barrier orders different tiles.";
    case hazard_class::out_of_bounds:
      return "An access outside an array/array_view's storage or a tile_static array.";
    case hazard_class::host_device_race:
      return "The host touched an array_view's data while a launch using it was still running.";
  }
  return "Unknown hazard.";
}

std::optional<hazard_class> parse_hazard_class(std::string_view name) {
  for (hazard_class c : all_hazard_classes) {
    if (name == to_string(c) || name == rule_id(c)) return c;
  }
  return std::nullopt;
}

namespace {
using site_key = std::tuple<std::string, int, int>;
site_key key_of(const source_site& s) {
  return {s.file, s.line, s.column};
}
}  // namespace

std::vector<hazard> deduplicate(const std::vector<hazard>& all) {
  // Keyed by class and both sites; the value is the index into `out`, so the
  // result keeps the order in which each distinct hazard was first seen.
  std::map<std::tuple<hazard_class, site_key, site_key>, std::size_t> seen;
  std::vector<hazard> out;
  for (const hazard& h : all) {
    auto key = std::make_tuple(h.kind, key_of(h.first), key_of(h.second));
    auto [it, inserted] = seen.emplace(key, out.size());
    if (inserted) {
      out.push_back(h);
      continue;
    }
    hazard& kept = out[it->second];
    kept.count += h.count;
    // A partial check anywhere makes the folded report partial too.
    kept.partial_check = kept.partial_check || h.partial_check;
  }
  return out;
}

}  // namespace ampcl::debug
