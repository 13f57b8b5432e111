#include <ampcl.clh>

// What one work-item of a rank-3 tiled launch sees, in AMP order. Same layout as
// tiled_index_record in tiled_index_test.cpp.
typedef struct {
  int global_[3];
  int local_[3];
  int tile[3];
  int tile_origin[3];
  int tile_extent[3];
  int compile_time_tile[3];
} tiled_index_record;

// Each work-item stores its tiled_index at the element its global index names.
__kernel void record_tiled_index3(AMPCL_VIEW(tiled_index_record, records)) {
  const tiled_index3 t_idx = amp_tiled_index3();
  tiled_index_record r;
  for (int d = 0; d < 3; d++) {
    r.global_[d] = t_idx.global_[d];
    r.local_[d] = t_idx.local_[d];
    r.tile[d] = t_idx.tile[d];
    r.tile_origin[d] = t_idx.tile_origin[d];
    r.tile_extent[d] = t_idx.tile_extent[d];
  }
  r.compile_time_tile[0] = AMPCL_TILE0;
  r.compile_time_tile[1] = AMPCL_TILE1;
  r.compile_time_tile[2] = AMPCL_TILE2;
  AV3_AT(records, t_idx.global_) = r;
}
