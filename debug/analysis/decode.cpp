#include "decode.hpp"

namespace ampcl::debug::detail {

namespace {

void split(std::uint32_t linear, const std::size_t size[3], std::size_t ocl[3]) {
  ocl[0] = linear % size[0];
  ocl[1] = (linear / size[0]) % size[1];
  ocl[2] = linear / (size[0] * size[1]);
}

void to_amp(const launch_shape& l, const std::size_t ocl[3], int out[3]) {
  const int rank = static_cast<int>(l.work_dim);
  for (int d = 0; d < 3; ++d) out[d] = 0;
  for (int d = 0; d < rank; ++d) out[d] = static_cast<int>(ocl[rank - 1 - d]);
}

}  // namespace

void tile_index(const launch_shape& l, std::uint32_t tile, int out[3]) {
  std::size_t groups[3] = {l.groups(0), l.groups(1), l.groups(2)}, ocl[3];
  split(tile, groups, ocl);
  to_amp(l, ocl, out);
}

void local_index(const launch_shape& l, std::uint32_t local_linear, int out[3]) {
  std::size_t ocl[3];
  split(local_linear, l.local, ocl);
  to_amp(l, ocl, out);
}

void global_index(const launch_shape& l, std::uint32_t global_linear, int out[3]) {
  std::size_t ocl[3];
  split(global_linear, l.global, ocl);
  to_amp(l, ocl, out);
}

void local_of_global(const launch_shape& l, std::uint32_t global_linear, int out[3]) {
  std::size_t ocl[3];
  split(global_linear, l.global, ocl);
  for (int d = 0; d < 3; ++d) ocl[d] %= l.local[d];
  to_amp(l, ocl, out);
}

source_site site_of(const instrument_result& p, std::uint32_t id) {
  source_site s;
  if (const site_info* i = p.site(id)) {
    s.file = i->file;
    s.line = i->line;
    s.column = i->column;
    s.access = to_string(i->kind);
  }
  return s;
}

std::string variable_of(const instrument_result& p, const layout::device_record& r) {
  if (r.memory == layout::memory_local && r.object < p.tile_static.size())
    return p.tile_static[r.object].name;
  if (r.memory == layout::memory_global && r.object < p.globals.size())
    return p.globals[r.object].name;
  const site_info* s = p.site(r.site_second);
  return s ? s->variable : std::string();
}

std::string index_text(int rank, const int idx[3]) {
  std::string t = "(";
  for (int d = 0; d < rank; ++d) t += (d ? ", " : "") + std::to_string(idx[d]);
  return t + ")";
}

bool is_copy_item(std::uint32_t memory, std::uint32_t item) {
  if (memory == layout::memory_local) return item == AMPCL_COPY_LOCAL_ITEM;
  return memory == layout::memory_global && item != layout::unknown_item &&
         (item & AMPCL_COPY_ITEM_BIT) != 0;
}

hazard from_record(const analysis_input& in, const layout::device_record& r, hazard_class c) {
  const instrument_result& p = *in.program;
  hazard h;
  h.kind = c;
  h.kernel = p.kernel_name;
  h.variable = variable_of(p, r);
  h.memory = r.memory == layout::memory_local ? "tile_static" : "global";
  // A hazard with one access (uninitialized read, out of bounds) has it in `first`.
  h.first = site_of(p, r.site_first ? r.site_first : r.site_second);
  if (r.site_first) h.second = site_of(p, r.site_second);
  h.rank = static_cast<int>(in.launch.work_dim);
  tile_index(in.launch, r.tile, h.tile);
  const bool local = r.memory == layout::memory_local;
  const bool unknown_a =
      local ? r.item_first == layout::unknown_local_item : r.item_first == layout::unknown_item;
  if (local) {
    if (!unknown_a) local_index(in.launch, r.item_first, h.item_a);
    local_index(in.launch, r.item_second, h.item_b);
  } else if (c == hazard_class::inter_tile_race || !in.launch.tiled) {
    if (!unknown_a) global_index(in.launch, r.item_first, h.item_a);
    global_index(in.launch, r.item_second, h.item_b);
  } else {
    if (!unknown_a) local_of_global(in.launch, r.item_first, h.item_a);
    local_of_global(in.launch, r.item_second, h.item_b);
  }
  if (unknown_a)
    for (int& v : h.item_a) v = -1;
  if (is_copy_item(r.memory, r.item_first))
    for (int& v : h.item_a) v = copy_index;
  if (is_copy_item(r.memory, r.item_second))
    for (int& v : h.item_b) v = copy_index;
  h.barrier_interval = static_cast<int>(r.epoch);
  h.count = r.count;
  h.partial_check = in.partial;
  return h;
}

}  // namespace ampcl::debug::detail
