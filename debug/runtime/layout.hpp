// Host-side view of the shadow runtime's buffers. Keep in sync with shadow.clh.
#pragma once

#include <algorithm>
#include <cstdint>

namespace ampcl::debug::layout {

// __ampcl_cfg (uint words)
inline constexpr std::uint32_t cfg_magic = 0;
inline constexpr std::uint32_t cfg_tile_stride = 1;
inline constexpr std::uint32_t cfg_slots = 2;
inline constexpr std::uint32_t cfg_slot_words = 3;  // ulongs per checked tile
inline constexpr std::uint32_t cfg_rec_capacity = 5;
inline constexpr std::uint32_t cfg_untiled = 6;
inline constexpr std::uint32_t cfg_items = 7;
inline constexpr std::uint32_t cfg_objects = 16;
inline constexpr std::uint32_t cfg_local_words = 4;   // bytes, log2 granule, entry offset, 0
inline constexpr std::uint32_t cfg_global_words = 8;  // bytes, span lo, span hi, log2 granule,
                                                      // entry offset, shadowed, 0, 0
inline constexpr std::uint32_t magic = 0x41524332u;   // "ARC2"

// __ampcl_rec (uint words)
inline constexpr std::uint32_t rec_count = 0;
inline constexpr std::uint32_t rec_dropped = 2;
inline constexpr std::uint32_t rec_hash = 1024;
inline constexpr std::uint32_t rec_keys = 136;
inline constexpr std::uint32_t rec_hits = rec_keys + rec_hash;
inline constexpr std::uint32_t rec_index = rec_hits + rec_hash;
inline constexpr std::uint32_t rec_first = rec_index + rec_hash;
inline constexpr std::uint32_t rec_words = 8;
inline constexpr std::uint32_t unknown_item = 0xFFFFFFFFu;
inline constexpr std::uint32_t unknown_local_item = 0xFFFFu;

// __ampcl_items: per work-item, then one 64-bit exit reference per tile
inline constexpr std::uint32_t item_words = 4;  // 0x80000000|barriers, hash, last barrier, exit
inline constexpr std::uint32_t item_exited = 0x80000000u;

// device_record::memory of the exit comparison's barrier-divergence records:
// items are global linear ids, epoch and object the two barrier counts.
inline constexpr std::uint32_t memory_exit = 2;

// Local memory the kernel prologue declares besides the shadow (scratch, votes,
// written-granule counts): AMPCL_SCRATCH_ULONGS, AMPCL_VOTE_WORDS and
// AMPCL_WRITTEN_WORDS (one per tile_static object, at most 32; the instrumenter's
// AMPCL_RC_NL is at least 1).
inline constexpr std::uint32_t scratch_ulongs = 64;
inline constexpr std::uint32_t vote_words = 12;
inline constexpr std::uint32_t max_written_words = 32;
inline constexpr std::uint64_t runtime_local_bytes(std::uint64_t tile_static_objects) {
  const std::uint64_t counts = std::clamp<std::uint64_t>(tile_static_objects, 1, max_written_words);
  return scratch_ulongs * 8 + vote_words * 4 + counts * 4;
}

// One record as the device writes it.
struct device_record {
  std::uint32_t cls = 0;     // hazard_class value
  std::uint32_t memory = 0;  // 0 tile_static, 1 global
  std::uint32_t site_first = 0, site_second = 0;
  std::uint32_t tile = 0;  // linear tile id, OpenCL order
  std::uint32_t item_first = 0,
                item_second = 0;  // tile_static: local linear; global: global linear
  std::uint32_t epoch = 0;
  std::uint32_t object = 0;
  std::uint64_t count = 1;
};

}  // namespace ampcl::debug::layout
