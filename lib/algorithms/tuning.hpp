// The kernel library's tuned parameters: one table for every routine and device,
// as CLBlast keeps its database, and the environment variables that override it.
// A routine (lib/algorithms/<op>.cpp) asks here for its parameters and keeps its
// own variant choice, -D strings and geometry. docs/tuning.md holds the
// measurements behind the values.
#pragma once

#include <ampcl/accelerator.hpp>
#include <ampcl/gemm.hpp>
#include <string>

namespace ampcl::detail {

// gemm: up to three tilings, largest first; a call takes the first that gives
// every compute unit a work-group.
struct gemm_tuning {
  gemm_params tiers[3];
  int count = 1;
};

// transpose: the GPU kernel's tile (TILE x TILE elements, ROWS work-item rows, VEC
// elements per load); `tile` 0 picks the CPU kernel, transpose_lines, whose tile
// per work-item (cpu_tile_rows x cpu_tile_cols, multiples of 16) and group of
// cpu_group_x x cpu_group_y items are below it. cpu_nt: 1 non-temporal stores, 2
// only for outputs of 4 MiB and more. cpu_walk_rows: 1 walk along the input's rows
// with prefetches, 2 only where the input exceeds half the device's cache.
struct transpose_tuning {
  int tile = 64, rows = 16, vec = 4;
  int cpu_tile_rows = 128, cpu_tile_cols = 64, cpu_group_x = 1, cpu_group_y = 4;
  int cpu_nt = 2, cpu_walk_rows = 2;
};

// reduce: work-group size (a power of two), groups per compute unit in the first
// pass, and the float4s each work-item should fold at least.
struct reduce_tuning {
  int group_size = 256, groups_per_unit = 8, min_vectors_per_item = 16;
};

// transform: work-items per group, each mapping four elements.
struct transform_tuning {
  int group_size = 256;
};

// One row per device family: all routines' parameters.
struct device_tuning {
  const char* key;  // substring of "<platform> / <device>" (lower case); "" any device
  bool cpu;         // the row applies to CPU devices, else to the others
  gemm_tuning gemm;
  transpose_tuning transpose;
  reduce_tuning reduce;
  transform_tuning transform;
};

// The table's row for `view`'s device: the first whose key and type match.
const device_tuning& tuning_row(const accelerator_view& view);

// Each routine's parameters on `view`: the environment's override, else the row's.
// `source`, when given, says which ("AMPCL_GEMM_PARAMS", "table: nvidia").
// A malformed override throws runtime_exception naming the variable.
gemm_tuning gemm_tuning_for(const accelerator_view& view, std::string* source = nullptr);
transpose_tuning transpose_tuning_for(const accelerator_view& view);
inline reduce_tuning reduce_tuning_for(const accelerator_view& view) {
  return tuning_row(view).reduce;
}
inline transform_tuning transform_tuning_for(const accelerator_view& view) {
  return tuning_row(view).transform;
}

}  // namespace ampcl::detail
