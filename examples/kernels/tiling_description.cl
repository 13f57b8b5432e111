#include <ampcl.clh>

// Same layout as struct Description in examples/tiling_description.hpp.
typedef struct {
  int value;
  int tileRow;
  int tileColumn;
  int globalRow;
  int globalColumn;
  int localRow;
  int localColumn;
} Description;

// TilingDescription's lambda, [=](tiled_index<2, 3> t_idx) restrict(amp).
// descriptions[t_idx] is the element at t_idx.global.
__kernel void tiling_description(AMPCL_VIEW(Description, descriptions)) {
  tiled_index2 t_idx = amp_tiled_index2();
  AV2_AT(descriptions, t_idx.global_).globalRow = t_idx.global_[0];
  AV2_AT(descriptions, t_idx.global_).globalColumn = t_idx.global_[1];
  AV2_AT(descriptions, t_idx.global_).tileRow = t_idx.tile[0];
  AV2_AT(descriptions, t_idx.global_).tileColumn = t_idx.tile[1];
  AV2_AT(descriptions, t_idx.global_).localRow = t_idx.local_[0];
  AV2_AT(descriptions, t_idx.global_).localColumn = t_idx.local_[1];
}
