// Sizing the shadow state: full when it fits, a documented subset when not.
#include <gtest/gtest.h>

#include "shadow_launch.hpp"

using namespace ampcl::debug;

namespace {

instrument_result program_with_tile(std::uint64_t bytes) {
  instrument_result p;
  p.ok = true;
  tile_static_object t;
  t.name = "tile";
  t.bytes = bytes;
  t.granule = 4;
  p.tile_static.push_back(t);
  global_object g;
  g.name = "out";
  g.param_index = 0;
  g.element_bytes = 4;
  g.granule = 4;
  p.globals.push_back(g);
  return p;
}

ampcl::launch_record launch_of(std::size_t global, std::size_t local, std::size_t buffer_bytes) {
  ampcl::launch_record l;
  l.work_dim = 1;
  l.global[0] = global;
  l.local[0] = local;
  l.tiled = true;
  ampcl::launch_argument a;
  a.what = ampcl::launch_argument::kind::buffer;
  a.buffer = reinterpret_cast<cl_mem>(1);  // never dereferenced by the planner
  a.buffer_bytes = buffer_bytes;
  l.args.push_back(a);
  return l;
}

TEST(shadow_plan, small_launch_checks_every_tile_and_buffer) {
  auto p = program_with_tile(64 * 4);
  racecheck_options o;
  shadow_plan s = plan_shadow(p, launch_of(1024, 64, 4096), o);
  EXPECT_FALSE(s.partial);
  EXPECT_EQ(s.tiles, 16u);
  EXPECT_EQ(s.slots, 16u);
  EXPECT_EQ(s.tile_stride, 1u);
  EXPECT_EQ(s.global_words, std::uint64_t{layout::g_entry_words} * 1024u);
  // Fence epochs per work-item only where fence flags vary between work-items.
  EXPECT_EQ(s.items, 0u);
  EXPECT_EQ(s.item_buffer_words(), 0u);
  p.varying_fence_flags = true;
  s = plan_shadow(p, launch_of(1024, 64, 4096), o);
  EXPECT_EQ(s.items, 1024u);
  EXPECT_EQ(s.item_buffer_words(), 1024u * layout::item_words);
}

TEST(shadow_plan, big_launch_checks_a_subset_and_says_so) {
  auto p = program_with_tile(16 * 1024);
  racecheck_options o;
  o.shadow_budget_bytes = 1 << 20;
  shadow_plan s = plan_shadow(p, launch_of(1 << 20, 256, 4096), o);
  EXPECT_TRUE(s.partial);
  EXPECT_GT(s.tile_stride, 1u);
  EXPECT_LE(std::uint64_t{s.slots} * s.slot_words * 8, *o.shadow_budget_bytes / 2);
  EXPECT_NE(s.partial_reason.find("AMPCL_RACECHECK_SHADOW_MB"), std::string::npos);
}

TEST(shadow_plan, the_default_budget_is_the_devices) {
  constexpr std::uint64_t GiB = std::uint64_t{1} << 30;
  // NVIDIA H200 (141 GiB, a quarter of it in one allocation): half the largest allocation.
  EXPECT_EQ(device_shadow_budget(141 * GiB, 141 * GiB / 4), 141 * GiB / 8);
  // A CPU device that may allocate all of its memory at once: a quarter of it.
  EXPECT_EQ(device_shadow_budget(16 * GiB, 16 * GiB), 4 * GiB);
  // A small device gets a small budget, never more than it can allocate.
  EXPECT_EQ(device_shadow_budget(256u << 20, 64u << 20), std::size_t{32} << 20);
  // A device that does not say: the fallback.
  EXPECT_EQ(device_shadow_budget(0, 0), racecheck_options::fallback_shadow_budget);
}

TEST(shadow_plan, without_a_budget_the_plan_takes_the_fallback) {
  auto p = program_with_tile(16 * 1024);  // 64 KiB of tile shadow a tile in __global memory
  racecheck_options unset;
  // 4096 tiles need 256 MiB of slots: half of the 512 MiB fallback, so all are checked.
  EXPECT_FALSE(plan_shadow(p, launch_of(1 << 20, 256, 4096), unset).partial);
  // Twice as many tiles do not fit it.
  EXPECT_TRUE(plan_shadow(p, launch_of(1 << 21, 256, 8192), unset).partial);
}

TEST(shadow_plan, tile_static_shadow_goes_to_local_memory_where_it_fits) {
  auto p = program_with_tile(16 * 1024);  // 4096 granules: 64 KiB of shadow
  racecheck_options o;
  o.shadow_budget_bytes = 1 << 20;  // far too small for 4096 tiles in __global memory
  shadow_plan s = plan_shadow(p, launch_of(1 << 20, 256, 4096), o, 128 * 1024);
  EXPECT_FALSE(s.partial);  // every tile checked, in its own __local memory
  EXPECT_EQ(s.local_words, 2u * 4096u);
  EXPECT_EQ(s.slots, 0u);
  EXPECT_EQ(s.build_options(),
            "-DAMPCL_LSH_WORDS=8192 -DAMPCL_RC_TILE_X=256 -DAMPCL_RC_TILE_Y=1 -DAMPCL_RC_TILE_Z=1");
}

TEST(shadow_plan, tile_static_shadow_stays_global_without_room_or_when_disabled) {
  auto p = program_with_tile(16 * 1024);
  racecheck_options o;
  // 64 KiB shadow + 16 KiB of the kernel's own do not fit in 64 KiB
  shadow_plan s = plan_shadow(p, launch_of(4096, 256, 4096), o, 64 * 1024);
  EXPECT_EQ(s.local_words, 0u);
  EXPECT_EQ(s.slots, 16u);
  EXPECT_EQ(s.build_options(), "-DAMPCL_RC_TILE_X=256 -DAMPCL_RC_TILE_Y=1 -DAMPCL_RC_TILE_Z=1");
  o.local_shadow = false;
  EXPECT_EQ(plan_shadow(p, launch_of(4096, 256, 4096), o, 1 << 30).local_words, 0u);
}

// The instrumented kernel states the tile shape it is built for (reqd_work_group_size,
// shadow.clh's AMPCL_RC_KERNEL_SHAPE) where it has tile_static memory; a launch whose
// local size the driver picks has none to state.
TEST(shadow_plan, the_tile_shape_is_stated_only_where_the_launch_gives_it) {
  auto p = program_with_tile(64);
  ampcl::launch_record l = launch_of(64 * 16, 0, 4096);
  l.work_dim = 2;
  l.global[1] = 32;
  l.local[0] = 16;
  l.local[1] = 8;
  EXPECT_NE(plan_shadow(p, l, racecheck_options{})
                .build_options()
                .find("-DAMPCL_RC_TILE_X=16 -DAMPCL_RC_TILE_Y=8 -DAMPCL_RC_TILE_Z=1"),
            std::string::npos);
  // A kernel without tile_static memory gains nothing from it.
  ampcl::debug::instrument_result no_tile = p;
  no_tile.tile_static.clear();
  EXPECT_EQ(plan_shadow(no_tile, l, racecheck_options{}).build_options().find("AMPCL_RC_TILE"),
            std::string::npos);
  l.tiled = false;
  l.local[0] = l.local[1] = 0;
  EXPECT_EQ(plan_shadow(p, l, racecheck_options{}).build_options().find("AMPCL_RC_TILE"),
            std::string::npos);
}

TEST(shadow_plan, odd_element_sizes_get_a_power_of_two_granule) {
  auto p = program_with_tile(12 * 8);  // eight 12-byte structs
  p.tile_static[0].granule = 12;
  shadow_plan s = plan_shadow(p, launch_of(64, 16, 4096), racecheck_options{});
  EXPECT_EQ(s.slot_words, 2u * 24u);                            // 4-byte granules: 96 / 4
  EXPECT_EQ(s.cfg[ampcl::debug::layout::cfg_objects + 1], 2u);  // log2(4)
}

TEST(shadow_plan, const_buffers_get_no_shadow) {
  auto p = program_with_tile(4);
  p.globals[0].is_const = true;
  shadow_plan s = plan_shadow(p, launch_of(64, 16, 1 << 20), racecheck_options{});
  EXPECT_EQ(s.global_words, 0u);
}

}  // namespace

namespace {

// An owned buffer (owned_elements.hpp) goes without a shadow only where the launch
// keeps what that takes; else the program is built with AMPCL_SHADOW_ALL.
instrument_result owned_program(std::uint32_t dims) {
  auto p = program_with_tile(4);
  p.tile_static.clear();
  p.globals[0].owned_dims = dims;
  return p;
}

ampcl::launch_record launch_2d(std::size_t cols, std::size_t rows) {
  auto l = launch_of(cols * rows, 1, cols * rows * 4);
  l.work_dim = 2;
  l.global[0] = cols;
  l.global[1] = rows;
  l.tiled = false;
  return l;
}

TEST(shadow_plan, an_owned_buffer_has_no_shadow_where_only_its_dimensions_vary) {
  const racecheck_options o;
  shadow_plan s = plan_shadow(owned_program(1), launch_2d(256, 1), o);
  EXPECT_FALSE(s.shadow_all);
  EXPECT_EQ(s.global_words, 0u);
  EXPECT_EQ(s.build_options().find("AMPCL_SHADOW_ALL"), std::string::npos);
  s = plan_shadow(owned_program(3), launch_2d(16, 16), o);
  EXPECT_FALSE(s.shadow_all);
  EXPECT_EQ(s.global_words, 0u);
  // a second dimension the buffer's form does not name
  s = plan_shadow(owned_program(1), launch_2d(16, 2), o);
  EXPECT_TRUE(s.shadow_all);
  EXPECT_GT(s.global_words, 0u);
  EXPECT_NE(s.build_options().find("-DAMPCL_SHADOW_ALL=1"), std::string::npos);
}

TEST(shadow_plan, an_owned_buffer_sharing_memory_undefined_or_switched_off_has_a_shadow) {
  auto twice = launch_2d(256, 1);
  twice.args.push_back(twice.args[0]);  // one buffer passed again
  EXPECT_TRUE(plan_shadow(owned_program(1), twice, racecheck_options{}).shadow_all);
  racecheck_options undefined;
  undefined.uninitialized.push_back(launch_2d(256, 1).args[0].buffer);
  EXPECT_TRUE(plan_shadow(owned_program(1), launch_2d(256, 1), undefined).shadow_all);
  racecheck_options off;
  off.owned = false;
  shadow_plan s = plan_shadow(owned_program(1), launch_2d(256, 1), off);
  EXPECT_TRUE(s.shadow_all);
  EXPECT_GT(s.global_words, 0u);
}

TEST(shadow_plan, read_only_subscripts_need_every_shadow_where_a_read_only_buffer_has_one) {
  auto p = owned_program(0);
  p.globals[0].read_only_subscripts = true;
  p.globals[0].never_written = true;
  EXPECT_FALSE(plan_shadow(p, launch_2d(256, 4), racecheck_options{}).shadow_all);
  // an unknown store may reach it: the plan shadows it, so the build must check it
  p.globals[0].never_written = false;
  EXPECT_TRUE(plan_shadow(p, launch_2d(256, 4), racecheck_options{}).shadow_all);
  p.globals[0].is_const = true;
  EXPECT_FALSE(plan_shadow(p, launch_2d(256, 4), racecheck_options{}).shadow_all);
  // a written argument on its buffer
  global_object out = p.globals[0];
  out.name = "out";
  out.is_const = out.read_only_subscripts = false;
  out.param_index = 1;
  p.globals.push_back(out);
  auto l = launch_2d(256, 4);
  l.args.push_back(l.args[0]);
  EXPECT_TRUE(plan_shadow(p, l, racecheck_options{}).shadow_all);
}

}  // namespace
