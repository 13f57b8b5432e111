// The shadow runtime's buffers as the host sees them: C++ names for the
// contract's layout (contract.h, shared with shadow.clh).
#pragma once

#include <algorithm>
#include <ampcl/detail/settings.hpp>
#include <cstdint>

#include "contract.h"

namespace ampcl::debug::layout {

// __ampcl_cfg (uint words)
inline constexpr std::uint32_t cfg_magic = AMPCL_CFG_MAGIC;
inline constexpr std::uint32_t cfg_tile_stride = AMPCL_CFG_TILE_STRIDE;
inline constexpr std::uint32_t cfg_slots = AMPCL_CFG_SLOTS;
inline constexpr std::uint32_t cfg_slot_words = AMPCL_CFG_SLOT_WORDS;
inline constexpr std::uint32_t cfg_rec_capacity = AMPCL_CFG_REC_CAPACITY;
inline constexpr std::uint32_t cfg_untiled = AMPCL_CFG_UNTILED;
inline constexpr std::uint32_t cfg_items = AMPCL_CFG_ITEMS;
inline constexpr std::uint32_t cfg_objects = AMPCL_CFG_OBJECTS;
inline constexpr std::uint32_t cfg_local_words = AMPCL_CFG_LOCAL_WORDS;
inline constexpr std::uint32_t cfg_global_words = AMPCL_CFG_GLOBAL_WORDS;
inline constexpr std::uint32_t magic = AMPCL_CFG_MAGIC_VALUE;
inline constexpr std::uint32_t cfg_flags = AMPCL_CFG_FLAGS;
inline constexpr std::uint32_t cfg_gs_base = AMPCL_CFG_GS_BASE;
inline constexpr std::uint32_t cfg_gs_zero = AMPCL_CFG_GS_ZERO;
inline constexpr std::uint32_t cfg_gs_zero_words = AMPCL_CFG_GS_ZERO_WORDS;
inline constexpr std::uint32_t cfg_gs_dirty = AMPCL_CFG_GS_DIRTY;
inline constexpr std::uint32_t cfg_gs_zero_dirty = AMPCL_CFG_GS_ZERO_DIRTY;
inline constexpr std::uint32_t gs_page_words = AMPCL_GS_PAGE_WORDS;
inline constexpr std::uint32_t cfg_report_same_value = AMPCL_CFG_REPORT_SAME_VALUE;
// 1: report same-value stores (ampcl-racecheck --report-same-value-writes).
inline constexpr const char* report_same_value_env =
    ampcl::detail::settings::name(ampcl::detail::settings::id::racecheck_report_same_value);
// __ampcl_gs: 64-bit words per granule of a shadowed global buffer
inline constexpr std::uint32_t g_entry_words = AMPCL_G_ENTRY_WORDS;

// __ampcl_rec (uint words)
inline constexpr std::uint32_t rec_count = AMPCL_REC_COUNT;
inline constexpr std::uint32_t rec_dropped = AMPCL_REC_DROPPED;
inline constexpr std::uint32_t rec_hash = AMPCL_REC_HASH;
inline constexpr std::uint32_t rec_keys = AMPCL_REC_KEYS;
inline constexpr std::uint32_t rec_hits = AMPCL_REC_HITS;
inline constexpr std::uint32_t rec_index = AMPCL_REC_INDEX;
inline constexpr std::uint32_t rec_first = AMPCL_REC_FIRST;
inline constexpr std::uint32_t rec_words = AMPCL_REC_WORDS;
inline constexpr std::uint32_t unknown_item = AMPCL_UNKNOWN_ITEM;
inline constexpr std::uint32_t unknown_local_item = AMPCL_UNKNOWN_LOCAL_ITEM;

// A record's words (record_field::site_first, ...).
enum record_field : std::uint32_t {
#define AMPCL_RECORD_FIELD(field, word) field = word,
  AMPCL_RECORD_FIELDS(AMPCL_RECORD_FIELD)
#undef AMPCL_RECORD_FIELD
};

// device_record::memory
inline constexpr std::uint32_t memory_local = AMPCL_MEM_LOCAL;
inline constexpr std::uint32_t memory_global = AMPCL_MEM_GLOBAL;
inline constexpr std::uint32_t memory_exit = AMPCL_MEM_EXIT;

// __ampcl_items: per work-item, in programs with varying fence flags
inline constexpr std::uint32_t item_words = AMPCL_ITEM_WORDS;

// Local memory the kernel prologue declares besides the shadow.
inline constexpr std::uint32_t scratch_ulongs = AMPCL_SCRATCH_ULONGS;
inline constexpr std::uint32_t vote_words = AMPCL_VOTE_WORDS;
inline constexpr std::uint32_t max_written_words = AMPCL_MAX_WRITTEN_WORDS;
inline constexpr std::uint64_t runtime_local_bytes(std::uint64_t tile_static_objects) {
  const std::uint64_t counts = std::clamp<std::uint64_t>(tile_static_objects, 1, max_written_words);
  return scratch_ulongs * 8 + vote_words * 4 + counts * 4;
}

// The extra kernel parameters (the shadow buffers), by position.
enum extra_param : int {
#define AMPCL_EXTRA_PARAM_INDEX(id, name, type, host_type, read_only) extra_##id,
  AMPCL_EXTRA_PARAMS(AMPCL_EXTRA_PARAM_INDEX)
#undef AMPCL_EXTRA_PARAM_INDEX
      extra_param_count
};

// Buffers whose contents are undefined when a launch starts (a .sim file's
// `noinit`): the launcher names them in this environment variable, as their cl_mem
// handles in hexadecimal separated by spaces, for the launches it makes; a read of
// one before any work-item wrote it there is reported as an uninitialized read.
inline constexpr const char* uninitialized_buffers_env =
    ampcl::detail::settings::name(ampcl::detail::settings::id::racecheck_uninitialized);

// One record as the device writes it.
struct device_record {
  std::uint32_t cls = 0;     // hazard_class value
  std::uint32_t memory = 0;  // memory_local, memory_global or memory_exit
  std::uint32_t site_first = 0, site_second = 0;
  std::uint32_t tile = 0;  // linear tile id, OpenCL order
  std::uint32_t item_first = 0,
                item_second = 0;  // tile_static: local linear; global: global linear
  std::uint32_t epoch = 0;
  std::uint32_t object = 0;
  std::uint64_t count = 1;
};

}  // namespace ampcl::debug::layout
